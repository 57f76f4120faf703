import { accessSync, constants } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TransmuteError } from '@transmute/contract';
import { runProcess } from '../run-process.js';
import type { Transcriber, TranscriptSegment } from './transcriber.js';

/** Options of {@link createWhisperCppTranscriber}. */
export interface WhisperCppOptions {
  /** The whisper.cpp CLI (`whisper-cli`, formerly `main`). */
  binary: string;
  /** A ggml model file the operator provides (models cannot be downloaded here). */
  modelPath: string;
  threads?: number;
}

interface WhisperJson {
  transcription?: Array<{ offsets?: { from?: number; to?: number }; text?: string }>;
}

function readable(path: string, mode: number): boolean {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
}

/** whisper.cpp with an operator-given model; a missing model is a clear error, never a download. */
export function createWhisperCppTranscriber(options: WhisperCppOptions): Transcriber {
  const problem = (): string | undefined => {
    if (!readable(options.modelPath, constants.R_OK))
      return `whisper.cpp model not found at ${options.modelPath}`;
    if (!readable(options.binary, constants.X_OK)) return `whisper.cpp binary not found at ${options.binary}`;
    return undefined;
  };
  return {
    id: 'whisper-cpp',
    async health() {
      const detail = problem();
      return detail === undefined ? { ok: true } : { ok: false, detail };
    },
    async transcribe(wavPath, run) {
      const detail = problem();
      if (detail !== undefined) throw new TransmuteError('transcription_unavailable', `${detail}.`);
      const outBase = join(`${wavPath}.whisper`);
      const args = [
        '-m',
        options.modelPath,
        '-f',
        wavPath,
        '-oj',
        '-of',
        outBase,
        '-t',
        String(options.threads ?? 2),
      ];
      if (run.language) args.push('-l', run.language);
      const result = await runProcess(options.binary, args, { signal: run.signal });
      if (result.code !== 0)
        throw new TransmuteError('transcription_failed', `whisper.cpp exited with ${result.code}.`);
      const parsed = JSON.parse(await readFile(`${outBase}.json`, 'utf8')) as WhisperJson;
      const segments: TranscriptSegment[] = (parsed.transcription ?? [])
        .map((s) => ({
          start: (s.offsets?.from ?? 0) / 1000,
          end: (s.offsets?.to ?? 0) / 1000,
          text: (s.text ?? '').trim(),
          confidence: 1,
        }))
        .filter((s) => s.text !== '');
      run.onProgress?.(100);
      return segments;
    },
  };
}
