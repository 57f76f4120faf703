import {
  TransmuteError,
  definePlugin,
  resolveByteLimit,
  type SourceAdapter,
  type SourceFile,
  type StageContext,
} from '@transmute/plugin-sdk';
import { AUDIO_ALIASES, AUDIO_MANIFEST } from './audio-manifest.js';
import {
  checkMedia,
  memoizeMediaTools,
  mediaToolsOptionsFromEnv,
  missingMediaToolsReason,
  toTranscriber,
  toTranscriptDocument,
  transcribeMedia,
  type MediaLimits,
  type MediaTools,
  type MediaToolsOptions,
  type Transcriber,
  type TranscriptionConfig,
} from '@transmute/plugin-sdk/media';

/** Options of {@link createAudioSource}. */
export interface AudioSourceOptions {
  /**
   * The engine, or its configuration. Default: what the operator set in `TRANSMUTE_TRANSCRIPTION_*`
   * variables, else local PocketSphinx.
   */
  transcription?: TranscriptionConfig | Transcriber;
  /** ffmpeg/ffprobe paths. Default: `TRANSMUTE_FFMPEG_PATH`/`TRANSMUTE_FFPROBE_PATH`, then PATH. */
  mediaTools?: MediaToolsOptions;
}

/** The normalized audio media type of a declared one, or undefined when not audio we read. */
function toAudioMediaType(mediaType: string): string | undefined {
  const base = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  const normalized = AUDIO_ALIASES[base] ?? base;
  return AUDIO_MANIFEST.mediaTypes.includes(normalized) ? normalized : undefined;
}

/**
 * `source.audio_upload`: uploaded speech → timestamped transcript.
 *
 * @example
 * const engine = createEngine({ plugins: [createAudioSource({ transcription: { engine: 'pocketsphinx' } })] });
 */
export function createAudioSource(options: AudioSourceOptions = {}): SourceAdapter {
  const transcriber = toTranscriber(options.transcription);
  const toolOptions = options.mediaTools ?? mediaToolsOptionsFromEnv();
  const tools = memoizeMediaTools(toolOptions);
  const limitsOf = (limits: Record<string, number>): MediaLimits => ({
    maximumBytes: resolveByteLimit(AUDIO_MANIFEST.limits, limits),
    maximumDurationSeconds:
      limits.maximum_duration_seconds ?? AUDIO_MANIFEST.limits.maximum_duration_seconds ?? 0,
  });
  const requireTools = async (): Promise<MediaTools> => {
    const found = await tools();
    if (!found)
      throw new TransmuteError('transcription_unavailable', 'ffmpeg and ffprobe are not available.');
    return found;
  };

  return definePlugin<SourceAdapter>({
    manifest: AUDIO_MANIFEST,
    async health() {
      if (!(await tools())) return { ok: false, detail: missingMediaToolsReason(toolOptions) };
      return transcriber.health();
    },
    accepts: (probe) => toAudioMediaType(probe.mediaType) !== undefined,
    async inspect(file: SourceFile, signal: AbortSignal) {
      const check = await checkMedia(await tools(), file, limitsOf(AUDIO_MANIFEST.limits), signal);
      if (!check.ok) return check.inspection;
      if (!check.facts.streams.some((s) => s.type === 'audio')) {
        return { ok: false, code: 'unsupported_content', detail: 'The file has no audio stream.' };
      }
      return { ok: true, warnings: [], facts: { duration_seconds: Math.round(check.facts.durationSeconds) } };
    },
    async extract(file: SourceFile, ctx: StageContext) {
      const found = await requireTools();
      ctx.stage('scanning');
      const check = await checkMedia(found, file, limitsOf(ctx.limits), ctx.signal);
      if (!check.ok) throw new TransmuteError(check.inspection.code, check.inspection.detail);
      const { facts } = check;
      const segments = await transcribeMedia({
        tools: found,
        transcriber,
        file,
        facts,
        ctx,
        qualityThreshold: AUDIO_MANIFEST.qualityThreshold,
      });
      const audio = facts.streams.find((s) => s.type === 'audio');
      return toTranscriptDocument(segments, file, {
        durationSeconds: facts.durationSeconds,
        facts: {
          container: facts.formatName,
          audio_codec: audio?.codec ?? 'unknown',
          sample_rate: audio?.sampleRate ?? 0,
          channels: audio?.channels ?? 0,
          transcription_engine: transcriber.id,
        },
      });
    },
  });
}
