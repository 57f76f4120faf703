import { TransmuteError } from '@transmute/contract';
import type { SourceFile, StageContext } from '../plugin-types.js';
import { decodeToPcm } from './decode-audio.js';
import type { MediaTools } from './media-tools.js';
import type { MediaFacts } from './probe-media.js';
import type { Transcriber, TranscriptSegment } from './transcription/transcriber.js';
import { meanConfidence, toMediaMinutes } from './transcript-document.js';

/** Options of {@link transcribeMedia}. */
export interface TranscribeMediaOptions {
  tools: MediaTools;
  transcriber: Transcriber;
  file: SourceFile;
  facts: MediaFacts;
  ctx: StageContext;
  qualityThreshold: number;
}

/**
 * Decodes a file's audio track to 16 kHz mono PCM and runs the recognizer on it. Silence fails
 * with `empty_content` (never an empty output); a low mean confidence becomes a warning.
 */
export async function transcribeMedia(options: TranscribeMediaOptions): Promise<TranscriptSegment[]> {
  const { tools, transcriber, file, facts, ctx } = options;
  const audio = facts.streams.find((s) => s.type === 'audio');
  if (!audio) throw new TransmuteError('empty_content', 'The media has no audio track to transcribe.');
  const health = await transcriber.health();
  if (!health.ok) {
    throw new TransmuteError(
      'transcription_unavailable',
      health.detail ?? 'No transcription engine is available.',
    );
  }
  ctx.stage('transcription');
  ctx.progress(5, 'decoding audio');
  const wav = await decodeToPcm({
    tools,
    input: file.path,
    workDir: ctx.workDir,
    durationSeconds: facts.durationSeconds,
    temporaryDiskBytes: ctx.limits.temporary_disk_bytes ?? Number.POSITIVE_INFINITY,
    streamIndex: audio.index,
    signal: ctx.signal,
  });
  ctx.progress(20, `recognizing speech with ${transcriber.id}`);
  const segments = await transcriber.transcribe(wav, {
    signal: ctx.signal,
    durationSeconds: facts.durationSeconds,
    ...(file.preferredLanguage ? { language: file.preferredLanguage } : {}),
    onProgress: (percent) => ctx.progress(20 + percent * 0.8),
  });
  const clamped = segments
    .map((s) => ({
      ...s,
      start: Math.max(0, s.start),
      end: Math.min(Math.max(s.start, s.end), facts.durationSeconds || s.end),
    }))
    .sort((a, b) => a.start - b.start);
  if (clamped.length === 0)
    throw new TransmuteError('empty_content', 'No speech was recognized in the media.');
  const confidence = meanConfidence(clamped);
  if (confidence < options.qualityThreshold) {
    ctx.warn(
      'low_confidence',
      `Mean recognition confidence ${confidence.toFixed(2)} is below the quality threshold ${options.qualityThreshold}.`,
    );
  }
  ctx.meter('media_minutes', toMediaMinutes(facts.durationSeconds));
  return clamped;
}
