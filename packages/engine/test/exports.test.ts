import { describe, expect, it } from 'vitest';

describe('@transmute/engine exports', () => {
  it('exports exactly the public API', async () => {
    expect(Object.keys(await import('../src/index.js')).sort()).toEqual(
      ['createEngine', 'chunkDocument', 'normalizeDocument', 'readTextSource', 'sniffMediaType'].sort(),
    );
  });

  it('exports exactly the SSRF-safe outbound client at ./net', async () => {
    expect(Object.keys(await import('../src/net.js')).sort()).toEqual(
      [
        'createSafeFetch',
        'safeFetch',
        'SafeFetchError',
        'isSafeFetchError',
        'checkUrlAllowed',
        'systemResolver',
      ].sort(),
    );
  });
});
