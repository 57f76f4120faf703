/**
 * Child process of the docx and pptx benchmarks: converts one document to text with one reader and
 * prints `{"ms", "maxRssMb", "count"}` (count: characters of text) as one JSON line, so peak RSS is that conversion's alone.
 * Each reader's module is imported only in the process that uses it.
 * - `transmute`: the documents plugin's reader for the file's extension, its tree rendered to
 *   markdown with the engine's remark settings (what a user gets back).
 * - `mammoth-html`: mammoth `convertToHtml`; `mammoth-markdown`: that HTML through turndown (the
 *   usual Node path to markdown; mammoth's own `convertToMarkdown` is deprecated).
 * - `officeparser`: officeparser `parseOffice`, its tree rendered as text (`ast.to('text')`).
 * Run alone: `node --conditions=development --import tsx bench/src/internal/read-document-child.ts mammoth-html report.docx`.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import type { FormatReader } from '../../../plugins/documents/src/internal/format-reader.js';

const MODES = ['transmute', 'mammoth-html', 'mammoth-markdown', 'officeparser'] as const;
type Mode = (typeof MODES)[number];

const MEDIA_TYPES: Record<string, string> = {
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

const [mode, path = ''] = process.argv.slice(2);
if (!MODES.includes(mode as Mode) || path === '') {
  throw new Error(`usage: read-document-child.ts <${MODES.join('|')}> <file.docx|file.pptx>`);
}

async function familyFormats(extension: string): Promise<Record<string, FormatReader>> {
  // The plugin's package index is assembled by the documents plugin itself; the family's table is
  // what these benches measure (as the xlsx bench does).
  if (extension === '.docx')
    return (await import('../../../plugins/documents/src/word/index.js')).WORD_FORMATS;
  return (await import('../../../plugins/documents/src/presentation/index.js')).PRESENTATION_FORMATS;
}

async function withTransmute(): Promise<string> {
  const extension = extname(path).toLowerCase();
  const mediaType = MEDIA_TYPES[extension];
  const reader = mediaType === undefined ? undefined : (await familyFormats(extension))[mediaType];
  if (mediaType === undefined || reader === undefined) throw new Error(`no reader for ${extension}`);
  const { unified } = await import('unified');
  const remarkGfm = (await import('remark-gfm')).default;
  const remarkStringify = (await import('remark-stringify')).default;
  const document = await reader(
    { path, name: `bench${extension}`, mediaType, sizeBytes: (await stat(path)).size },
    { signal: new AbortController().signal, limits: {}, warn: () => undefined },
  );
  return unified()
    .use(remarkGfm)
    .use(remarkStringify, { bullet: '-', fences: true, rule: '-' })
    .stringify(document.root);
}

async function withMammoth(markdown: boolean): Promise<string> {
  const mammoth = (await import('mammoth')).default;
  const { value: html } = await mammoth.convertToHtml({ buffer: await readFile(path) });
  if (!markdown) return html;
  const TurndownService = (await import('turndown')).default;
  return new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' }).turndown(html);
}

async function withOfficeparser(): Promise<string> {
  const { parseOffice } = await import('officeparser');
  const ast = await parseOffice(path);
  const result = await ast.to('text');
  return String(result.value);
}

async function convert(): Promise<string> {
  switch (mode as Mode) {
    case 'transmute':
      return withTransmute();
    case 'mammoth-html':
      return withMammoth(false);
    case 'mammoth-markdown':
      return withMammoth(true);
    case 'officeparser':
      return withOfficeparser();
  }
}

const started = performance.now();
const text = await convert();
const ms = performance.now() - started;
process.stdout.write(
  `${JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024, count: text.length })}\n`,
);
