import { describe, expect, it } from 'vitest';
import { newId } from './ids.js';

describe('newId', () => {
  it('makes 24 base62 characters after the prefix, unique', () => {
    const ids = Array.from({ length: 5000 }, () => newId('job'));
    for (const id of ids) expect(id).toMatch(/^job_[A-Za-z0-9]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sorts in creation order, within one millisecond too, as bytes and case-folded', () => {
    const ids = Array.from({ length: 3000 }, () => newId('file')); // many share a millisecond
    const byBytes = [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(byBytes).toEqual(ids);
    const prefix = (id: string) => id.slice(0, 'file_'.length + 11);
    const folded = [...ids].sort((a, b) => prefix(a).localeCompare(prefix(b), 'en-US'));
    expect(folded.map(prefix)).toEqual(ids.map(prefix));
  });

  it('keeps order when the clock steps back', () => {
    const realNow = Date.now;
    try {
      const first = newId('evt');
      Date.now = () => realNow() - 60_000;
      const second = newId('evt');
      expect(second > first).toBe(true);
    } finally {
      Date.now = realNow;
    }
  });
});
