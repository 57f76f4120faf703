/**
 * Chunking throughput on the normalized 2 000 000-character input, side by side in one run
 * (median of 3): our chunker, LangChain's RecursiveCharacterTextSplitter with a gpt-tokenizer
 * length function, and one plain tokenizer pass (the floor). Same budget (512 tokens, 64 overlap).
 */
import { RecursiveCharacterTextSplitter } from '@langchain/textsplitters';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { chunkDocument, normalizeDocument, readTextSource } from '@transmute/engine';
import { generateLargeInput } from '../../fixtures/text/generate.js';
import { timeMedian, type BenchReport } from './bench-report.js';

const MAX_TOKENS = 512;
const OVERLAP = 64;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** Runs the chunking benchmark. */
export async function run(): Promise<BenchReport> {
  const signal = new AbortController().signal;
  const extracted = await readTextSource(
    { content: generateLargeInput(), mediaType: 'text/markdown', name: 'large.md' },
    { signal, warn: () => undefined },
  );
  const document = normalizeDocument(extracted);
  const { text } = document;
  const megabytes = Buffer.byteLength(text) / 1_000_000;

  const floor = await timeMedian(RUNS, () => encode(text).length);
  const ours = await timeMedian(
    RUNS,
    () => chunkDocument(document, { maxTokens: MAX_TOKENS, overlapTokens: OVERLAP }).length,
  );
  const splitter = new RecursiveCharacterTextSplitter({
    chunkSize: MAX_TOKENS,
    chunkOverlap: OVERLAP,
    lengthFunction: (value: string) => encode(value).length,
  });
  const langchain = await timeMedian(RUNS, async () => (await splitter.splitText(text)).length);

  const row = (name: string, ms: number, chunks: number | string): (string | number)[] => [
    name,
    (megabytes / (ms / 1000)).toFixed(2),
    Math.round(ms),
    chunks,
    (ms / ours.ms).toFixed(2),
  ];
  const speedup = langchain.ms / ours.ms;
  const overFloor = ours.ms / floor.ms;
  return {
    title: `Chunking ${megabytes.toFixed(2)} MB (${text.length} characters), ${MAX_TOKENS} tokens / ${OVERLAP} overlap, median of ${RUNS}`,
    columns: ['method', 'MB/s', 'ms', 'chunks', 'time vs ours'],
    rows: [
      row('transmute chunkDocument', ours.ms, ours.result),
      row('LangChain RecursiveCharacterTextSplitter + gpt-tokenizer', langchain.ms, langchain.result),
      row('one gpt-tokenizer encode pass (floor)', floor.ms, `${floor.result} tokens`),
    ],
    checks: [
      { name: 'at least 5x LangChain', pass: speedup >= 5, detail: `${speedup.toFixed(1)}x` },
      {
        name: 'within 2x of one tokenizer pass',
        pass: overFloor <= 2,
        detail: `${overFloor.toFixed(2)}x the floor`,
      },
    ],
  };
}
