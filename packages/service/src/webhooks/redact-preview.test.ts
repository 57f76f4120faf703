import { describe, expect, it } from 'vitest';
import { RESPONSE_PREVIEW_LENGTH, toResponsePreview } from './redact-preview.js';

describe('toResponsePreview', () => {
  it('strips control characters', () => {
    expect(toResponsePreview('a\u0000b\u0007c\u009fd\r\ne\tf')).toBe('abcd e f');
  });

  it.each([
    ['{"token":"abc123def456"}', '{"token":"****"}'],
    ['password=hunter22&x=1', 'password=****&x=1'],
    ['Authorization: Bearer abcdefgh12345678', 'Authorization: Bearer ****'],
    ['key whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw end', 'key whsec_**** end'],
    ['sk_live_51Habcdefghijklmnop', 'sk_****'],
    ['jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl ok', 'jwt **** ok'],
    ['aws AKIAIOSFODNN7EXAMPLE', 'aws ****'],
    ['id 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a', 'id ****'],
  ])('masks secret-looking strings in %s', (input, expected) => {
    expect(toResponsePreview(input)).toBe(expected);
  });

  it('keeps ordinary text and cuts at 512 characters', () => {
    expect(toResponsePreview('{"received":true,"status":"ok"}')).toBe('{"received":true,"status":"ok"}');
    const long = toResponsePreview('word '.repeat(500));
    expect(long).toHaveLength(RESPONSE_PREVIEW_LENGTH);
    expect(toResponsePreview('x'.repeat(511) + '😀')).toHaveLength(511);
  });
});
