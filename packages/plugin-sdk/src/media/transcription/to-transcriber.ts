import {
  createTranscriber,
  transcriptionConfigFromEnv,
  type TranscriptionConfig,
} from './create-transcriber.js';
import type { Transcriber } from './transcriber.js';

/** Resolves the transcriber from a config or takes the given engine (default: from the environment). */
export function toTranscriber(value: TranscriptionConfig | Transcriber | undefined): Transcriber {
  if (value && 'transcribe' in value) return value;
  return createTranscriber(value ?? transcriptionConfigFromEnv());
}
