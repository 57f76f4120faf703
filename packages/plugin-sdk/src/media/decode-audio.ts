import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { TransmuteError } from '@transmute/contract';
import type { MediaTools } from './media-tools.js';
import { describeToolError } from './describe-tool-error.js';
import { runProcess } from './run-process.js';

/** 16 kHz mono 16-bit PCM: 32 000 bytes per second, plus a WAV header. */
export const PCM_BYTES_PER_SECOND = 32_000;

/** Options of {@link decodeToPcm}. */
export interface DecodeOptions {
  tools: MediaTools;
  input: string;
  workDir: string;
  durationSeconds: number;
  /** The plugin's `temporary_disk_bytes`: decoding that would need more is refused up front. */
  temporaryDiskBytes: number;
  /** Audio stream to decode (default: the best one ffmpeg picks). */
  streamIndex?: number;
  signal: AbortSignal;
}

/**
 * Decodes the audio of a media file to a 16 kHz mono 16-bit WAV in the work directory, the format
 * every recognizer here reads. The disk it needs is known from the duration, so it is bounded
 * before a byte is written; ffmpeg's own `-fs` cap guards against lying container headers.
 */
export async function decodeToPcm(options: DecodeOptions): Promise<string> {
  const { tools, input, workDir, durationSeconds, temporaryDiskBytes, signal } = options;
  const needed = Math.ceil(durationSeconds * PCM_BYTES_PER_SECOND) + 44;
  if (needed > temporaryDiskBytes) {
    throw new TransmuteError(
      'limit_exceeded',
      `Decoding needs ${needed} bytes of temporary disk, over the limit of ${temporaryDiskBytes}.`,
    );
  }
  const output = join(workDir, `decoded-${process.hrtime.bigint()}.wav`);
  const map = options.streamIndex === undefined ? [] : ['-map', `0:${options.streamIndex}`];
  const args = ['-nostdin', '-v', 'error', '-y', '-i', input, ...map, '-vn', '-sn', '-dn'];
  args.push(
    '-ac',
    '1',
    '-ar',
    '16000',
    '-c:a',
    'pcm_s16le',
    '-fs',
    String(temporaryDiskBytes),
    '-f',
    'wav',
    output,
  );
  const result = await runProcess(tools.ffmpeg, args, { signal, maxOutputBytes: 64 * 1024 });
  if (result.code !== 0) {
    const reason = describeToolError(result.stderr, [input, output], 'decoder error');
    throw new TransmuteError('corrupt_file', `The audio could not be decoded: ${reason}`);
  }
  const { size } = await stat(output);
  if (size <= 44) throw new TransmuteError('empty_content', 'The media has no decodable audio.');
  return output;
}
