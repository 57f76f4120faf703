import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import type { RootContent } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { normalizeDocument } from '@transmute/engine';
import type { createOcrSource } from '@transmute/plugin-ocr';
import { createTestContext } from '@transmute/plugin-sdk/testing';

/** An extractor's markdown of a PDF, page by page (1-based page numbers). */
export type PagedMarkdown = Map<number, string>;

const writer = unified().use(remarkGfm).use(remarkStringify, { bullet: '-', fences: true, rule: '-' });

/**
 * Our `raw_source` markdown of a PDF, page by page: the OCR source's document (text layer, OCR off)
 * after the engine's normalization, each top-level block written on the page its provenance names.
 */
export async function ourMarkdown(
  source: ReturnType<typeof createOcrSource>,
  path: string,
): Promise<PagedMarkdown> {
  const ctx = createTestContext({ limits: { ...source.manifest.limits } });
  const extracted = await source.extract(
    { name: basename(path), mediaType: 'application/pdf', sizeBytes: statSync(path).size, path },
    ctx,
  );
  return markdownByPage(normalizeDocument(extracted).root);
}

function pageOf(node: { data?: unknown }): number | undefined {
  return (node.data as { provenance?: { page?: number } } | undefined)?.provenance?.page;
}

/** A list running over a page break as one list per page, each item on the page its provenance names. */
function byItemPage(node: RootContent): RootContent[] {
  if (node.type !== 'list') return [node];
  const parts: (typeof node)[] = [];
  node.children.forEach((item, index) => {
    const last = parts.at(-1);
    const page = pageOf(item) ?? pageOf(node) ?? 1;
    if (last !== undefined && (pageOf(last.children.at(-1) ?? {}) ?? pageOf(node) ?? 1) === page)
      last.children.push(item);
    else {
      const part = { ...node, children: [item], data: { ...node.data, provenance: { page } } };
      // A numbered list's part on a later page keeps its items' numbers.
      if (node.ordered === true && index > 0) part.start = (node.start ?? 1) + index;
      parts.push(part);
    }
  });
  return parts;
}

/**
 * A normalized tree's markdown page by page: each top-level block on the page its provenance names
 * (a list's items on their own pages).
 */
export function markdownByPage(root: { children: RootContent[] }): PagedMarkdown {
  const byPage = new Map<number, RootContent[]>();
  for (const node of root.children.flatMap(byItemPage)) {
    const page = pageOf(node) ?? 1;
    byPage.set(page, [...(byPage.get(page) ?? []), node]);
  }
  return new Map([...byPage].map(([page, children]) => [page, writer.stringify({ type: 'root', children })]));
}

interface PdfInspector {
  extractPagesMarkdown(buffer: Buffer): { pages: { page: number; markdown: string }[] };
  processPdf(buffer: Buffer): { pageCount: number; markdown?: string };
}

let inspector: PdfInspector | undefined;

/** `@firecrawl/pdf-inspector` (a native module, loaded on first use). */
export function pdfInspector(): PdfInspector {
  inspector ??= createRequire(import.meta.url)('@firecrawl/pdf-inspector') as PdfInspector;
  return inspector;
}

/** pdf-inspector's markdown of a PDF, page by page (its pages are 0-based). */
export function inspectorMarkdown(path: string): PagedMarkdown {
  const result = pdfInspector().extractPagesMarkdown(readFileSync(path));
  return new Map(result.pages.map((page) => [page.page + 1, page.markdown]));
}

const PLUMBER = `
import json, sys, pdfplumber
out = {}
with pdfplumber.open(sys.argv[1]) as pdf:
    for number, page in enumerate(pdf.pages, 1):
        out[number] = [[[cell or '' for cell in row] for row in table] for table in page.extract_tables()]
print(json.dumps(out))
`;

/** Whether python3 can import pdfplumber. */
export function hasPdfplumber(): boolean {
  return spawnSync('python3', ['-c', 'import pdfplumber'], { stdio: 'ignore' }).status === 0;
}

/** pdfplumber's default `extract_tables()` grids of each page (its `None` cells as `""`). */
export function plumberTables(path: string): Map<number, string[][][]> {
  const result = spawnSync('python3', ['-c', PLUMBER, path], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    timeout: 120_000,
  });
  if (result.status !== 0) throw new Error(`pdfplumber failed on ${path}: ${result.stderr.slice(-300)}`);
  const parsed = JSON.parse(result.stdout) as Record<string, string[][][]>;
  return new Map(Object.entries(parsed).map(([page, tables]) => [Number(page), tables]));
}
