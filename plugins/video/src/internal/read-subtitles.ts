import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import {
  readSubtitleCues,
  runProcess,
  type MediaTools,
  type TranscriptSegment,
} from '@transmute/plugin-sdk/media';

/** Text subtitle codecs ffmpeg can turn into SRT (bitmap subtitles such as dvd_subtitle cannot). */
export const TEXT_SUBTITLE_CODECS = new Set(['subrip', 'srt', 'ass', 'ssa', 'mov_text', 'webvtt', 'text']);

/** Extracts one embedded text subtitle stream with ffmpeg and parses it. */
export async function readSubtitleStream(
  tools: MediaTools,
  input: string,
  streamIndex: number,
  options: { workDir: string; signal: AbortSignal },
): Promise<TranscriptSegment[]> {
  const output = join(options.workDir, `subtitles-${streamIndex}.srt`);
  const args = [
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-i',
    input,
    '-map',
    `0:${streamIndex}`,
    '-f',
    'srt',
    output,
  ];
  const result = await runProcess(tools.ffmpeg, args, { signal: options.signal, maxOutputBytes: 64 * 1024 });
  if (result.code !== 0) return [];
  return readSubtitleCues(await readFile(output, 'utf8'));
}
