import { createHash, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { call, waitFor, type ApiResponse, type CallOptions } from '../support/api.js';
import type { Credentials, Stack } from '../support/stack.js';

/** What every shared case receives. */
export interface CaseContext {
  stack: Stack;
  /** Two ordinary accounts (plan developer). */
  a: Credentials;
  b: Credentials;
  /** A call as account `a` unless `options.key` says otherwise. */
  api(method: string, path: string, options?: CallOptions): Promise<ApiResponse>;
}

/** One row of the shared table: run against every mount. */
export interface E2eCase {
  name: string;
  run(ctx: CaseContext): Promise<void>;
}

/** Builds the context of a stack. */
export async function createCaseContext(stack: Stack): Promise<CaseContext> {
  const a = await stack.newAccount('developer');
  const b = await stack.newAccount('developer');
  return {
    stack,
    a,
    b,
    api: (method, path, options = {}) => call(stack.url, method, path, { key: a.apiKey, ...options }),
  };
}

export const TEXT =
  '# Harbour notes\n\nThe harbour opens at dawn. Boats leave at seven.\n\n## Prices\n\nA ticket costs four euros.\n';

/** Creates a text job as `key` and returns its body. */
export async function createTextJob(
  ctx: CaseContext,
  options: { key?: string; content?: string; output?: Record<string, unknown> } = {},
): Promise<{ id: string; output_ids: string[]; status: string }> {
  const response = await ctx.api('POST', '/v1/jobs', {
    key: options.key ?? ctx.a.apiKey,
    idempotencyKey: randomUUID(),
    json: {
      source: { type: 'text', content: options.content ?? TEXT },
      output: options.output ?? { profile: 'raw_source' },
    },
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/** Polls a job until it is in one of `statuses`. */
export async function waitForJob(
  ctx: CaseContext,
  id: string,
  statuses: string[],
  key = ctx.a.apiKey,
): Promise<ApiResponse> {
  return waitFor(
    () => ctx.api('GET', `/v1/jobs/${id}`, { key }),
    (response) => statuses.includes(String(response.body.status)),
  );
}

/** Uploads bytes through the full intent → PUT → complete flow; returns the file once `ready`/`rejected`. */
export async function uploadFile(
  ctx: CaseContext,
  bytes: Uint8Array<ArrayBuffer>,
  options: { key?: string; name?: string; mediaType?: string } = {},
): Promise<{ id: string; status: string }> {
  const key = options.key ?? ctx.a.apiKey;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const intent = await ctx.api('POST', '/v1/upload-intents', {
    key,
    idempotencyKey: randomUUID(),
    json: {
      name: options.name ?? 'notes.txt',
      media_type: options.mediaType ?? 'text/plain',
      size_bytes: bytes.byteLength,
      sha256,
    },
  });
  expect(intent.status, intent.text).toBe(201);
  const put = await fetch(intent.body.upload_url as string, {
    method: 'PUT',
    headers: intent.body.upload_headers as Record<string, string>,
    body: bytes,
  });
  expect(put.status, await put.clone().text()).toBeLessThan(300);
  const complete = await ctx.api('POST', `/v1/files/${String(intent.body.file_id)}/complete`, {
    key,
    json: { size_bytes: bytes.byteLength, sha256 },
  });
  expect(complete.status, complete.text).toBe(202);
  const file = await waitFor(
    () => ctx.api('GET', `/v1/files/${String(intent.body.file_id)}`, { key }),
    (response) => ['ready', 'rejected'].includes(String(response.body.status)),
  );
  return file.body;
}
