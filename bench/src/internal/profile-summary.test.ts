import { describe, expect, it } from 'vitest';
import { placeOf, summariseProfile, type CpuProfile } from './profile-summary.js';

const STORE =
  'file:///repo/node_modules/.pnpm/kysely@0.28.0/node_modules/kysely/dist/dialect/sqlite/sqlite-driver.js';

/** A profile of five samples 100 µs apart: idle, an fs submit, Kysely's driver twice, our file. */
function profile(): CpuProfile {
  return {
    nodes: [
      { id: 1, callFrame: { functionName: '(idle)', url: '', lineNumber: -1 } },
      { id: 2, callFrame: { functionName: 'openFileHandle', url: '', lineNumber: -1 } },
      { id: 3, callFrame: { functionName: 'executeQuery', url: STORE, lineNumber: 55 } },
      {
        id: 4,
        callFrame: {
          functionName: 'claimJob',
          url: 'file:///repo/packages/service/src/worker/claim-job.ts',
          lineNumber: 9,
        },
      },
    ],
    startTime: 1_000,
    endTime: 1_500,
    samples: [1, 2, 3, 3, 4],
    timeDeltas: [100, 100, 100, 100, 100],
  };
}

describe('summariseProfile', () => {
  it("shares a window's busy samples by place and by function, idle left out", () => {
    const summary = summariseProfile(profile());
    expect(summary).toMatchObject({ samples: 5, busy: 4 });
    expect(summary.byPlace).toEqual([
      { name: 'kysely', samples: 2, percent: 50 },
      { name: 'native openFileHandle', samples: 1, percent: 25 },
      { name: 'packages/service/src/worker/claim-job.ts', samples: 1, percent: 25 },
    ]);
    expect(summary.byFunction[0]).toEqual({
      name: 'executeQuery kysely/dist/dialect/sqlite/sqlite-driver.js:56',
      samples: 2,
      percent: 50,
    });
  });

  it('reads only the samples inside the window', () => {
    // Samples fall at 1 100 … 1 500: the window keeps 1 300 and 1 400 (Kysely's two).
    const summary = summariseProfile(profile(), { from: 1_250, to: 1_450 });
    expect(summary).toMatchObject({ samples: 2, busy: 2 });
    expect(summary.byPlace).toEqual([{ name: 'kysely', samples: 2, percent: 100 }]);
  });

  it("names Node's modules by their first parts", () => {
    expect(placeOf({ functionName: 'readFileHandle', url: 'node:internal/fs/promises' })).toBe(
      'node:fs/promises',
    );
    expect(placeOf({ functionName: '(garbage collector)', url: '' })).toBe('(garbage collector)');
  });
});
