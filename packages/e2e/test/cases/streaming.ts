import { createHash, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect } from 'vitest';
import { createTextJob, waitForJob, type E2eCase } from './context.js';

const MIB = 1024 * 1024;

/** A full GC on demand, so only memory still referenced is measured (not garbage awaiting collection). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** PUTs `count` chunks from `next` with backpressure; resolves with the status and body text. */
function putStream(
  url: string,
  headers: Record<string, string>,
  count: number,
  next: (sent: number) => Uint8Array,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'PUT', headers: { ...headers, 'content-length': String(count * MIB) } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (text: string) => (body += text));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    let sent = 0;
    const write = (): void => {
      while (sent < count) {
        sent += 1;
        if (!req.write(next(sent))) {
          req.once('drain', write);
          return;
        }
      }
      req.end();
    };
    write();
  });
}

/** Streaming bodies: big uploads with bounded memory, binary artifacts. */
export const STREAMING_CASES: E2eCase[] = [
  {
    name: 'a 100 MiB upload streams to storage with bounded memory',
    async run(ctx) {
      const chunk = new Uint8Array(MIB).fill(97);
      const chunks = 100;
      const hash = createHash('sha256');
      for (let i = 0; i < chunks; i++) hash.update(chunk);
      const sha256 = hash.digest('hex');
      const intent = await ctx.api('POST', '/v1/upload-intents', {
        idempotencyKey: randomUUID(),
        json: { name: 'big.txt', media_type: 'text/plain', size_bytes: chunks * MIB, sha256 },
      });
      expect(intent.status).toBe(201);
      // Retained ArrayBuffer memory (Buffers, Uint8Arrays) is where a buffered body would show up.
      collectGarbage();
      const before = process.memoryUsage().arrayBuffers;
      let peak = before;
      // node:http as the client: undici's fetch keeps every chunk of a streamed body until the
      // request ends, which would hide what the server does.
      const put = await putStream(
        intent.body.upload_url as string,
        intent.body.upload_headers as Record<string, string>,
        chunks,
        (sent) => {
          if (sent % 10 === 0) {
            collectGarbage();
            peak = Math.max(peak, process.memoryUsage().arrayBuffers);
          }
          return chunk.slice();
        },
      );
      expect(put.status, put.body).toBe(200);
      expect((JSON.parse(put.body) as { size_bytes: number }).size_bytes).toBe(chunks * MIB);
      // Client and server share this process: buffering the body anywhere would add ~100 MiB;
      // streaming stays well under the 64 MB (the Web Request bridges hold a few chunks).
      expect((peak - before) / MIB).toBeLessThan(48);
      const complete = await ctx.api('POST', `/v1/files/${String(intent.body.file_id)}/complete`, {
        json: { size_bytes: chunks * MIB, sha256 },
      });
      expect(complete.status).toBe(202);
    },
  },
  {
    name: 'a zip output downloads as a zip and its content is not paginable',
    async run(ctx) {
      const job = await createTextJob(ctx, { output: { profile: 'dataset_markdown', format: 'zip' } });
      const done = await waitForJob(ctx, job.id, ['succeeded', 'failed']);
      expect(done.body.status, JSON.stringify(done.body)).toBe('succeeded');
      const outputId = job.output_ids[0] ?? '';
      const content = await ctx.api('GET', `/v1/outputs/${outputId}/content`);
      expect(content.status).toBe(409);
      expect(content.body.code).toBe('content_not_paginable');
      const output = await ctx.api('GET', `/v1/outputs/${outputId}`);
      const file = output.body.manifest.files[0];
      const download = await fetch(file.download_url as string);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toMatch(/^application\/zip/);
      const bytes = new Uint8Array(await download.arrayBuffer());
      expect(bytes.byteLength).toBe(file.size_bytes);
      expect(String.fromCharCode(bytes[0] ?? 0, bytes[1] ?? 0)).toBe('PK');
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
    },
  },
];
