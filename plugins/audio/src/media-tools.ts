import { accessSync, constants } from 'node:fs';
import { findExecutable } from '@transmute/plugin-sdk';
import { createRequire } from 'node:module';
import { runProcess } from './run-process.js';

/** Paths of the ffmpeg and ffprobe binaries in use. */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
  /** `system` when found on PATH (Debian's ffmpeg), `bundled` for the npm installer binaries. */
  origin: 'system' | 'bundled' | 'configured';
}

/** Options of {@link resolveMediaTools}. */
export interface MediaToolsOptions {
  ffmpegPath?: string;
  ffprobePath?: string;
}

function bundledPath(packageName: string): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const found = (require(packageName) as { path?: unknown }).path;
    if (typeof found !== 'string') return undefined;
    accessSync(found, constants.X_OK);
    return found;
  } catch {
    return undefined;
  }
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
 * Finds usable ffmpeg and ffprobe binaries: configured paths first, then the system binaries on
 * PATH, then those shipped by `@ffmpeg-installer/ffmpeg` and `@ffprobe-installer/ffprobe`.
 * Returns null when none run, which makes the media plugins report `disabled`.
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
  const bundledFfmpeg = bundledPath('@ffmpeg-installer/ffmpeg');
  const bundledFfprobe = bundledPath('@ffprobe-installer/ffprobe');
  if (bundledFfmpeg && bundledFfprobe)
    candidates.push({ ffmpeg: bundledFfmpeg, ffprobe: bundledFfprobe, origin: 'bundled' });
  for (const tools of candidates) {
    if ((await works(tools.ffmpeg)) && (await works(tools.ffprobe))) return tools;
  }
  return null;
}
