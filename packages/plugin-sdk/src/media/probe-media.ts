import { TransmuteError } from '@transmute/contract';
import type { MediaTools } from './media-tools.js';
import { describeToolError } from './describe-tool-error.js';
import { runProcess } from './run-process.js';

/** One stream of a media container, as ffprobe reports it. */
export interface MediaStream {
  index: number;
  type: 'audio' | 'video' | 'subtitle' | 'data' | 'attachment' | 'unknown';
  codec: string;
  width?: number;
  height?: number;
  sampleRate?: number;
  channels?: number;
  language?: string;
  /** Still images (cover art) are video streams with this flag. */
  attachedPicture: boolean;
}

/** Container facts read cheaply with ffprobe (no decoding). */
export interface MediaFacts {
  formatName: string;
  durationSeconds: number;
  bitRate?: number;
  streams: MediaStream[];
}

interface FfprobeJson {
  format?: { format_name?: string; duration?: string; bit_rate?: string };
  streams?: Array<{
    index?: number;
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    sample_rate?: string;
    channels?: number;
    duration?: string;
    tags?: { language?: string };
    disposition?: { attached_pic?: number };
  }>;
}

const STREAM_TYPES = new Set(['audio', 'video', 'subtitle', 'data', 'attachment']);

function toStream(raw: NonNullable<FfprobeJson['streams']>[number]): MediaStream {
  const type = STREAM_TYPES.has(raw.codec_type ?? '') ? (raw.codec_type as MediaStream['type']) : 'unknown';
  const stream: MediaStream = {
    index: raw.index ?? 0,
    type,
    codec: raw.codec_name ?? 'unknown',
    attachedPicture: raw.disposition?.attached_pic === 1,
  };
  if (raw.width !== undefined) stream.width = raw.width;
  if (raw.height !== undefined) stream.height = raw.height;
  if (raw.sample_rate !== undefined) stream.sampleRate = Number(raw.sample_rate);
  if (raw.channels !== undefined) stream.channels = raw.channels;
  if (raw.tags?.language !== undefined) stream.language = raw.tags.language;
  return stream;
}

/**
 * Reads a file's container facts with ffprobe. A file ffprobe cannot read fails with
 * `corrupt_file`; this never decodes the media, so a 5-hour file is checked in milliseconds.
 */
export async function probeMedia(tools: MediaTools, path: string, signal?: AbortSignal): Promise<MediaFacts> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path];
  const result = await runProcess(tools.ffprobe, args, { timeoutMs: 30_000, ...(signal ? { signal } : {}) });
  let parsed: FfprobeJson;
  try {
    parsed = JSON.parse(result.stdout) as FfprobeJson;
  } catch {
    parsed = {};
  }
  if (result.code !== 0 || !parsed.format) {
    const reason = describeToolError(result.stderr, [path], 'unreadable media');
    throw new TransmuteError('corrupt_file', `The media file cannot be read: ${reason}`);
  }
  const streams = (parsed.streams ?? []).map(toStream);
  const streamDurations = (parsed.streams ?? []).map((s) => Number(s.duration ?? 0)).filter(Number.isFinite);
  const duration = Number(parsed.format.duration ?? Math.max(0, ...streamDurations));
  const facts: MediaFacts = {
    formatName: parsed.format.format_name ?? 'unknown',
    durationSeconds: Number.isFinite(duration) ? duration : 0,
    streams,
  };
  if (parsed.format.bit_rate !== undefined) facts.bitRate = Number(parsed.format.bit_rate);
  return facts;
}
