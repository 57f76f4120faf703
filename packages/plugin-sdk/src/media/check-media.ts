import type { FileInspection, SourceFile } from '../plugin-types.js';
import type { MediaTools } from './media-tools.js';
import { probeMedia, type MediaFacts } from './probe-media.js';
import { isTransmuteError } from '@transmute/contract';

/** Limits that {@link checkMedia} enforces before any decoding. */
export interface MediaLimits {
  maximumBytes: number;
  maximumDurationSeconds: number;
  maximumWidth?: number;
  maximumHeight?: number;
}

/** Facts plus the verdict of the cheap checks. */
export type MediaCheck =
  { ok: true; facts: MediaFacts } | { ok: false; inspection: FileInspection & { ok: false } };

/**
 * The cheap upload-time checks shared by audio and video: ffmpeg/ffprobe present (`tools` is null
 * when none were found), size, readability, duration and resolution, all from ffprobe's container
 * facts (a 5-hour file is refused without decoding it).
 */
export async function checkMedia(
  tools: MediaTools | null,
  file: SourceFile,
  limits: MediaLimits,
  signal: AbortSignal,
): Promise<MediaCheck> {
  const fail = (
    code:
      | 'transcription_unavailable'
      | 'source_too_large'
      | 'corrupt_file'
      | 'duration_exceeded'
      | 'limit_exceeded',
    detail: string,
  ) => ({ ok: false, inspection: { ok: false, code, detail } }) as const;
  if (tools === null) return fail('transcription_unavailable', 'ffmpeg and ffprobe are not available.');
  if (file.sizeBytes > limits.maximumBytes) {
    return fail(
      'source_too_large',
      `The file has ${file.sizeBytes} bytes, over the limit of ${limits.maximumBytes}.`,
    );
  }
  let facts: MediaFacts;
  try {
    facts = await probeMedia(tools, file.path, signal);
  } catch (error) {
    if (isTransmuteError(error)) return fail('corrupt_file', error.message);
    throw error;
  }
  if (facts.durationSeconds > limits.maximumDurationSeconds) {
    return fail(
      'duration_exceeded',
      `The media lasts ${Math.round(facts.durationSeconds)} s, over the limit of ${limits.maximumDurationSeconds} s.`,
    );
  }
  for (const stream of facts.streams) {
    if (stream.type !== 'video' || stream.attachedPicture) continue;
    const tooWide = limits.maximumWidth !== undefined && (stream.width ?? 0) > limits.maximumWidth;
    const tooHigh = limits.maximumHeight !== undefined && (stream.height ?? 0) > limits.maximumHeight;
    if (tooWide || tooHigh) {
      return fail(
        'limit_exceeded',
        `The video is ${stream.width}x${stream.height}, over the resolution limit.`,
      );
    }
  }
  return { ok: true, facts };
}
