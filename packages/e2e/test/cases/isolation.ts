import { createHash, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { waitFor } from '../support/api.js';
import { startReceiver } from '../support/receiver.js';
import { createTextJob, TEXT, uploadFile, waitForJob, type E2eCase } from './context.js';

/** Account isolation: every id of account A answers 404 to account B and never shows in B's lists. */
export const ISOLATION_CASES: E2eCase[] = [
  {
    name: 'another account’s ids answer 404 on every operation and never appear in its lists',
    async run(ctx) {
      const receiver = await startReceiver(200);
      try {
        const bytes = new TextEncoder().encode(TEXT);
        const file = await uploadFile(ctx, bytes);
        const job = await createTextJob(ctx);
        await waitForJob(ctx, job.id, ['succeeded']);
        const outputId = job.output_ids[0] ?? '';
        const endpoint = await ctx.api('POST', '/v1/webhook-endpoints', {
          idempotencyKey: randomUUID(),
          json: { url: receiver.url, events: ['job.succeeded'] },
        });
        const wh = endpoint.body.id as string;
        const delivery = await ctx.api('POST', `/v1/webhook-endpoints/${wh}/test`);
        const whd = delivery.body.id as string;
        await waitFor(
          () => ctx.api('GET', `/v1/webhook-endpoints/${wh}/deliveries`),
          (response) => response.body.data[0]?.status === 'succeeded',
        );
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        const asB: [string, string, unknown?][] = [
          ['GET', `/v1/files/${file.id}`],
          ['POST', `/v1/files/${file.id}/complete`, { size_bytes: bytes.byteLength, sha256 }],
          ['DELETE', `/v1/files/${file.id}`],
          ['GET', `/v1/jobs/${job.id}`],
          ['POST', `/v1/jobs/${job.id}/cancel`],
          ['GET', `/v1/jobs/${job.id}/outputs`],
          ['POST', `/v1/jobs/${job.id}/outputs`, { output: { profile: 'raw_source' } }],
          ['DELETE', `/v1/jobs/${job.id}`],
          ['GET', `/v1/outputs/${outputId}`],
          ['GET', `/v1/outputs/${outputId}/content`],
          ['PATCH', `/v1/webhook-endpoints/${wh}`, { description: 'stolen' }],
          ['GET', `/v1/webhook-endpoints/${wh}/deliveries`],
          ['POST', `/v1/webhook-endpoints/${wh}/deliveries/${whd}/replay`],
          ['POST', `/v1/webhook-endpoints/${wh}/pause`],
          ['POST', `/v1/webhook-endpoints/${wh}/resume`],
          ['POST', `/v1/webhook-endpoints/${wh}/rotate-secret`],
          ['POST', `/v1/webhook-endpoints/${wh}/test`],
          ['DELETE', `/v1/webhook-endpoints/${wh}`],
        ];
        for (const [method, path, json] of asB) {
          const response = await ctx.api(method, path, {
            key: ctx.b.apiKey,
            ...(json === undefined ? {} : { json }),
            ...(path.endsWith('/outputs') && method === 'POST' ? { idempotencyKey: randomUUID() } : {}),
          });
          expect(response.status, `${method} ${path}`).toBe(404);
          expect(response.body.code).toBe('not_found');
        }
        const lists = ['/v1/jobs?limit=100', '/v1/webhook-endpoints?limit=100'];
        for (const path of lists) {
          const response = await ctx.api('GET', path, { key: ctx.b.apiKey });
          expect(response.status).toBe(200);
          expect(response.text).not.toContain(job.id);
          expect(response.text).not.toContain(wh);
        }
        // Nothing of A changed.
        expect((await ctx.api('GET', `/v1/files/${file.id}`)).body.status).toBe('ready');
        expect((await ctx.api('GET', `/v1/jobs/${job.id}`)).body.status).toBe('succeeded');
        const endpoints = await ctx.api('GET', '/v1/webhook-endpoints?limit=100');
        const mine = endpoints.body.data.find((item: { id: string }) => item.id === wh);
        expect(mine.status).toBe('active');
        expect(mine.secret_last_four).toBe(endpoint.body.secret_last_four);
      } finally {
        await receiver.close();
      }
    },
  },
];
