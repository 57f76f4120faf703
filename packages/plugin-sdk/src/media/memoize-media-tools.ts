import { resolveMediaTools, type MediaTools, type MediaToolsOptions } from './media-tools.js';

/**
 * Lazily finds ffmpeg/ffprobe once per plugin instance. Default paths:
 * `TRANSMUTE_FFMPEG_PATH`/`TRANSMUTE_FFPROBE_PATH`, then PATH.
 */
export function memoizeMediaTools(options?: MediaToolsOptions): () => Promise<MediaTools | null> {
  const configured = options ?? mediaToolsOptionsFromEnv();
  let found: Promise<MediaTools | null> | undefined;
  return () => (found ??= resolveMediaTools(configured));
}

/** The operator's `TRANSMUTE_FFMPEG_PATH`/`TRANSMUTE_FFPROBE_PATH`, when set. */
export function mediaToolsOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): MediaToolsOptions {
  return {
    ...(env.TRANSMUTE_FFMPEG_PATH ? { ffmpegPath: env.TRANSMUTE_FFMPEG_PATH } : {}),
    ...(env.TRANSMUTE_FFPROBE_PATH ? { ffprobePath: env.TRANSMUTE_FFPROBE_PATH } : {}),
  };
}
