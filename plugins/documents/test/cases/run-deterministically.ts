/** The instant every generated fixture is dated: writers stamp `Date.now()` into parts and zip entries. */
export const FIXTURE_INSTANT = Date.UTC(2026, 0, 15, 9, 30, 0);

/** Mulberry32: a tiny seeded PRNG, so ids the writers draw from `Math.random` repeat run after run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Runs a writer with a fixed clock and a seeded `Math.random`, then restores both. The writer
 * libraries (docx, exceljs, pptxgenjs, JSZip, archiver) date parts and zip entries with the clock
 * and draw relationship ids and chart ids from `Math.random` without a way to pass either in, and
 * a regenerated fixture must come out byte for byte the same so that its diff shows only real
 * changes.
 */
export async function runDeterministically<TResult>(write: () => Promise<TResult>): Promise<TResult> {
  const RealDate = globalThis.Date;
  const realRandom = Math.random;
  class FixedDate extends RealDate {
    constructor(...args: ConstructorParameters<DateConstructor> | []) {
      if (args.length === 0) super(FIXTURE_INSTANT);
      else super(...args);
    }
    static override now(): number {
      return FIXTURE_INSTANT;
    }
  }
  globalThis.Date = FixedDate as DateConstructor;
  Math.random = seededRandom(FIXTURE_INSTANT);
  try {
    return await write();
  } finally {
    globalThis.Date = RealDate;
    Math.random = realRandom;
  }
}
