import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENT_CASES,
  formatOf,
  inputPathOf,
  mediaTypeOf,
} from '../../../../plugins/documents/test/cases/document-cases.js';
import {
  goldenPathOf,
  PACKAGE_XML,
  MATRIX_CASES,
} from '../../../../plugins/documents/test/cases/golden-cases.js';
import { splitProfiles, type MatrixRun } from '../../../../plugins/documents/test/cases/profile-matrix.js';
import { api, expectResource, poll, waitJob, type Api } from './support/http.js';
import { readAllPages } from './support/outputs.js';
import { startService, type RunningService } from './support/service.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

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

/** Runs one job of the file in a profile and format and returns its content. */
async function contentOf(fileId: string, run: MatrixRun): Promise<string> {
  const job = await a.post('/v1/jobs', {
    source: { type: 'files', file_ids: [fileId] },
    output: { profile: run.profile, format: run.format },
  });
  expect(job.status, job.text).toBe(201);
  const done = await waitJob(a, job.body.id as string);
  expect(done.body.status, `${run.profile}: ${done.text}`).toBe('succeeded');
  return (await readAllPages(a, done.body.output_ids[0] as string)).text;
}

/**
 * JSONL records with their `source` checked and set aside: through the API it is the uploaded
 * file's id (CONTRACT §13), in the goldens the engine's own name for the document.
 */
function recordsOf(jsonl: string, fileId?: string): Record<string, unknown>[] {
  return jsonl
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const record = JSON.parse(line) as Record<string, unknown>;
      if (fileId !== undefined && 'source' in record) expect(record.source).toBe(fileId);
      return { ...record, source: 'source' in record ? '(source)' : undefined };
    });
}

// Every readable document fixture (fixtures/documents, one row each in the case table) through
// the API in its half of the six profiles; `transmute convert` runs the other half
// (profile-matrix.ts says how the format × profile matrix is covered). Each output must be its
// golden, byte for byte, and hold none of the package's XML.
describe('documents through the API (served by `transmute serve`)', () => {
  for (const [caseIndex, documentCase] of MATRIX_CASES.entries()) {
    const runs = splitProfiles(caseIndex).api;
    const label = runs.map((run) => `${run.profile} ${run.format}`).join(', ');
    it(`${formatOf(documentCase)} (${documentCase.name}): upload → job → content in ${label}`, async () => {
      const bytes = readFileSync(inputPathOf(documentCase));
      const { fileId, status, body } = await upload(
        basename(documentCase.input),
        mediaTypeOf(documentCase),
        bytes,
      );
      expect(status, JSON.stringify(body)).toBe('ready');
      const contents = await Promise.all(runs.map((run) => contentOf(fileId, run)));
      for (const [index, run] of runs.entries()) {
        const text = contents[index] ?? '';
        const golden = readFileSync(goldenPathOf(documentCase, run.profile, run.format), 'utf8');
        const where = `${documentCase.name} ${run.profile} ${run.format}`;
        expect(text, where).not.toMatch(PACKAGE_XML);
        if (run.format === 'markdown') expect(text, where).toBe(golden);
        else expect(recordsOf(text, fileId), where).toEqual(recordsOf(golden));
      }
    }, 120_000);
  }

  for (const documentCase of DOCUMENT_CASES) {
    if (!('fails' in documentCase.expect)) continue;
    const code = documentCase.expect.fails;
    it(`${documentCase.name} is refused with ${code}, at validation or by its job`, async () => {
      const bytes = readFileSync(inputPathOf(documentCase));
      const uploaded = await upload(basename(documentCase.input), mediaTypeOf(documentCase), bytes);
      if (uploaded.status === 'rejected') {
        expect(JSON.stringify(uploaded.body)).toContain(code);
        return;
      }
      expect(uploaded.status).toBe('ready');
      const job = await a.post('/v1/jobs', {
        source: { type: 'files', file_ids: [uploaded.fileId] },
        output: { profile: 'raw_source', format: 'markdown' },
      });
      expect(job.status, job.text).toBe(201);
      const done = await waitJob(a, job.body.id as string);
      // CONTRACT §3: a failed job's progress.detail and a warning carry the failure code.
      expect(done.body.status, done.text).toBe('failed');
      expect(done.body.progress.detail, done.text).toMatch(new RegExp(`^${code}: `));
      expect(done.body.warnings, done.text).toContainEqual(done.body.progress.detail);
    }, 120_000);
  }

  it('an e-mail with a docx attached: the attachment is a child document, its JSONL records carry its part', async () => {
    // Long enough (past one chunk) that the dataset has chunks of the attachment alone.
    const log = new Document({
      sections: [
        {
          children: [
            new Paragraph({ text: 'Harvest log', heading: HeadingLevel.HEADING_1 }),
            ...Array.from(
              { length: 24 },
              (_, index) =>
                new Paragraph(
                  `Entry ${String(index + 1)}: the north hives were opened, the frames weighed and the honey of the week stored in the cool cellar beside the old mill.`,
                ),
            ),
          ],
        },
      ],
    });
    const attached = (await Packer.toBuffer(log)).toString('base64').replace(/.{76}/g, '$&\r\n');
    const mail = [
      'From: Ana <ana@example.com>',
      'To: Bo <bo@example.com>',
      'Subject: Harvest log',
      'Date: Tue, 24 Nov 2026 10:00:00 +0000',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="part"',
      '',
      '--part',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'The log is attached.',
      '--part',
      `Content-Type: ${DOCX}; name="harvest.docx"`,
      'Content-Disposition: attachment; filename="harvest.docx"',
      'Content-Transfer-Encoding: base64',
      '',
      attached,
      '--part--',
      '',
    ].join('\r\n');
    const { fileId, status, body } = await upload('harvest.eml', 'message/rfc822', Buffer.from(mail));
    expect(status, JSON.stringify(body)).toBe('ready');
    const job = await a.post('/v1/jobs', {
      source: { type: 'files', file_ids: [fileId] },
      output: { profile: 'raw_source', format: 'markdown' },
    });
    expect(job.status, job.text).toBe(201);
    const done = await waitJob(a, job.body.id as string);
    expect(done.body.status, done.text).toBe('succeeded');
    const { text } = await readAllPages(a, done.body.output_ids[0] as string);
    const body_ = text.indexOf('The log is attached.');
    const attachment = text.indexOf('## Attachment: harvest.docx');
    expect(body_).toBeGreaterThan(-1);
    expect(attachment).toBeGreaterThan(body_);
    expect(text.indexOf('### Harvest log')).toBeGreaterThan(attachment);
    expect(text).toContain('Entry 24: the north hives were opened');

    const output = await a.post(`/v1/jobs/${job.body.id as string}/outputs`, {
      output: { profile: 'dataset_markdown', format: 'jsonl' },
    });
    expect(output.status, output.text).toBe(201);
    await poll(
      () => a.get(`/v1/outputs/${output.body.id as string}`),
      (r) => r.status === 200 && ['succeeded', 'failed'].includes(r.body.status as string),
      60_000,
    );
    const records = (await readAllPages(a, output.body.id as string)).text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { text: string; source: string; path: string | null });
    const child = records.find((record) => record.text.includes('Entry 24:'));
    expect(child?.source).toBe(fileId);
    expect(child?.path).toBe('attachments/harvest.docx');
    expect(records[0]?.path).not.toBe('attachments/harvest.docx');
  }, 120_000);

  it('capabilities list the document media types, valid against the spec, without source.documents', async () => {
    const reply = await a.get('/v1/capabilities');
    expectResource(reply, 200, 'Capabilities');
    expect(reply.body.file_media_types).toContain(DOCX);
    // LibreOffice is installed here (and in CI), so the legacy formats it converts are offered.
    expect(reply.body.file_media_types).toEqual(
      expect.arrayContaining([
        'application/msword',
        'application/vnd.ms-excel',
        'application/vnd.ms-powerpoint',
      ]),
    );
    expect((reply.body.plugins as { id: string }[]).map((plugin) => plugin.id)).not.toContain(
      'source.documents',
    );
  });

  it('a docx uploaded as a zip is rejected at validation, naming what it is', async () => {
    const docx = DOCUMENT_CASES.find((documentCase) => documentCase.name === 'docx-report');
    const { status, body } = await upload(
      'harvest.zip',
      'application/zip',
      readFileSync(docx === undefined ? '' : inputPathOf(docx)),
    );
    expect(status).toBe('rejected');
    expect(JSON.stringify(body)).toContain('a Word document');
  }, 120_000);
});
