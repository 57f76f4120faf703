import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVENT_TYPES, type EventType, type FileResource, type Job } from '@transmute/contract';

import { createEngine } from '@transmute/engine';
import type { Plugin } from '@transmute/plugin-sdk';
import { createDatasetRenderer } from '@transmute/plugin-dataset';
import { createSlowSource } from './slow-source.js';
import {
  createFsBlobStore,
  createService,
  createSqliteStore,
  type BlobStore,
  type Caller,
  type ServiceConfig,
  type Store,
  type Service,
} from '../../src/index.js';

/** A service on a fresh SQLite file and blob directory, with the real engine. */
export interface Harness {
  dir: string;
  service: Service;
  store: Store;
  blobs: BlobStore;
  caller: Caller;
  /** Stops the service; `keep` leaves the data directory for a restart. */
  close(keep?: boolean): Promise<void>;
}

/**
 * Starts a harness; `config` overrides the test defaults; `store` replaces its SQLite file,
 * `blobs` its blob directory.
 */
export async function startHarness(
  config: Partial<ServiceConfig> = {},
  options: { start?: boolean; plugins?: Plugin[]; dir?: string; store?: Store; blobs?: BlobStore } = {},
): Promise<Harness> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'transmute-service-'));
  const store = options.store ?? (await createSqliteStore({ path: join(dir, 'db', 'transmute.db') }));
  const blobs = options.blobs ?? (await createFsBlobStore({ root: join(dir, 'blobs') }));
  const engine = createEngine({ plugins: options.plugins ?? [createDatasetRenderer(), createSlowSource()] });
  const service = createService({
    store,
    blobs,
    engine,
    config: {
      baseUrl: 'http://127.0.0.1:8787',
      signingSecret: 'test-secret',
      pollIntervalMs: 50,
      leaseMs: 2000,
      webhooks: { enabled: false },
      ...config,
    },
  });
  if (options.start !== false) await service.start();
  const { account } = await service.admin.createAccount({ plan: 'developer' });
  return {
    dir,
    service,
    store,
    blobs,
    caller: { accountId: account.id, requestId: 'req_test' },
    async close(keep = false) {
      await service.close();
      await engine.close();
      if (!keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Gives the caller's account an endpoint receiving `events` (every type by default): `events` keeps
 * only the envelopes a delivery carries, so a test that reads what was emitted needs a subscriber.
 * Its URL is on loopback (the service needs `allowPrivateNetworks`); the harness's dispatcher is
 * off, so the deliveries stay `pending`.
 */
export async function subscribeToEvents(
  h: { service: Service; caller: Caller },
  events: readonly EventType[] = EVENT_TYPES,
  caller: Caller = h.caller,
): Promise<void> {
  await h.service.createWebhookEndpoint(caller, { url: 'http://127.0.0.1:9/hook', events: [...events] });
}

/** Polls until `check` returns a value (not undefined) or the time runs out. */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits for a job to reach one of `statuses`. */
export async function waitForJob(
  harness: Harness,
  jobId: string,
  statuses: string[],
  timeoutMs = 20_000,
): Promise<Job> {
  return waitFor(async () => {
    const job = await harness.service.getJob(harness.caller, jobId);
    return statuses.includes(job.status) ? job : undefined;
  }, timeoutMs);
}

/** sha256 hex of bytes. */
export function sha256(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The keys of the stored blobs holding bytes with this sha256 (each write has its own key). */
export async function blobKeysOf(blobs: BlobStore, digest: string): Promise<string[]> {
  const keys = await blobs.listKeys(null, 100_000);
  return keys.filter((key) => key.startsWith(digest));
}

/** A web ReadableStream of one buffer. */
export function streamOf(data: Uint8Array | string): ReadableStream<Uint8Array> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** Uploads bytes through intent → PUT → complete and waits until validation ends. */
export async function uploadFile(
  harness: Pick<Harness, 'service' | 'caller'>,
  data: Uint8Array | string,
  mediaType: string,
  name = 'input.txt',
): Promise<FileResource> {
  const fileId = await completeUpload(harness, data, mediaType, name);
  return waitForValidation(harness, fileId);
}

/** Waits until a file leaves `validating`. */
export function waitForValidation(
  harness: Pick<Harness, 'service' | 'caller'>,
  fileId: string,
): Promise<FileResource> {
  return waitFor(async () => {
    const file = await harness.service.getFile(harness.caller, fileId);
    return file.status === 'validating' ? undefined : file;
  });
}

/** Uploads bytes through intent → PUT → complete; returns the file id while validation runs. */
export async function completeUpload(
  harness: Pick<Harness, 'service' | 'caller'>,
  data: Uint8Array | string,
  mediaType: string,
  name = 'input.txt',
): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const digest = sha256(bytes);
  const intent = await harness.service.createUploadIntent(harness.caller, {
    name,
    media_type: mediaType,
    size_bytes: bytes.length,
    sha256: digest,
  });
  const token = intent.upload_url.split('/uploads/')[1] ?? '';
  await harness.service.receiveUpload(token, streamOf(bytes), mediaType);
  await harness.service.completeFileUpload(harness.caller, intent.file_id, {
    size_bytes: bytes.length,
    sha256: digest,
  });
  return intent.file_id;
}
