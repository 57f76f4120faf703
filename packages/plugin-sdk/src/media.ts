// `@transmute/plugin-sdk/media`: the ffmpeg/ffprobe tools and speech transcription shared by the
// media plugins (audio, video), so each depends on the SDK alone. A subpath, so plugins that
// handle no media never load it.
export {
  resolveMediaTools,
  missingMediaToolsReason,
  type MediaTools,
  type MediaToolsOptions,
} from './media/media-tools.js';
export { memoizeMediaTools, mediaToolsOptionsFromEnv } from './media/memoize-media-tools.js';
export {
  runProcess,
  liveProcessIds,
  type RunProcessOptions,
  type ProcessResult,
} from './media/run-process.js';
export { probeMedia, type MediaFacts, type MediaStream } from './media/probe-media.js';
export { checkMedia, type MediaLimits, type MediaCheck } from './media/check-media.js';
export { decodeToPcm, PCM_BYTES_PER_SECOND, type DecodeOptions } from './media/decode-audio.js';
export { describeToolError } from './media/describe-tool-error.js';
export { transcribeMedia, type TranscribeMediaOptions } from './media/transcribe-media.js';
export {
  toTranscriptRoot,
  toTranscriptDocument,
  toMediaMinutes,
  meanConfidence,
  type TranscriptRootOptions,
} from './media/transcript-document.js';
export { readSubtitleCues } from './media/subtitle-cues.js';
export type { Transcriber, TranscriptSegment, TranscribeOptions } from './media/transcription/transcriber.js';
export { toTranscriber } from './media/transcription/to-transcriber.js';
export {
  createTranscriber,
  transcriptionConfigFromEnv,
  type TranscriptionConfig,
} from './media/transcription/create-transcriber.js';
export {
  createPocketsphinxTranscriber,
  parsePocketsphinxOutput,
  type PocketsphinxOptions,
} from './media/transcription/pocketsphinx-transcriber.js';
export {
  createOpenAiTranscriber,
  type OpenAiTranscriberOptions,
} from './media/transcription/openai-transcriber.js';
export {
  createWhisperCppTranscriber,
  type WhisperCppOptions,
} from './media/transcription/whisper-cpp-transcriber.js';
