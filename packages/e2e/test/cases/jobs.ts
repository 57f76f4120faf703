import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { waitFor } from '../support/api.js';
import { createTextJob, waitForJob, type E2eCase } from './context.js';

/** Jobs, outputs, content and artifacts. */
export const JOB_CASES: E2eCase[] = [
  {
    name: 'getCapabilities describes this installation',
    async run(ctx) {
      const response = await ctx.api('GET', '/v1/capabilities');
      expect(response.status).toBe(200);
      expect(response.body.api_version).toBe('v1');
      expect(response.body.source_types).toContain('text');
    },
  },
  {
    name: 'a text job runs from createJob to succeeded and is listed, read, paged and downloaded',
    async run(ctx) {
      const created = await ctx.api('POST', '/v1/jobs', {
        idempotencyKey: randomUUID(),
        json: {
          source: { type: 'text', content: 'Alpha paragraph.\n\nBeta paragraph.\n\nGamma paragraph.' },
          output: { profile: 'raw_source' },
        },
      });
      expect(created.status).toBe(201);
      expect(created.headers.get('location')).toBe(`/v1/jobs/${String(created.body.id)}`);
      expect(created.body.output_ids).toHaveLength(1);
      const job = await waitForJob(ctx, created.body.id, ['succeeded', 'failed']);
      expect(job.body.status, JSON.stringify(job.body)).toBe('succeeded');
      expect(job.body.progress.percent).toBe(100);

      const list = await ctx.api('GET', '/v1/jobs?limit=100');
      expect(list.body.data.map((item: { id: string }) => item.id)).toContain(created.body.id);
      const filtered = await ctx.api('GET', '/v1/jobs?status=queued');
      expect(filtered.body.data.map((item: { id: string }) => item.id)).not.toContain(created.body.id);

      const outputs = await ctx.api('GET', `/v1/jobs/${String(created.body.id)}/outputs`);
      expect(outputs.status).toBe(200);
      expect(outputs.body.data).toHaveLength(1);
      const outputId = created.body.output_ids[0] as string;
      const output = await ctx.api('GET', `/v1/outputs/${outputId}`);
      expect(output.body.status).toBe('succeeded');
      const file = output.body.manifest.files[0];

      let content = '';
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string =
          cursor === null ? '?limit=20' : `?limit=20&cursor=${encodeURIComponent(cursor)}`;
        const page = await ctx.api('GET', `/v1/outputs/${outputId}/content${query}`);
        expect(page.status).toBe(200);
        content += page.body.data as string;
        cursor = page.body.page.next_cursor as string | null;
        expect(page.body.page.has_more).toBe(cursor !== null);
        pages += 1;
      } while (cursor !== null && pages < 1000);
      expect(pages).toBeGreaterThan(1);

      const download = await fetch(file.download_url as string);
      expect(download.status).toBe(200);
      expect(download.headers.get('request-id')).toMatch(/^req_/);
      expect(download.headers.get('etag')).toBe(`"${String(file.sha256)}"`);
      expect(download.headers.get('content-length')).toBe(String(file.size_bytes));
      const bytes = await download.text();
      expect(content).toBe(bytes);
      const range = await fetch(file.download_url as string, { headers: { range: 'bytes=0-4' } });
      expect(range.status).toBe(206);
      expect(await range.text()).toBe(bytes.slice(0, 5));
      const notModified = await fetch(file.download_url as string, {
        headers: { 'if-none-match': `"${String(file.sha256)}"` },
      });
      expect(notModified.status).toBe(304);

      const second = await ctx.api('POST', `/v1/jobs/${String(created.body.id)}/outputs`, {
        idempotencyKey: randomUUID(),
        json: { output: { profile: 'source_summary', format: 'markdown', language: 'en' } },
      });
      expect(second.status).toBe(201);
      expect(second.headers.get('location')).toBe(`/v1/outputs/${String(second.body.id)}`);
      const rendered = await waitFor(
        () => ctx.api('GET', `/v1/outputs/${String(second.body.id)}`),
        (response) => ['succeeded', 'failed'].includes(String(response.body.status)),
      );
      expect(rendered.body.status).toBe('succeeded');

      const cancel = await ctx.api('POST', `/v1/jobs/${String(created.body.id)}/cancel`);
      expect(cancel.status).toBe(409);
      expect(cancel.body.code).toBe('job_not_cancelable');
      expect((await ctx.api('DELETE', `/v1/jobs/${String(created.body.id)}`)).status).toBe(204);
      expect((await ctx.api('GET', `/v1/jobs/${String(created.body.id)}`)).status).toBe(404);
      expect((await ctx.api('GET', `/v1/outputs/${outputId}`)).status).toBe(404);
      expect((await ctx.api('DELETE', `/v1/jobs/${String(created.body.id)}`)).status).toBe(404);
    },
  },
  {
    name: 'cancel, delete and render rules hold for a queued job',
    async run(ctx) {
      await ctx.stack.stopWorker();
      try {
        const job = await createTextJob(ctx);
        const outputId = job.output_ids[0] ?? '';
        const notReady = await ctx.api('GET', `/v1/outputs/${outputId}/content`);
        expect(notReady.status).toBe(409);
        expect(notReady.body.code).toBe('output_not_ready');
        const notTerminal = await ctx.api('DELETE', `/v1/jobs/${job.id}`);
        expect(notTerminal.status).toBe(409);
        expect(notTerminal.body.code).toBe('job_not_terminal');
        const canceled = await ctx.api('POST', `/v1/jobs/${job.id}/cancel`);
        expect(canceled.status).toBe(202);
        expect(canceled.body.status).toBe('canceled');
        const again = await ctx.api('POST', `/v1/jobs/${job.id}/cancel`);
        expect(again.status).toBe(200);
        const render = await ctx.api('POST', `/v1/jobs/${job.id}/outputs`, {
          idempotencyKey: randomUUID(),
          json: { output: { profile: 'raw_source' } },
        });
        expect(render.status).toBe(409);
        expect(render.body.code).toBe('job_not_renderable');
        expect((await ctx.api('DELETE', `/v1/jobs/${job.id}`)).status).toBe(204);
      } finally {
        await ctx.stack.startWorker();
      }
    },
  },
  {
    name: 'getUsage reports the current period',
    async run(ctx) {
      const usage = await ctx.api('GET', '/v1/usage');
      expect(usage.status).toBe(200);
      expect(usage.body.plan).toBe('developer');
      expect(usage.body.account_status).toBe('active');
    },
  },
  {
    name: 'lists page with cursors that only work for their own list, filter and account',
    async run(ctx) {
      const account = await ctx.stack.newAccount('developer');
      const key = account.apiKey;
      for (let i = 0; i < 3; i++) await createTextJob(ctx, { key });
      const first = await ctx.api('GET', '/v1/jobs?limit=2', { key });
      expect(first.body.data).toHaveLength(2);
      expect(first.body.page.has_more).toBe(true);
      const cursor = first.body.page.next_cursor as string;
      const second = await ctx.api('GET', `/v1/jobs?limit=2&cursor=${encodeURIComponent(cursor)}`, { key });
      expect(second.body.data).toHaveLength(1);
      expect(second.body.page).toEqual({ next_cursor: null, has_more: false });
      const seen = [...first.body.data, ...second.body.data].map((job: { id: string }) => job.id);
      expect(new Set(seen).size).toBe(3);
      const tampered = `${cursor.slice(0, -2)}${cursor.endsWith('AA') ? 'BB' : 'AA'}`;
      for (const [query, as] of [
        [`cursor=${encodeURIComponent(tampered)}`, key],
        [`cursor=${encodeURIComponent(cursor)}`, ctx.a.apiKey],
        [`status=queued&cursor=${encodeURIComponent(cursor)}`, key],
        ['cursor=not-a-cursor', key],
      ] as const) {
        const response = await ctx.api('GET', `/v1/jobs?${query}`, { key: as });
        expect(response.status, query).toBe(400);
        expect(response.body.code).toBe('invalid_cursor');
      }
      const otherList = await ctx.api('GET', `/v1/webhook-endpoints?cursor=${encodeURIComponent(cursor)}`, {
        key,
      });
      expect(otherList.body.code).toBe('invalid_cursor');
    },
  },
];
