import { createOpenAiTranscriber, type OpenAiTranscriberOptions } from './openai-transcriber.js';
import { createPocketsphinxTranscriber, type PocketsphinxOptions } from './pocketsphinx-transcriber.js';
import type { Transcriber } from './transcriber.js';
import { createWhisperCppTranscriber, type WhisperCppOptions } from './whisper-cpp-transcriber.js';

/** Operator configuration of the transcription engine. */
export type TranscriptionConfig =
  | ({ engine: 'pocketsphinx' } & PocketsphinxOptions)
  | ({ engine: 'openai' } & OpenAiTranscriberOptions)
  | ({ engine: 'whisper-cpp' } & WhisperCppOptions);

/** Builds the configured engine; without configuration, the local PocketSphinx default. */
export function createTranscriber(config: TranscriptionConfig = { engine: 'pocketsphinx' }): Transcriber {
  switch (config.engine) {
    case 'pocketsphinx':
      return createPocketsphinxTranscriber(config);
    case 'openai':
      return createOpenAiTranscriber(config);
    case 'whisper-cpp':
      return createWhisperCppTranscriber(config);
  }
}

/**
 * Reads the engine from `TRANSMUTE_TRANSCRIPTION_*` variables: ENGINE (pocketsphinx | openai |
 * whisper-cpp), BASE_URL, API_KEY, MODEL (openai); WHISPER_BINARY, WHISPER_MODEL (whisper-cpp).
 */
export function transcriptionConfigFromEnv(env: NodeJS.ProcessEnv = process.env): TranscriptionConfig {
  const engine = env.TRANSMUTE_TRANSCRIPTION_ENGINE ?? 'pocketsphinx';
  if (engine === 'openai') {
    const config: TranscriptionConfig = {
      engine,
      baseUrl: env.TRANSMUTE_TRANSCRIPTION_BASE_URL ?? 'https://api.openai.com/v1',
      model: env.TRANSMUTE_TRANSCRIPTION_MODEL ?? 'whisper-1',
    };
    if (env.TRANSMUTE_TRANSCRIPTION_API_KEY) config.apiKey = env.TRANSMUTE_TRANSCRIPTION_API_KEY;
    return config;
  }
  if (engine === 'whisper-cpp') {
    return {
      engine,
      binary: env.TRANSMUTE_WHISPER_BINARY ?? 'whisper-cli',
      modelPath: env.TRANSMUTE_WHISPER_MODEL ?? '',
    };
  }
  return { engine: 'pocketsphinx' };
}
