import { expect, it } from 'vitest';

it('exports exactly its public API', async () => {
  expect(Object.keys(await import('../src/index.js')).sort()).toEqual([
    'AUDIO_MANIFEST',
    'createAudioSource',
  ]);
});
