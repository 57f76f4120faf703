import { createHash, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { TEXT, uploadFile, waitForJob, type CaseContext, type E2eCase } from './context.js';

const sha = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

async function intent(
  ctx: CaseContext,
  bytes: Uint8Array,
): Promise<{ file_id: string; upload_url: string; upload_headers: Record<string, string> }> {
  const response = await ctx.api('POST', '/v1/upload-intents', {
    idempotencyKey: randomUUID(),
    json: { name: 'notes.txt', media_type: 'text/plain', size_bytes: bytes.byteLength, sha256: sha(bytes) },
  });
  expect(response.status).toBe(201);
  expect(response.headers.get('location')).toBe(`/v1/files/${String(response.body.file_id)}`);
  expect(response.body.upload_method).toBe('PUT');
  return response.body;
}

/** Direct uploads and file sources. */
export const FILE_CASES: E2eCase[] = [
  {
    name: 'a file goes through intent, PUT and complete to ready, feeds a job and is deleted',
    async run(ctx) {
      const bytes = new TextEncoder().encode(TEXT);
      const file = await uploadFile(ctx, bytes);
      expect(file.status).toBe('ready');
      const again = await ctx.api('POST', `/v1/files/${file.id}/complete`, {
        json: { size_bytes: bytes.byteLength, sha256: sha(bytes) },
      });
      expect(again.status).toBe(200);
      const job = await ctx.api('POST', '/v1/jobs', {
        idempotencyKey: randomUUID(),
        json: {
          source: { type: 'files', file_ids: [file.id] },
          output: { profile: 'raw_source', format: 'markdown' },
        },
      });
      expect(job.status, job.text).toBe(201);
      expect(job.body.source_type).toBe('files');
      const done = await waitForJob(ctx, job.body.id, ['succeeded', 'failed']);
      expect(done.body.status, JSON.stringify(done.body)).toBe('succeeded');
      expect((await ctx.api('DELETE', `/v1/files/${file.id}`)).status).toBe(204);
      expect((await ctx.api('GET', `/v1/files/${file.id}`)).status).toBe(404);
      expect((await ctx.api('DELETE', `/v1/files/${file.id}`)).status).toBe(404);
    },
  },
  {
    name: 'uploads refuse early completion, extra bytes and a PUT after completion',
    async run(ctx) {
      const bytes = new TextEncoder().encode('Some plain text for the upload rules.');
      const created = await intent(ctx, bytes);
      const early = await ctx.api('POST', `/v1/files/${created.file_id}/complete`, {
        json: { size_bytes: bytes.byteLength, sha256: sha(bytes) },
      });
      expect(early.status).toBe(409);
      expect(early.body.code).toBe('upload_not_received');
      const tooMany = await fetch(created.upload_url, {
        method: 'PUT',
        headers: created.upload_headers,
        body: new Uint8Array(bytes.byteLength + 10),
      });
      expect(tooMany.status).toBe(413);
      expect(tooMany.headers.get('content-type')).toBe('application/problem+json');
      const put = await fetch(created.upload_url, {
        method: 'PUT',
        headers: created.upload_headers,
        body: bytes,
      });
      expect(put.status).toBe(200);
      const complete = await ctx.api('POST', `/v1/files/${created.file_id}/complete`, {
        json: { size_bytes: bytes.byteLength, sha256: sha(bytes) },
      });
      expect(complete.status).toBe(202);
      expect(complete.body.status).toBe('validating');
      const late = await fetch(created.upload_url, {
        method: 'PUT',
        headers: created.upload_headers,
        body: bytes,
      });
      expect(late.status).toBe(409);
      const bad = await fetch(`${ctx.stack.url}/uploads/not-a-token`, { method: 'PUT', body: bytes });
      expect(bad.status).toBe(404);
    },
  },
  {
    name: 'a complete that differs from the intent is refused and changes nothing; the right one follows',
    async run(ctx) {
      const bytes = new TextEncoder().encode('Bytes whose completion will not match.');
      const created = await intent(ctx, bytes);
      const put = await fetch(created.upload_url, {
        method: 'PUT',
        headers: created.upload_headers,
        body: bytes,
      });
      expect(put.status).toBe(200);
      const mismatch = await ctx.api('POST', `/v1/files/${created.file_id}/complete`, {
        json: { size_bytes: bytes.byteLength, sha256: 'f'.repeat(64) },
      });
      expect(mismatch.status).toBe(422);
      expect(mismatch.body.code).toBe('upload_mismatch');
      const file = await ctx.api('GET', `/v1/files/${created.file_id}`);
      expect(file.body.status).toBe('uploaded');
      const complete = await ctx.api('POST', `/v1/files/${created.file_id}/complete`, {
        json: { size_bytes: bytes.byteLength, sha256: sha(bytes) },
      });
      expect(complete.status).toBe(202);
      expect(complete.body.status).toBe('validating');
    },
  },
  {
    name: 'a job naming a file of another account fails validation on that field',
    async run(ctx) {
      const file = await uploadFile(ctx, new TextEncoder().encode(TEXT), { key: ctx.b.apiKey });
      const response = await ctx.api('POST', '/v1/jobs', {
        idempotencyKey: randomUUID(),
        json: { source: { type: 'files', file_ids: [file.id] }, output: { profile: 'raw_source' } },
      });
      expect(response.status).toBe(422);
      expect(response.body.code).toBe('validation_failed');
      expect(response.body.field_errors[0].field).toBe('source.file_ids[0]');
    },
  },
];
