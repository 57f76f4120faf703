import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { runProcess, type MediaTools, type TranscriptSegment } from '@transmute/plugin-sdk/media';

/** Text subtitle codecs ffmpeg can turn into SRT (bitmap subtitles such as dvd_subtitle cannot). */
export const TEXT_SUBTITLE_CODECS = new Set(['subrip', 'srt', 'ass', 'ssa', 'mov_text', 'webvtt', 'text']);

const TIME = /(\d+):(\d{2}):(\d{2})[,.](\d{3})/;

function seconds(stamp: string): number {
  const m = TIME.exec(stamp);
  if (!m) return 0;
  const [, h = '0', min = '0', s = '0', ms = '0'] = m;
  return Number(h) * 3600 + Number(min) * 60 + Number(s) + Number(ms) / 1000;
}

/** Parses SRT cues into segments, keeping their text verbatim (tags stripped, lines joined). */
export function parseSrt(srt: string): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  for (const block of srt.replace(/\r/g, '').split(/\n{2,}/)) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    const timing = lines.findIndex((line) => line.includes('-->'));
    if (timing < 0) continue;
    const [from = '', to = ''] = (lines[timing] ?? '').split('-->');
    const text = lines
      .slice(timing + 1)
      .join(' ')
      .replace(/<[^>]+>/g, '')
      .replace(/\{\\[^}]*\}/g, '')
      .trim();
    if (text !== '') segments.push({ start: seconds(from), end: seconds(to), text, confidence: 1 });
  }
  return segments;
}

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
  return parseSrt(await readFile(output, 'utf8'));
}
