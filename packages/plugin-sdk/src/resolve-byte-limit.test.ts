import { describe, expect, it } from 'vitest';
import { resolveByteLimit } from './resolve-byte-limit.js';

describe('resolveByteLimit', () => {
  it('takes the job or operator limit over the manifest default', () => {
    expect(resolveByteLimit({ maximum_bytes: 100 }, { maximum_bytes: 7 })).toBe(7);
  });

  it('falls back to the manifest default when the limits carry none', () => {
    expect(resolveByteLimit({ maximum_bytes: 100 }, { maximum_pages: 3 })).toBe(100);
    expect(resolveByteLimit({ maximum_bytes: 100 })).toBe(100);
  });

  it('is unlimited only when neither declares a limit', () => {
    expect(resolveByteLimit({}, {})).toBe(Number.POSITIVE_INFINITY);
  });
});
