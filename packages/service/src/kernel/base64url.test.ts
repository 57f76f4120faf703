import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeBase64url } from './base64url.js';

describe('decodeBase64url', () => {
  it('decodes what Buffer encodes, at every length', () => {
    for (let length = 0; length < 40; length += 1) {
      const bytes = randomBytes(length);
      expect(decodeBase64url(bytes.toString('base64url'))).toEqual(bytes);
    }
  });

  it('refuses characters outside the alphabet, padding and non-canonical spellings', () => {
    const text = Buffer.from('a signed value!').toString('base64url'); // 15 bytes: 20 characters
    const short = Buffer.from([0xff]).toString('base64url'); // "_w": 4 unused bits
    for (const tampered of [`${text}~~`, `${text}=`, `${text}.`, ` ${text}`, `${text}+`, `${short}==`, 'A'])
      expect(decodeBase64url(tampered), tampered).toBeNull();
    // "_x" decodes to the same byte as "_w" (only unused bits differ).
    expect(Buffer.from('_x', 'base64url')).toEqual(Buffer.from([0xff]));
    expect(decodeBase64url('_x')).toBeNull();
  });
});
