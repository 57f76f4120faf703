import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ACTIVE_JOB_STATUSES,
  READ_ONLY_ACCOUNT_STATUSES,
  SETTLED_OUTPUT_STATUSES,
  TERMINAL_JOB_STATUSES,
  UNSETTLED_FILE_STATUSES,
} from '../../packages/contract/src/index.js';

// The Python client's status groups, read by Python itself from the installed-layout package: the
// generated module holds the contract's groups, and the helpers that wait use those very objects.

const CLIENT_DIR = fileURLToPath(new URL('../../packages/client-python', import.meta.url));

const PROGRAM = `
import json
from transmute import _helpers, _models
names = ["TERMINAL_JOB_STATUSES", "ACTIVE_JOB_STATUSES", "SETTLED_OUTPUT_STATUSES",
         "UNSETTLED_FILE_STATUSES", "READ_ONLY_ACCOUNT_STATUSES"]
print(json.dumps({
    "groups": {name: sorted(getattr(_models, name)) for name in names},
    "helpers_use_generated": _helpers.TERMINAL_JOB_STATUSES is _models.TERMINAL_JOB_STATUSES
        and _helpers.UNSETTLED_FILE_STATUSES is _models.UNSETTLED_FILE_STATUSES,
}))
`;

describe('the Python client status groups', () => {
  it('are the contract status groups, and the waiting helpers use them', () => {
    const output = execFileSync('python3', ['-c', PROGRAM], { cwd: CLIENT_DIR, encoding: 'utf8' });
    const read = JSON.parse(output) as { groups: Record<string, string[]>; helpers_use_generated: boolean };
    const sorted = (values: readonly string[]): string[] => [...values].sort();
    expect(read.groups).toEqual({
      TERMINAL_JOB_STATUSES: sorted(TERMINAL_JOB_STATUSES),
      ACTIVE_JOB_STATUSES: sorted(ACTIVE_JOB_STATUSES),
      SETTLED_OUTPUT_STATUSES: sorted(SETTLED_OUTPUT_STATUSES),
      UNSETTLED_FILE_STATUSES: sorted(UNSETTLED_FILE_STATUSES),
      READ_ONLY_ACCOUNT_STATUSES: sorted(READ_ONLY_ACCOUNT_STATUSES),
    });
    expect(read.helpers_use_generated).toBe(true);
  });
});
