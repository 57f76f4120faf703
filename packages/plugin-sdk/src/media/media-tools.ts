import { findExecutable } from '../find-executable.js';
import { runProcess } from './run-process.js';

/** Paths of the ffmpeg and ffprobe binaries in use. */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
  /** `system` when found on PATH (Debian's ffmpeg), `configured` for the paths the operator set. */
  origin: 'system' | 'configured';
}

/** Options of {@link resolveMediaTools}. */
export interface MediaToolsOptions {
  ffmpegPath?: string;
  ffprobePath?: string;
}

async function works(binary: string): Promise<boolean> {
  try {
    const result = await runProcess(binary, ['-version'], { timeoutMs: 10_000 });
    return result.code === 0;
  } catch {
    return false;
  }
}

/**
 * Finds usable ffmpeg and ffprobe binaries: the configured paths first, then the system binaries
 * on PATH (Debian's ffmpeg). Returns null when none run, which makes the media plugins report
 * `disabled` with {@link missingMediaToolsReason}. No bundled build is ever used: these decode
 * untrusted uploads, so only a maintained, security-patched ffmpeg may run them.
 */
export async function resolveMediaTools(options: MediaToolsOptions = {}): Promise<MediaTools | null> {
  const candidates: MediaTools[] = [];
  if (options.ffmpegPath && options.ffprobePath) {
    candidates.push({ ffmpeg: options.ffmpegPath, ffprobe: options.ffprobePath, origin: 'configured' });
  }
  const systemFfmpeg = findExecutable('ffmpeg');
  const systemFfprobe = findExecutable('ffprobe');
  if (systemFfmpeg && systemFfprobe)
    candidates.push({ ffmpeg: systemFfmpeg, ffprobe: systemFfprobe, origin: 'system' });
  for (const tools of candidates) {
    if ((await works(tools.ffmpeg)) && (await works(tools.ffprobe))) return tools;
  }
  return null;
}

/** Why {@link resolveMediaTools} found nothing, for a plugin's `health()` detail. */
export function missingMediaToolsReason(options: MediaToolsOptions = {}): string {
  const configured = [options.ffmpegPath, options.ffprobePath].filter((path) => path !== undefined);
  const advice = "install Debian's ffmpeg or set TRANSMUTE_FFMPEG_PATH and TRANSMUTE_FFPROBE_PATH";
  if (configured.length > 0)
    return `ffmpeg/ffprobe at TRANSMUTE_FFMPEG_PATH/TRANSMUTE_FFPROBE_PATH (both needed) do not run, and ffmpeg is not on PATH; ${advice}`;
  return `ffmpeg not found on PATH; ${advice}`;
}
