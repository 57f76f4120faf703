import { spawnSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SourceFile, StageContext } from '@transmute/plugin-sdk';
import type { UsageUnit } from '@transmute/contract';
import { normalizeDocument } from '@transmute/engine';
import type { Root, RootContent } from 'mdast';
import type { createOcrSource } from '../src/index.js';
import { toString } from 'mdast-util-to-string';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const fixtures = join(repoRoot, 'fixtures/ocr');

/** A stage context that records what the plugin reports. */
export function createTestContext(limits: Record<string, number>, signal = new AbortController().signal) {
  const warnings: string[] = [];
  const meters: Partial<Record<UsageUnit, number>> = {};
  const progress: string[] = [];
  const ctx: StageContext = {
    signal,
    limits,
    workDir: mkdtempSync(join(tmpdir(), 'ocr-test-')),
    progress: (_percent, detail) => {
      if (detail !== undefined) progress.push(detail);
    },
    warn: (code, detail) => warnings.push(`${code}: ${detail}`),
    meter: (unit, quantity) => {
      meters[unit] = (meters[unit] ?? 0) + quantity;
    },
    stage: () => undefined,
  };
  return { ctx, warnings, meters, progress };
}

/** The top-level nodes a source makes of a PDF, after the engine's normalization. */
export async function readPdfNodes(
  source: ReturnType<typeof createOcrSource>,
  path: string,
): Promise<RootContent[]> {
  const { ctx } = createTestContext(source.manifest.limits);
  return normalizeDocument(await source.extract(toSourceFile(path, 'application/pdf'), ctx)).root.children;
}

/** A source file for a path on disk. */
export function toSourceFile(path: string, mediaType: string, fileId?: string): SourceFile {
  const file: SourceFile = { name: basename(path), mediaType, sizeBytes: statSync(path).size, path };
  if (fileId !== undefined) file.fileId = fileId;
  return file;
}

/** Lowercased word tokens (letters and digits). */
export function toTokens(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token.length > 0);
}

/** Token F1 of two texts as bags of words (order-insensitive). */
export function tokenF1(candidate: string, reference: string): number {
  const a = toTokens(candidate);
  const b = toTokens(reference);
  if (a.length === 0 && b.length === 0) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const token of b) counts.set(token, (counts.get(token) ?? 0) + 1);
  let overlap = 0;
  for (const token of a) {
    const left = counts.get(token) ?? 0;
    if (left > 0) {
      overlap += 1;
      counts.set(token, left - 1);
    }
  }
  const precision = overlap / a.length;
  const recall = overlap / b.length;
  return overlap === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

/** Character error rate: edit distance over reference length (whitespace runs folded to one space). */
export function characterErrorRate(candidate: string, reference: string): number {
  const a = candidate.replace(/\s+/g, ' ').trim();
  const b = reference.replace(/\s+/g, ' ').trim();
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return (previous[b.length] ?? 0) / Math.max(1, b.length);
}

/** pdftotext's text of a PDF (the independent oracle); '' when poppler cannot read the file. */
export function pdftotext(path: string): string {
  const result = spawnSync('pdftotext', ['-enc', 'UTF-8', path, '-'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    timeout: 60_000,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return result.stdout ?? '';
}

/** Plain text of a tree, block by block, table cells separated by spaces. */
export function toPlainText(root: Root): string {
  const blocks: string[] = [];
  for (const node of root.children) {
    if (node.type === 'table') {
      for (const row of node.children) blocks.push(row.children.map((cell) => toString(cell)).join(' '));
    } else {
      blocks.push(toString(node));
    }
  }
  return blocks.join('\n');
}
