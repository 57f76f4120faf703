export {
  createAudioSource,
  toTranscriber,
  memoizeMediaTools,
  toAudioMediaType,
  type AudioSourceOptions,
} from './create-audio-source.js';
export { AUDIO_MANIFEST } from './audio-manifest.js';
export { resolveMediaTools, type MediaTools, type MediaToolsOptions } from './media-tools.js';
export { probeMedia, type MediaFacts, type MediaStream } from './probe-media.js';
export { checkMedia, type MediaLimits, type MediaCheck } from './check-media.js';
export { decodeToPcm, PCM_BYTES_PER_SECOND, type DecodeOptions } from './decode-audio.js';
export { runProcess, liveProcessIds, type RunProcessOptions, type ProcessResult } from './run-process.js';
export { transcribeMedia, type TranscribeMediaOptions } from './transcribe-media.js';
export {
  toTranscriptRoot,
  toTranscriptDocument,
  toMediaMinutes,
  meanConfidence,
  type TranscriptRootOptions,
} from './transcript-document.js';
export type { Transcriber, TranscriptSegment, TranscribeOptions } from './transcription/transcriber.js';
export {
  createTranscriber,
  transcriptionConfigFromEnv,
  type TranscriptionConfig,
} from './transcription/create-transcriber.js';
export {
  createPocketsphinxTranscriber,
  parsePocketsphinxOutput,
  type PocketsphinxOptions,
} from './transcription/pocketsphinx-transcriber.js';
export {
  createOpenAiTranscriber,
  type OpenAiTranscriberOptions,
} from './transcription/openai-transcriber.js';
export {
  createWhisperCppTranscriber,
  type WhisperCppOptions,
} from './transcription/whisper-cpp-transcriber.js';
