import { describe, expect, it } from 'vitest';
import { toSafePath } from './safe-path.js';

describe('toSafePath', () => {
  it('normalizes relative paths', () => {
    expect(toSafePath('./a//b\\c.txt')).toBe('a/b/c.txt');
  });

  for (const name of ['../evil', 'a/../../evil', '/etc/passwd', 'C:/Windows/x', '..\\..\\evil', 'a\u0000b']) {
    it(`refuses ${JSON.stringify(name)} with archive_unsafe`, () => {
      expect(() => toSafePath(name)).toThrow(expect.objectContaining({ code: 'archive_unsafe' }));
    });
  }
});
