import { createHash } from 'node:crypto';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  it('a docx upload → job → content is the document’s markdown', async () => {
    const { fileId, status } = await upload('harvest.docx', DOCX, await report());
    expect(status).toBe('ready');
    const job = await a.post('/v1/jobs', {
      source: { type: 'files', file_ids: [fileId] },
      output: { profile: 'raw_source', format: 'markdown' },
    });
    expect(job.status, job.text).toBe(201);
    const done = await waitJob(a, job.body.id as string);
    expect(done.body.status, done.text).toBe('succeeded');
    const { text } = await readAllPages(a, done.body.output_ids[0] as string);
    expect(text).toContain('# Harvest log');
    expect(text).toContain('The hives gave **40 kg** of honey.');
  }, 120_000);

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
