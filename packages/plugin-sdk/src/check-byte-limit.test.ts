import { isTransmuteError } from '@transmute/contract';
import { describe, expect, it } from 'vitest';
import { assertWithinByteLimit, checkByteLimit } from './check-byte-limit.js';

describe('checkByteLimit', () => {
  it('passes a file of exactly the limit', () => {
    expect(checkByteLimit({ sizeBytes: 10 }, 10)).toBeUndefined();
  });

  it('fails a file one byte over the limit with source_too_large, naming the file as asked', () => {
    expect(checkByteLimit({ sizeBytes: 11 }, 10, 'archive')).toEqual({
      ok: false,
      code: 'source_too_large',
      detail: 'The archive has 11 bytes; the limit is 10.',
    });
  });
});

describe('assertWithinByteLimit', () => {
  it('throws source_too_large over the limit and nothing within it', () => {
    expect(() => assertWithinByteLimit({ sizeBytes: 10 }, 10)).not.toThrow();
    let caught: unknown;
    try {
      assertWithinByteLimit({ sizeBytes: 11 }, 10);
    } catch (error) {
      caught = error;
    }
    expect(isTransmuteError(caught) && caught.code).toBe('source_too_large');
    expect((caught as Error).message).toBe('The file has 11 bytes; the limit is 10.');
  });
});
