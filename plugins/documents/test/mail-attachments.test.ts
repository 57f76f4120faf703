import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import type { RootContent } from 'mdast';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type EngineOptions } from '@transmute/engine';
import type { NormalizedDocument } from '@transmute/plugin-sdk';
import { createDocumentsSource } from '../src/index.js';
import { writeAttachments } from '../src/internal/write-attachments.js';
import { msgOf } from './support/msg-of.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ELF = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...Array<number>(56).fill(0)]);

let dir: string;
let docx: Buffer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mail-attachments-'));
  const report = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'Quarterly report', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('Revenue grew by twelve percent.'),
        ],
      },
    ],
  });
  docx = await Packer.toBuffer(report);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A MIME part with a file name, its content base64 encoded in 76-character lines. */
function filePart(name: string, mediaType: string, bytes: Buffer): string {
  const base64 = bytes.toString('base64').replace(/.{76}/g, '$&\r\n');
  return [
    `Content-Type: ${mediaType}; name="${name}"`,
    `Content-Disposition: attachment; filename="${name}"`,
    'Content-Transfer-Encoding: base64',
    '',
    base64,
  ].join('\r\n');
}

function emlWith(docxBytes: Buffer): string {
  const forwarded = [
    'From: Cy <cy@example.com>',
    'Subject: Earlier thread',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'The earlier words about the budget.',
  ].join('\r\n');
  return [
    'From: Ann <ann@example.com>',
    'To: bob@example.com',
    'Subject: Quarterly pack',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hello Bob, the pack is attached.',
    '--b1',
    filePart('report.docx', DOCX, docxBytes),
    '--b1',
    filePart('numbers.csv', 'text/csv', Buffer.from('region,units\r\nNorth,120\r\n')),
    '--b1',
    filePart('tool.bin', 'application/octet-stream', ELF),
    '--b1',
    'Content-Type: message/rfc822',
    'Content-Disposition: attachment; filename="fwd.eml"',
    '',
    forwarded,
    '--b1--',
    '',
  ].join('\r\n');
}

async function prepare(
  name: string,
  mediaType: string,
  bytes: Buffer,
  options: EngineOptions = {},
): Promise<{ document: NormalizedDocument; warnings: string[] }> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  const engine = createEngine({ ...options, plugins: [createDocumentsSource()] });
  try {
    return await engine.prepare({
      type: 'files',
      files: [{ fileId: 'file_mail', name, mediaType, sizeBytes: bytes.length, path }],
    });
  } finally {
    await engine.close();
  }
}

const textOf = (node: RootContent): string =>
  'children' in node ? node.children.map(textOf).join(' ') : 'value' in node ? node.value : '';

/** Each top-level block as `<type>[depth] <first words> @ <path>`. */
const outline = (document: NormalizedDocument): string[] =>
  document.root.children.map(
    (node) =>
      `${node.type}${node.type === 'heading' ? String(node.depth) : ''} ${textOf(node).slice(0, 24)} @ ${node.data?.provenance?.path ?? '-'}`,
  );

describe('e-mail attachments become child documents of the same job', () => {
  it('an .eml: a docx, a CSV and an attached message follow the body in order; a binary stays listed', async () => {
    const { document, warnings } = await prepare('pack.eml', 'message/rfc822', Buffer.from(emlWith(docx)));
    expect(outline(document)).toEqual([
      'heading1 Quarterly pack @ header',
      'paragraph From: Ann <ann@example.c @ header',
      'paragraph Hello Bob, the pack is a @ text/plain',
      'heading2 Attachments @ attachments',
      'list report.docx (application @ attachments',
      'heading2 Attachment: report.docx @ attachments/report.docx',
      'heading3 Quarterly report @ attachments/report.docx',
      'paragraph Revenue grew by twelve p @ attachments/report.docx',
      'heading2 Attachment: numbers.csv @ attachments/numbers.csv',
      'table region units North 120 @ attachments/numbers.csv',
      'heading2 Attachment: fwd.eml @ attachments/fwd.eml',
      'heading3 Earlier thread @ attachments/fwd.eml/header',
      'paragraph From: Cy <cy@example.com @ attachments/fwd.eml/header',
      'paragraph The earlier words about  @ attachments/fwd.eml/text/plain',
    ]);
    expect(textOf(document.root.children[4] as RootContent)).toContain('tool.bin (application/octet-stream');
    expect(warnings).toEqual(['attachment_not_converted: tool.bin (application/x-elf)']);
    for (const node of document.root.children) expect(node.data?.provenance?.fileId).toBe('file_mail');
    const revenue = document.chunks.find((chunk) => chunk.text.includes('Revenue grew'));
    expect(revenue?.provenance.fileId).toBe('file_mail');
  });

  it('an .msg: its attachment (declared octet-stream, sniffed as docx) and an embedded message (written as a .msg) follow the body', async () => {
    const msg = msgOf({
      messageClass: 'IPM.Note',
      subject: 'Report attached',
      senderName: 'Ann Lee',
      senderSmtpAddress: 'ann@example.com',
      body: 'Please read the report.',
      attachments: [
        { fileName: 'report.docx', mimeTag: 'application/octet-stream', content: docx },
        {
          message: {
            messageClass: 'IPM.Note',
            subject: 'Earlier thread',
            body: 'The earlier words about the budget.',
            attachments: [{ fileName: 'deep.csv', mimeTag: 'text/csv', content: Buffer.from('k,v\nx,1\n') }],
          },
        },
      ],
    });
    const { document, warnings } = await prepare('note.msg', 'application/vnd.ms-outlook', msg);
    expect(warnings).toEqual([]);
    expect(outline(document).slice(5)).toEqual([
      'heading2 Attachment: report.docx @ attachments/report.docx',
      'heading3 Quarterly report @ attachments/report.docx',
      'paragraph Revenue grew by twelve p @ attachments/report.docx',
      'heading2 Attachment: Earlier thre @ attachments/Earlier thread.msg',
      'heading3 Earlier thread @ attachments/Earlier thread.msg/header',
      'paragraph The earlier words about  @ attachments/Earlier thread.msg/text/plain',
      'heading4 Attachments @ attachments/Earlier thread.msg/attachments',
      'list deep.csv (text/csv, 8 B) @ attachments/Earlier thread.msg/attachments',
      'heading4 Attachment: deep.csv @ attachments/Earlier thread.msg/attachments/deep.csv',
      'table k v x 1 @ attachments/Earlier thread.msg/attachments/deep.csv',
    ]);
    expect(outline(document)[2]).toBe('paragraph Please read the report. @ text/plain');
    // An embedded message is a storage, not a stream: it is listed without a size.
    expect(textOf(document.root.children[4] as RootContent)).toContain(
      'Earlier thread.msg (application/vnd.ms-outlook)',
    );
  });

  it('past maximum_attachments the rest are listed only, with a warning; a corrupt child does not fail the job', async () => {
    const corrupt = Buffer.from(docx.subarray(0, 200));
    const eml = emlWith(corrupt);
    const { document, warnings } = await prepare('limited.eml', 'message/rfc822', Buffer.from(eml), {
      limits: { 'source.documents': { maximum_attachments: 2 } },
    });
    expect(warnings[0]).toBe(
      'attachment_not_converted: 2 attachments past maximum_attachments (2) are listed only.',
    );
    expect(warnings[1]).toMatch(/^attachment_failed: report\.docx: /);
    expect(warnings).toHaveLength(2);
    expect(outline(document).filter((line) => line.startsWith('heading2 Attachment:'))).toEqual([
      'heading2 Attachment: numbers.csv @ attachments/numbers.csv',
    ]);
  });
});

describe('writeAttachments', () => {
  it('names files by position and a sanitized name inside the directory, dedupes parts, never trusts a path', async () => {
    const outputDir = await mkdtemp(join(dir, 'out-'));
    const warnings: string[] = [];
    const file = (name: string, text: string) => ({
      name,
      mediaType: 'text/plain',
      read: () => Buffer.from(text),
    });
    const written = await writeAttachments(
      [
        file('../../etc/passwd', 'a'),
        file('C:\\temp\\x.txt', 'b'),
        file('same.txt', 'c'),
        file('same.txt', 'd'),
        file('...', 'e'),
        {
          name: 'unreadable.txt',
          mediaType: 'text/plain',
          read: () => {
            throw new Error('gone');
          },
        },
      ],
      {
        signal: new AbortController().signal,
        limits: { maximum_attachment_bytes: 4 },
        warn: (code, detail) => warnings.push(`${code}: ${detail}`),
        outputDir,
      },
    );
    expect(written.map((attachment) => attachment.path.slice(outputDir.length + 1))).toEqual([
      '001-passwd',
      '002-x.txt',
      '003-same.txt',
      '004-same.txt',
    ]);
    expect(written.map((attachment) => attachment.part)).toEqual([
      'attachments/.._.._etc_passwd',
      'attachments/C:_temp_x.txt',
      'attachments/same.txt',
      'attachments/same.txt (2)',
    ]);
    for (const attachment of written) expect(dirname(attachment.path)).toBe(outputDir);
    expect(await readFile(written[3]?.path ?? '', 'utf8')).toBe('d');
    expect((await readdir(outputDir)).length).toBe(4);
    expect(warnings).toEqual([
      'attachment_not_converted: ... (the attachments would exceed maximum_attachment_bytes, 4 bytes)',
      'attachment_not_converted: unreadable.txt (its bytes could not be read: Error: gone)',
    ]);
  });
});
