import { expect, it } from 'vitest';

it('exports exactly its public API', async () => {
  expect(Object.keys(await import('../src/index.js')).sort()).toEqual([
    'AUDIO_MANIFEST',
    'PCM_BYTES_PER_SECOND',
    'checkMedia',
    'createAudioSource',
    'createOpenAiTranscriber',
    'createPocketsphinxTranscriber',
    'createTranscriber',
    'createWhisperCppTranscriber',
    'decodeToPcm',
    'liveProcessIds',
    'meanConfidence',
    'memoizeMediaTools',
    'parsePocketsphinxOutput',
    'probeMedia',
    'resolveMediaTools',
    'runProcess',
    'toAudioMediaType',
    'toMediaMinutes',
    'toTranscriber',
    'toTranscriptDocument',
    'toTranscriptRoot',
    'transcribeMedia',
    'transcriptionConfigFromEnv',
  ]);
});
