import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { expect } from 'vitest';
import { validateResource } from '@transmute/contract';
import { waitFor } from '../support/api.js';
import { startReceiver } from '../support/receiver.js';
import type { E2eCase } from './context.js';

/** Webhook endpoints and deliveries. */
export const WEBHOOK_CASES: E2eCase[] = [
  {
    name: 'a webhook endpoint is created, listed, updated, paused, resumed, rotated, tested and deleted',
    async run(ctx) {
      const receiver = await startReceiver(200);
      try {
        const created = await ctx.api('POST', '/v1/webhook-endpoints', {
          idempotencyKey: randomUUID(),
          json: { url: receiver.url, description: 'e2e', events: ['job.succeeded', 'job.failed'] },
        });
        expect(created.status).toBe(201);
        const id = created.body.id as string;
        expect(created.headers.get('location')).toBe(`/v1/webhook-endpoints/${id}`);
        expect(created.body.secret).toMatch(/^whsec_/);
        expect(created.body.secret_last_four).toBe((created.body.secret as string).slice(-4));

        const list = await ctx.api('GET', '/v1/webhook-endpoints');
        expect(list.body.data.map((item: { id: string }) => item.id)).toContain(id);
        expect(list.text).not.toContain(created.body.secret as string);

        const patched = await ctx.api('PATCH', `/v1/webhook-endpoints/${id}`, {
          json: { description: 'patched' },
          headers: { 'content-type': 'application/merge-patch+json' },
        });
        expect(patched.status).toBe(200);
        expect(patched.body.description).toBe('patched');
        expect(patched.body.events).toEqual(['job.succeeded', 'job.failed']);

        expect((await ctx.api('POST', `/v1/webhook-endpoints/${id}/pause`)).body.status).toBe('paused');
        expect((await ctx.api('POST', `/v1/webhook-endpoints/${id}/pause`)).status).toBe(200);
        expect((await ctx.api('POST', `/v1/webhook-endpoints/${id}/resume`)).body.status).toBe('active');
        const rotated = await ctx.api('POST', `/v1/webhook-endpoints/${id}/rotate-secret`);
        expect(rotated.status).toBe(200);
        expect(rotated.body.secret).not.toBe(created.body.secret);
        const secret = rotated.body.secret as string;

        const test = await ctx.api('POST', `/v1/webhook-endpoints/${id}/test`);
        expect(test.status).toBe(202);
        expect(test.body.endpoint_id).toBe(id);
        const delivered = await waitFor(
          () => ctx.api('GET', `/v1/webhook-endpoints/${id}/deliveries`),
          (response) => response.body.data.some((item: { status: string }) => item.status === 'succeeded'),
        );
        expect(delivered.body.data[0].id).toBe(test.body.id);
        const message = receiver.received[0];
        expect(message).toBeDefined();
        const envelope = new Webhook(secret).verify(message?.body ?? '', message?.headers ?? {}) as {
          test?: boolean;
          id: string;
        };
        expect(envelope.test).toBe(true);
        expect(validateResource('EventEnvelope', envelope, { strict: false })).toEqual([]);
        const filtered = await ctx.api('GET', `/v1/webhook-endpoints/${id}/deliveries?status=dead_letter`);
        expect(filtered.body.data).toEqual([]);
        const replay = await ctx.api(
          'POST',
          `/v1/webhook-endpoints/${id}/deliveries/${String(test.body.id)}/replay`,
        );
        expect(replay.status).toBe(409);
        expect(replay.body.code).toBe('delivery_not_dead_lettered');

        expect((await ctx.api('DELETE', `/v1/webhook-endpoints/${id}`)).status).toBe(204);
        expect((await ctx.api('DELETE', `/v1/webhook-endpoints/${id}`)).status).toBe(404);
      } finally {
        await receiver.close();
      }
    },
  },
  {
    name: 'a dead-lettered delivery is replayed with the same event id',
    async run(ctx) {
      const receiver = await startReceiver(410);
      try {
        const created = await ctx.api('POST', '/v1/webhook-endpoints', {
          idempotencyKey: randomUUID(),
          json: { url: receiver.url, events: ['job.succeeded'] },
        });
        const id = created.body.id as string;
        const test = await ctx.api('POST', `/v1/webhook-endpoints/${id}/test`);
        const dead = await waitFor(
          () => ctx.api('GET', `/v1/webhook-endpoints/${id}/deliveries?status=dead_letter`),
          (response) => response.body.data.length === 1,
        );
        expect(dead.body.data[0].id).toBe(test.body.id);
        receiver.status = 200;
        await ctx.api('POST', `/v1/webhook-endpoints/${id}/resume`);
        const replay = await ctx.api(
          'POST',
          `/v1/webhook-endpoints/${id}/deliveries/${String(test.body.id)}/replay`,
        );
        expect(replay.status).toBe(202);
        expect(replay.body.event_id).toBe(test.body.event_id);
        await waitFor(
          () => ctx.api('GET', `/v1/webhook-endpoints/${id}/deliveries?status=succeeded`),
          (response) => response.body.data.length === 1,
        );
        const ids = receiver.received.map((item) => item.headers['webhook-id']);
        expect(ids).toEqual([test.body.event_id, test.body.event_id]);
      } finally {
        await receiver.close();
      }
    },
  },
];
