import { randomUUID } from 'node:crypto';
import type { PathParameterName } from '@transmute/contract/operations';
import { SAMPLE_URL, sampleForPattern } from './contract-fields.js';

/** One existing resource per path parameter, made over the API, so requests reach real rows. */
export type Fixtures = Record<PathParameterName, string>;

async function post(url: string, apiKey: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${apiKey}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify(body),
  });
}

async function created(response: Response, what: string): Promise<Record<string, unknown>> {
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * A job (and its output), a webhook endpoint and a test delivery of it, and an upload intent
 * where a source plugin reads `text/plain` (else a well-formed id of no file).
 */
export async function createFixtures(url: string, apiKey: string): Promise<Fixtures> {
  const job = await created(
    await post(url, apiKey, '/v1/jobs', {
      source: { type: 'text', content: 'Fixture.' },
      output: { profile: 'raw_source' },
    }),
    'createJob',
  );
  const endpoint = await created(
    await post(url, apiKey, '/v1/webhook-endpoints', { url: SAMPLE_URL, events: ['job.queued'] }),
    'createWebhookEndpoint',
  );
  const delivery = await created(
    await post(url, apiKey, `/v1/webhook-endpoints/${String(endpoint.id)}/test`, {}),
    'testWebhookEndpoint',
  );
  const intent = await post(url, apiKey, '/v1/upload-intents', {
    name: 'fixture.txt',
    media_type: 'text/plain',
    size_bytes: 5,
    sha256: 'a'.repeat(64),
  });
  const fileId =
    intent.status === 201
      ? String(((await intent.json()) as { file_id: string }).file_id)
      : sampleForPattern('^file_[A-Za-z0-9_-]{12,}$');
  return {
    job_id: String(job.id),
    output_id: String((job.output_ids as string[])[0]),
    endpoint_id: String(endpoint.id),
    delivery_id: String(delivery.id),
    file_id: fileId,
  };
}
