import {
  checkMedia,
  memoizeMediaTools,
  mediaToolsOptionsFromEnv,
  missingMediaToolsReason,
  toTranscriber,
  toMediaMinutes,
  toTranscriptDocument,
  transcribeMedia,
  type MediaFacts,
  type MediaLimits,
  type MediaToolsOptions,
  type TranscriptSegment,
  type Transcriber,
  type TranscriptionConfig,
} from '@transmute/plugin-sdk/media';
import {
  TransmuteError,
  definePlugin,
  resolveByteLimit,
  type SourceAdapter,
  type SourceFile,
  type StageContext,
} from '@transmute/plugin-sdk';
import { TEXT_SUBTITLE_CODECS, readSubtitleStream } from './internal/read-subtitles.js';
import { VIDEO_MANIFEST } from './video-manifest.js';

/** Options of {@link createVideoSource}. */
export interface VideoSourceOptions {
  transcription?: TranscriptionConfig | Transcriber;
  mediaTools?: MediaToolsOptions;
  /** Use an embedded text subtitle track as the transcript when there is one (default true). */
  preferSubtitles?: boolean;
}

const ALIASES: Record<string, string> = { 'video/x-m4v': 'video/mp4', 'video/mov': 'video/quicktime' };

function toLimits(limits: Record<string, number>): MediaLimits {
  const base = VIDEO_MANIFEST.limits;
  return {
    maximumBytes: resolveByteLimit(base, limits),
    maximumDurationSeconds: limits.maximum_duration_seconds ?? base.maximum_duration_seconds ?? 0,
    maximumWidth: limits.maximum_width ?? base.maximum_width ?? 0,
    maximumHeight: limits.maximum_height ?? base.maximum_height ?? 0,
  };
}

/** Container facts for the document metadata: duration, resolution, codecs. */
function containerFacts(facts: MediaFacts): Record<string, string | number> {
  const video = facts.streams.find((s) => s.type === 'video' && !s.attachedPicture);
  const audio = facts.streams.find((s) => s.type === 'audio');
  const out: Record<string, string | number> = { container: facts.formatName };
  if (video) {
    out.video_codec = video.codec;
    out.resolution = `${video.width ?? 0}x${video.height ?? 0}`;
  }
  if (audio) out.audio_codec = audio.codec;
  const subtitles = facts.streams.filter((s) => s.type === 'subtitle').map((s) => s.codec);
  if (subtitles.length > 0) out.subtitle_tracks = subtitles.join(', ');
  return out;
}

/**
 * `source.video_upload`: an embedded subtitle track when present (preferred, and said so), else
 * the speech of the audio track, with the container's facts in the metadata.
 */
export function createVideoSource(options: VideoSourceOptions = {}): SourceAdapter {
  const transcriber = toTranscriber(options.transcription);
  const toolOptions = options.mediaTools ?? mediaToolsOptionsFromEnv();
  const tools = memoizeMediaTools(toolOptions);
  const preferSubtitles = options.preferSubtitles ?? true;

  async function subtitlesOf(
    file: SourceFile,
    facts: MediaFacts,
    ctx: StageContext,
  ): Promise<TranscriptSegment[]> {
    const found = await tools();
    const track = facts.streams.find((s) => s.type === 'subtitle' && TEXT_SUBTITLE_CODECS.has(s.codec));
    if (!preferSubtitles || !found || !track) return [];
    return readSubtitleStream(found, file.path, track.index, { workDir: ctx.workDir, signal: ctx.signal });
  }

  return definePlugin<SourceAdapter>({
    manifest: VIDEO_MANIFEST,
    async health() {
      if (!(await tools())) return { ok: false, detail: missingMediaToolsReason(toolOptions) };
      return transcriber.health();
    },
    accepts(probe) {
      const base = probe.mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
      return VIDEO_MANIFEST.mediaTypes.includes(ALIASES[base] ?? base);
    },
    async inspect(file, signal) {
      const check = await checkMedia(await tools(), file, toLimits(VIDEO_MANIFEST.limits), signal);
      if (!check.ok) return check.inspection;
      return { ok: true, warnings: [], facts: containerFacts(check.facts) };
    },
    async extract(file, ctx) {
      const found = await tools();
      if (!found)
        throw new TransmuteError('transcription_unavailable', 'ffmpeg and ffprobe are not available.');
      ctx.stage('scanning');
      const check = await checkMedia(found, file, toLimits(ctx.limits), ctx.signal);
      if (!check.ok) throw new TransmuteError(check.inspection.code, check.inspection.detail);
      const { facts } = check;
      let segments = await subtitlesOf(file, facts, ctx);
      let origin = 'subtitle_track';
      if (segments.length > 0) {
        ctx.stage('extraction');
        ctx.warn('transcript_from_subtitles', 'The embedded subtitle track was used as the transcript.');
        ctx.meter('media_minutes', toMediaMinutes(facts.durationSeconds));
      } else {
        origin = transcriber.id;
        const qualityThreshold = VIDEO_MANIFEST.qualityThreshold;
        segments = await transcribeMedia({ tools: found, transcriber, file, facts, ctx, qualityThreshold });
      }
      return toTranscriptDocument(segments, file, {
        durationSeconds: facts.durationSeconds,
        facts: { ...containerFacts(facts), transcript_source: origin },
      });
    },
  });
}
