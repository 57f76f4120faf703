import { describe, expect, it } from 'vitest';
import { firstItems } from '../src/internal/first-items.js';
import type { ReadContext } from '../src/internal/format-reader.js';

function contextWith(warnings: string[]): ReadContext {
  return {
    signal: new AbortController().signal,
    limits: {},
    warn: (code, detail) => warnings.push(`${code}: ${detail}`),
  };
}

describe('firstItems', () => {
  it('keeps the first items past the maximum and says how many the file held', () => {
    const warnings: string[] = [];
    expect(firstItems([1, 2, 3, 4], 3, 'contacts', 'book.vcf', contextWith(warnings))).toEqual([1, 2, 3]);
    expect(warnings).toEqual(['contacts_truncated: book.vcf holds 4 contacts; the first 3 are read.']);
  });

  it('warns of nothing when all items are read', () => {
    const warnings: string[] = [];
    expect(firstItems([1, 2, 3], 3, 'entries', 'a.ics', contextWith(warnings))).toEqual([1, 2, 3]);
    expect(warnings).toEqual([]);
  });
});
