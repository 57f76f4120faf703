import { describe, expect, it } from 'vitest';
import { countWordCharacters } from './word-characters.js';

describe('countWordCharacters', () => {
  it('counts ASCII letters and digits, not spaces or punctuation', () => {
    expect(countWordCharacters('Hello, World 42! _-@[`{')).toBe(12);
  });

  it('counts letters and digits of every script once per code point', () => {
    expect(countWordCharacters('é ñ 中文 ٣ ２')).toBe(6);
    expect(countWordCharacters('𝐀𝐁 𠀀')).toBe(3);
  });

  it('counts no lone surrogate, nor a mark or symbol', () => {
    expect(countWordCharacters('\uD800x\uDC00 \u0301 © ✓')).toBe(1);
  });

  it('counts what matching every letter and digit counts', () => {
    const text = 'Ünïcødé — ελληνικά, русский, עברית, हिन्दी 123 ½ ⅷ 𝟘';
    expect(countWordCharacters(text)).toBe((text.match(/[\p{L}\p{N}]/gu) ?? []).length);
  });
});
