import { describe, expect, it } from 'vitest';

describe('@transmute/engine exports', () => {
  it('exports exactly the public API', async () => {
    expect(Object.keys(await import('../src/index.js')).sort()).toEqual(
      [
        'createSafeFetch',
        'safeFetch',
        'SafeFetchError',
        'SAFE_FETCH_ERROR_CODES',
        'isSafeFetchError',
        'checkUrlAllowed',
        'getBlockedAddressReason',
        'isPublicAddress',
        'systemResolver',
        'createEngine',
        'chunkDocument',
        'DEFAULT_CHUNK_TOKENS',
        'DEFAULT_OVERLAP_TOKENS',
        'countTokens',
        'normalizeDocument',
        'readTextSource',
        'TEXT_MEDIA_TYPES',
        'isTextMediaType',
        'toCanonicalMediaType',
        'SUPPORTED_LANGUAGES',
        'sniffMediaType',
      ].sort(),
    );
  });
});
