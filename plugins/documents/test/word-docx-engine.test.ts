import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  Document,
  ExternalHyperlink,
  FootnoteReferenceRun,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '@transmute/engine';
import { SDK_VERSION, TransmuteError, definePlugin, type SourceAdapter } from '@transmute/plugin-sdk';
import { createDocumentsSource } from '../src/index.js';
import { docxOf, p, withNamespaces } from './support/docx-of.js';
import { extractBytes, toMarkdown, writeTemp } from './support/read-document.js';
import { cliNodeArgs } from '../../../scripts/cli-under-test.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const root = fileURLToPath(new URL('../../../', import.meta.url));

/** A realistic report written with the `docx` library (what Word-compatible writers produce). */
async function report(): Promise<Buffer> {
  const document = new Document({
    title: 'Quarterly report',
    creator: 'Ana Lima',
    numbering: {
      config: [
        {
          reference: 'steps',
          levels: [
            { level: 0, format: LevelFormat.DECIMAL, text: '%1.', start: 1 },
            { level: 1, format: LevelFormat.LOWER_LETTER, text: '%2)', start: 1 },
          ],
        },
      ],
    },
    footnotes: { 1: { children: [new Paragraph('Unaudited figures.')] } },
    sections: [
      {
        children: [
          new Paragraph({ text: 'Quarterly report', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [
              new TextRun('Revenue grew '),
              new TextRun({ text: '12%', bold: true }),
              new TextRun(' in '),
              new TextRun({ text: 'every', italics: true }),
              new TextRun(' region'),
              new FootnoteReferenceRun(1),
              new TextRun('. See '),
              new ExternalHyperlink({
                link: 'https://example.com/q3',
                children: [new TextRun('the details')],
              }),
              new TextRun('.'),
            ],
          }),
          new Paragraph({ text: 'Next steps', heading: HeadingLevel.HEADING_2 }),
          new Paragraph({ text: 'Hire', numbering: { reference: 'steps', level: 0 } }),
          new Paragraph({ text: 'Two engineers', numbering: { reference: 'steps', level: 1 } }),
          new Paragraph({ text: 'Ship', numbering: { reference: 'steps', level: 0 } }),
          new Table({
            rows: [
              new TableRow({
                children: [
                  new TableCell({ children: [new Paragraph('Region')] }),
                  new TableCell({ children: [new Paragraph('Sales')] }),
                ],
              }),
              new TableRow({
                children: [
                  new TableCell({ children: [new Paragraph('North')] }),
                  new TableCell({ children: [new Paragraph('120')] }),
                ],
              }),
            ],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

const EXPECTED = [
  '# Quarterly report',
  '',
  'Revenue grew **12%** in _every_ region[^1]. See [the details](https://example.com/q3).',
  '',
  '## Next steps',
  '',
  '1. Hire',
  '   1. Two engineers',
  '2. Ship',
  '',
  '| Region | Sales |',
  '| ------ | ----- |',
  '| North  | 120   |',
  '',
  '[^1]: Unaudited figures.',
  '',
].join('\n');

describe('docx written by the docx library', () => {
  const plugin = createDocumentsSource();
  afterAll(() => plugin.close?.());

  it('reads headings, runs, a footnote, a link, a numbered list and a table', async () => {
    const document = await extractBytes(plugin, 'report.docx', DOCX, await report());
    expect(toMarkdown(document.root)).toBe(EXPECTED);
    expect(document.metadata).toMatchObject({ title: 'Quarterly report', author: 'Ana Lima' });
  });
});

describe('docx through the engine and the CLI', () => {
  const engine = createEngine({ plugins: [createDocumentsSource()] });
  afterAll(() => engine.close());

  it('engine.prepare reads a docx as the document, never a repository digest', async () => {
    const path = await writeTemp('report.docx', await report());
    const { document } = await engine.prepare({
      type: 'files',
      files: [{ name: 'report.docx', mediaType: DOCX, sizeBytes: (await stat(path)).size, path }],
    });
    expect(document.text).toContain('Quarterly report');
    expect(document.text).toContain('Revenue grew 12% in every region');
    expect(document.root.children.map((block) => block.type)).toContain('table');
  });

  it('a docx with comments and no headings of its own is not titled by its comments section', async () => {
    // The shape of mammoth's comments.docx: one paragraph, a comment on its word, a reply.
    const comments = withNamespaces(
      'w:comments',
      `<w:comment w:id="0" w:author="Ana Lima">${p('Which hive?')}</w:comment>` +
        `<w:comment w:id="2" w:author="Ana Lima">${p('Fin.')}</w:comment>`,
    );
    const body =
      '<w:p><w:commentRangeStart w:id="0"/><w:r><w:t>Ouch</w:t></w:r><w:commentRangeEnd w:id="0"/>' +
      '<w:r><w:commentReference w:id="0"/></w:r><w:r><w:t>.</w:t></w:r></w:p>';
    const path = await writeTemp(
      'comments.docx',
      await docxOf({ body, parts: { 'word/comments.xml': comments } }),
    );
    const { document } = await engine.prepare({
      type: 'files',
      files: [{ name: 'comments.docx', mediaType: DOCX, sizeBytes: (await stat(path)).size, path }],
    });
    expect(document.text).toBe(
      'Ouch.\n\n## Comments\n\n- Ana Lima: Which hive? (on “Ouch”)\n- Ana Lima: Fin.',
    );
  });

  it('reads a docx even behind a source that takes every zip (the declared type decides first)', async () => {
    const greedy = definePlugin<SourceAdapter>({
      manifest: {
        id: 'test.every_zip',
        kind: 'source_adapter',
        canonicalIdentifier: 'every_zip.v1',
        useCase: 'Takes every zip, as a code-archive reader does.',
        mediaTypes: ['application/zip'],
        outputFormats: [],
        costUnit: 'files',
        limits: {},
        qualityThreshold: 0,
        sdkVersion: SDK_VERSION,
      },
      health: async () => ({ ok: true }),
      accepts: (probe) => probe.head[0] === 0x50 && probe.head[1] === 0x4b,
      extract: () => Promise.reject(new TransmuteError('unsupported_content', 'read as a zip archive')),
    });
    const both = createEngine({ plugins: [greedy, createDocumentsSource()] });
    try {
      const path = await writeTemp('report.docx', await report());
      const { document } = await both.prepare({
        type: 'files',
        files: [{ name: 'report.docx', mediaType: DOCX, sizeBytes: (await stat(path)).size, path }],
      });
      expect(document.text).toContain('Quarterly report');
    } finally {
      await both.close();
    }
  });

  it('capabilities take its media types but list no plugin outside the spec’s ids (CONTRACT §12)', async () => {
    const capabilities = await engine.capabilities();
    expect(capabilities.fileMediaTypes).toContain(DOCX);
    expect(capabilities.plugins.map((plugin) => plugin.id)).not.toContain('source.documents');
  });

  it('refuses at validation a docx uploaded as a zip, naming what it is', async () => {
    const path = await writeTemp('report.zip', await report());
    const inspection = await engine.inspectFile({
      name: 'report.zip',
      mediaType: 'application/zip',
      sizeBytes: (await stat(path)).size,
      path,
    });
    expect(inspection).toMatchObject({ ok: false, code: 'media_type_mismatch' });
    expect(!inspection.ok && inspection.detail).toContain('a Word document');
  });

  it('`transmute convert report.docx` prints the document’s markdown', async () => {
    const dir = await writeTemp('report.docx', await report());
    const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve, reject) => {
        const child = spawn(process.execPath, [...cliNodeArgs(), 'convert', dir], {
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^# Quarterly report\n/);
    expect(run.stdout).toContain('1. Hire');
    expect(run.stdout).toContain('| North | 120 |');
    expect(run.stdout).not.toContain('```');
  }, 60_000);
});
