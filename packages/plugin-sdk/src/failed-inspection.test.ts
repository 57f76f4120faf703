import { TransmuteError } from '@transmute/contract';
import { describe, expect, it } from 'vitest';
import { toFailedInspection } from './failed-inspection.js';

describe('toFailedInspection', () => {
  it('keeps a failure code, maps other codes to corrupt_file and rethrows what is no TransmuteError', () => {
    expect(toFailedInspection(new TransmuteError('too_many_pages', '600 pages'))).toEqual({
      ok: false,
      code: 'too_many_pages',
      detail: '600 pages',
    });
    expect(toFailedInspection(new TransmuteError('not_found', 'gone'))).toEqual({
      ok: false,
      code: 'corrupt_file',
      detail: 'gone',
    });
    const bug = new TypeError('bug');
    expect(() => toFailedInspection(bug)).toThrow(bug);
  });
});
