/**
 * Reads one docx with a pool whose idle threads would live an hour, prints its text, and returns:
 * the process exits only if the idle thread does not keep it alive (parse-pool.test.ts).
 */
import { stat } from 'node:fs/promises';
import { toString } from 'mdast-util-to-string';
import { parseInPool } from '../../src/internal/parse-in-worker.js';
import { ParsePool } from '../../src/internal/parse-pool.js';

const path = process.argv[2] ?? '';
const pool = new ParsePool({ size: 1, idleTimeoutMs: 3_600_000 });
const { size } = await stat(path);
const mediaType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const { document } = await parseInPool(
  pool,
  { file: { path, name: 'input.docx', mediaType, sizeBytes: size }, limits: {} },
  { timeoutMs: 60_000, maxHeapMb: 1024, signal: new AbortController().signal },
);
process.stdout.write(toString(document.root));
