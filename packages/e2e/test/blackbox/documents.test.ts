import { createHash } from 'node:crypto';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import pptxgenjs from 'pptxgenjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectResource, poll, waitJob, type Api } from './support/http.js';
import { readAllPages } from './support/outputs.js';
import { startService, type RunningService } from './support/service.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
// pptxgenjs runs as ESM (its default export is the class) but is typed as CommonJS.
const PptxGenJS = pptxgenjs as unknown as typeof pptxgenjs.default;

async function workbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Harvest');
  sheet.addRows([
    ['Hive', 'Share'],
    ['North', 0.125],
  ]);
  sheet.getColumn(2).numFmt = '0.0%';
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function deck(): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.addSlide().addText('Hives of the north valley', { x: 1, y: 1, w: 8, h: 1 });
  return Buffer.from((await pptx.write({ outputType: 'nodebuffer' })) as ArrayBuffer);
}

const NOTEBOOK = JSON.stringify({
  cells: [
    { cell_type: 'markdown', metadata: {}, source: ['# Harvest notebook\n', 'Weights by *hive*.'] },
    {
      cell_type: 'code',
      execution_count: 1,
      metadata: {},
      outputs: [{ name: 'stdout', output_type: 'stream', text: ['40\n'] }],
      source: ['print(40)'],
    },
  ],
  metadata: { kernelspec: { display_name: 'Python 3', language: 'python', name: 'python3' } },
  nbformat: 4,
  nbformat_minor: 5,
});

const MAIL = [
  'From: Ana <ana@example.com>',
  'To: Bo <bo@example.com>',
  'Subject: =?UTF-8?B?SGFydmVzdCByw6lzdW3DqQ==?=',
  'Date: Tue, 24 Nov 2026 10:00:00 +0000',
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'The hives gave forty kilograms this season.',
  '',
].join('\r\n');

const FEED =
  '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Apiary news</title>' +
  '<link>https://example.com/</link><description>News</description><item><title>Spring harvest</title>' +
  '<link>https://example.com/1</link><description>&lt;p&gt;Forty &lt;b&gt;kilograms&lt;/b&gt;&lt;/p&gt;</description></item></channel></rss>';

const ATOM =
  '<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Apiary log</title>' +
  '<id>urn:x</id><updated>2026-11-24T10:00:00Z</updated><entry><title>Autumn check</title><id>urn:y</id>' +
  '<updated>2026-11-24T10:00:00Z</updated><content type="html">&lt;p&gt;All hives healthy&lt;/p&gt;</content></entry></feed>';

/** Each format through the API: its name, media type, bytes and what its markdown must hold. */
const FORMATS: [name: string, mediaType: string, bytes: () => Promise<Buffer>, expected: string[]][] = [
  ['harvest.docx', DOCX, report, ['# Harvest log', 'The hives gave **40 kg** of honey.']],
  [
    'harvest.xlsx',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    workbook,
    ['Harvest', '| North | 12.5% |'],
  ],
  [
    'hives.pptx',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    deck,
    ['Slide 1', 'Hives of the north valley'],
  ],
  [
    'harvest.ipynb',
    'application/x-ipynb+json',
    () => Promise.resolve(Buffer.from(NOTEBOOK)),
    ['# Harvest notebook', '```python', 'print(40)'],
  ],
  [
    'harvest.eml',
    'message/rfc822',
    () => Promise.resolve(Buffer.from(MAIL)),
    ['Harvest résumé', 'forty kilograms'],
  ],
  [
    'apiary.rss',
    'application/rss+xml',
    () => Promise.resolve(Buffer.from(FEED)),
    ['Apiary news', 'Spring harvest', 'Forty **kilograms**'],
  ],
  [
    'apiary.atom',
    'application/atom+xml',
    () => Promise.resolve(Buffer.from(ATOM)),
    ['Apiary log', 'Autumn check', 'All hives healthy'],
  ],
];

let service: RunningService;
let a: Api;

beforeAll(async () => {
  service = await startService();
  a = api(service.baseUrl, service.accounts[0]?.apiKey ?? '');
}, 180_000);

afterAll(async () => {
  await service?.stop();
});

const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

async function report(): Promise<Buffer> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'Harvest log', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [
              new TextRun('The hives gave '),
              new TextRun({ text: '40 kg', bold: true }),
              new TextRun(' of honey.'),
            ],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

/** Intent → PUT → complete; resolves to the file id and its terminal status. */
async function upload(
  name: string,
  mediaType: string,
  bytes: Buffer,
): Promise<{ fileId: string; status: string; body: Record<string, unknown> }> {
  const created = await a.post('/v1/upload-intents', {
    name,
    media_type: mediaType,
    size_bytes: bytes.length,
    sha256: sha256(bytes),
  });
  expect(created.status, created.text).toBe(201);
  const put = await fetch(created.body.upload_url as string, {
    method: created.body.upload_method as string,
    headers: created.body.upload_headers as Record<string, string>,
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBeLessThan(300);
  const fileId = created.body.file_id as string;
  expect(
    (await a.post(`/v1/files/${fileId}/complete`, { size_bytes: bytes.length, sha256: sha256(bytes) }))
      .status,
  ).toBe(202);
  const done = await poll(
    () => a.get(`/v1/files/${fileId}`),
    (r) => r.status === 200 && ['ready', 'rejected', 'expired'].includes(r.body.status as string),
    60_000,
  );
  return { fileId, status: done.body.status as string, body: done.body };
}

describe('documents through the API (served by `transmute serve`)', () => {
  for (const [name, mediaType, bytes, expected] of FORMATS) {
    it(`${name} (${mediaType}): upload → job → content is its markdown`, async () => {
      const { fileId, status, body } = await upload(name, mediaType, await bytes());
      expect(status, JSON.stringify(body)).toBe('ready');
      const job = await a.post('/v1/jobs', {
        source: { type: 'files', file_ids: [fileId] },
        output: { profile: 'raw_source', format: 'markdown' },
      });
      expect(job.status, job.text).toBe(201);
      const done = await waitJob(a, job.body.id as string);
      expect(done.body.status, done.text).toBe('succeeded');
      const { text } = await readAllPages(a, done.body.output_ids[0] as string);
      for (const piece of expected) expect(text).toContain(piece);
      expect(text).not.toMatch(/<\?xml|\[Content_Types\]/);
    }, 120_000);
  }

  it('capabilities list the document media types, valid against the spec, without source.documents', async () => {
    const reply = await a.get('/v1/capabilities');
    expectResource(reply, 200, 'Capabilities');
    expect(reply.body.file_media_types).toContain(DOCX);
    expect((reply.body.plugins as { id: string }[]).map((plugin) => plugin.id)).not.toContain(
      'source.documents',
    );
  });

  it('a docx uploaded as a zip is rejected at validation, naming what it is', async () => {
    const { status, body } = await upload('harvest.zip', 'application/zip', await report());
    expect(status).toBe('rejected');
    expect(JSON.stringify(body)).toContain('a Word document');
  }, 120_000);
});
