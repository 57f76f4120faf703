import { accessSync, constants } from 'node:fs';
import { TransmuteError } from '@transmute/contract';
import { runProcess } from '../run-process.js';
import type { TranscribeOptions, Transcriber, TranscriptSegment } from './transcriber.js';

/** Options of {@link createPocketsphinxTranscriber}. */
export interface PocketsphinxOptions {
  /** Default: `pocketsphinx_continuous` from Debian's `pocketsphinx` package. */
  binary?: string;
  /** Acoustic model directory (default: Debian's `pocketsphinx-en-us`). */
  modelDir?: string;
}

const DEFAULT_BINARY = '/usr/bin/pocketsphinx_continuous';
const DEFAULT_MODEL = '/usr/share/pocketsphinx/model/en-us/en-us';
const FILLERS = new Set(['<s>', '</s>', '<sil>', '[NOISE]', '[SPEECH]', '++NOISE++', '++BREATH++']);

interface Word {
  word: string;
  start: number;
  end: number;
  confidence: number;
}

/** Parses `pocketsphinx_continuous -time yes` output: hypothesis lines followed by word lines. */
export function parsePocketsphinxOutput(stdout: string): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  let words: Word[] = [];
  const flush = () => {
    const spoken = words.filter((w) => !FILLERS.has(w.word));
    if (spoken.length > 0) {
      const first = spoken[0];
      const last = spoken[spoken.length - 1];
      if (first && last) {
        const confidence = spoken.reduce((sum, w) => sum + w.confidence, 0) / spoken.length;
        const text = spoken.map((w) => w.word.replace(/\(\d+\)$/, '')).join(' ');
        segments.push({ start: first.start, end: last.end, text, confidence });
      }
    }
    words = [];
  };
  for (const line of stdout.split('\n')) {
    const match = /^(\S+) (\d+\.\d+) (\d+\.\d+) (\d+\.\d+)$/.exec(line.trim());
    if (match) {
      const [, word = '', start = '0', end = '0', confidence = '0'] = match;
      words.push({
        word,
        start: Number(start),
        end: Number(end),
        confidence: Math.min(1, Number(confidence)),
      });
      if (word === '</s>') flush();
    } else if (line.trim() !== '') {
      flush();
    }
  }
  flush();
  return segments;
}

/**
 * The local default engine: CMU PocketSphinx from Debian's packages. Fair on human speech,
 * needs no network and no model download.
 */
export function createPocketsphinxTranscriber(options: PocketsphinxOptions = {}): Transcriber {
  const binary = options.binary ?? DEFAULT_BINARY;
  const modelDir = options.modelDir ?? DEFAULT_MODEL;
  return {
    id: 'pocketsphinx',
    async health() {
      try {
        accessSync(binary, constants.X_OK);
        accessSync(modelDir, constants.R_OK);
        return { ok: true };
      } catch {
        return { ok: false, detail: `pocketsphinx not installed (${binary}, ${modelDir})` };
      }
    },
    async transcribe(wavPath: string, run: TranscribeOptions) {
      // Debian's build finds its en-us model, language model and dictionary by default.
      const args = ['-infile', wavPath, '-time', 'yes', '-logfn', '/dev/null'];
      if (options.modelDir) args.push('-hmm', options.modelDir);
      const result = await runProcess(binary, args, { signal: run.signal });
      if (result.code !== 0) {
        throw new TransmuteError('transcription_failed', `pocketsphinx exited with ${result.code}.`);
      }
      run.onProgress?.(100);
      return parsePocketsphinxOutput(result.stdout);
    },
  };
}
