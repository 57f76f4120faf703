import { createHash } from 'node:crypto';
import {
  TransmuteError,
  isRememberedError,
  isTransmuteError,
  type FileResource,
  type Job,
} from '@transmute/contract';
import type { Account, BlobDownload, TransmuteService } from '@transmute/service';

/** A small in-memory TransmuteService for handler unit tests (the e2e suite uses the real one). */
export interface FakeService extends TransmuteService {
  accounts: Map<string, Account & { apiKey: string }>;
  jobs: Map<string, Job & { accountId: string }>;
  uploads: Map<string, { fileId: string; size: number; received?: Uint8Array }>;
  artifact: Uint8Array;
  /** Set to make getUsage throw a plain Error. */
  failUsage: boolean;
  /** Delay (ms) inside createJob, to make concurrent idempotent requests overlap. */
  createDelayMs: number;
}

const notFound = (): TransmuteError => new TransmuteError('not_found', 'No such job.');
const NOW = '2026-01-01T00:00:00.000Z';

function makeJob(id: string): Job {
  return {
    id,
    status: 'queued',
    progress: { stage: null, percent: 0, detail: null },
    source_type: 'text',
    output_ids: [`out_${id.slice(4)}`],
    warnings: [],
    created_at: NOW,
    updated_at: NOW,
    expires_at: null,
  };
}

/** Creates the fake with two accounts: `acct_a` (developer) and `acct_b` (free), keys `tmk_a…`/`tmk_b…`. */
export function createFakeService(): FakeService {
  let counter = 0;
  // What each key remembers, by the same rule as the service: the value (as JSON gives it back) or
  // an error the catalogue marks `remembered`.
  const idempotency = new Map<
    string,
    { fingerprint: string; done?: { value: unknown } | { error: TransmuteError } }
  >();
  const service: FakeService = {
    accounts: new Map([
      [
        'acct_a',
        {
          id: 'acct_a',
          plan: 'developer',
          status: 'active',
          createdAt: NOW,
          apiKey: `tmk_${'a'.repeat(32)}`,
        },
      ],
      [
        'acct_b',
        { id: 'acct_b', plan: 'free', status: 'active', createdAt: NOW, apiKey: `tmk_${'b'.repeat(32)}` },
      ],
    ]),
    jobs: new Map(),
    uploads: new Map([['tok_upload', { fileId: 'file_000000000001', size: 300_000 }]]),
    artifact: new TextEncoder().encode('0123456789abcdefghij'),
    failUsage: false,
    createDelayMs: 0,
    async authenticateApiKey(apiKey) {
      for (const account of service.accounts.values()) if (account.apiKey === apiKey) return account;
      return null;
    },
    async getAccount(accountId) {
      return service.accounts.get(accountId) ?? null;
    },
    async runIdempotent<T>(
      caller: { accountId: string },
      request: { key: string; fingerprint: string },
      execute: () => Promise<T>,
    ) {
      const scope = `${caller.accountId}:${request.key}`;
      const existing = idempotency.get(scope);
      if (existing !== undefined) {
        if (existing.fingerprint !== request.fingerprint)
          throw new TransmuteError('idempotency_key_reused', 'Key reused.');
        if (existing.done === undefined)
          throw new TransmuteError('idempotency_key_in_use', 'In flight.', { retryAfter: 1 });
        if ('value' in existing.done) return { value: existing.done.value as T, replayed: true };
        const { error } = existing.done;
        throw new TransmuteError(error.code, error.message, {
          fieldErrors: error.fieldErrors,
          headers: { 'Idempotent-Replayed': 'true' },
        });
      }
      const entry: { fingerprint: string; done?: { value: unknown } | { error: TransmuteError } } = {
        fingerprint: request.fingerprint,
      };
      idempotency.set(scope, entry);
      try {
        const value = await execute();
        entry.done = { value: JSON.parse(JSON.stringify(value ?? null)) as unknown };
        return { value, replayed: false };
      } catch (error) {
        if (isTransmuteError(error) && isRememberedError(error.code)) entry.done = { error };
        else idempotency.delete(scope);
        throw error;
      }
    },
    async getCapabilities() {
      return {
        api_version: 'v1',
        source_types: ['text'],
        file_media_types: ['text/plain'],
        output_profiles: ['raw_source'],
        output_formats: ['markdown'],
        languages: ['en'],
        plugins: [],
        limits: {
          maximum_file_bytes: 104857600,
          maximum_files_per_job: 20,
          maximum_text_characters: 2000000,
        },
      };
    },
    async createJob(caller) {
      if (service.createDelayMs > 0)
        await new Promise((resolve) => setTimeout(resolve, service.createDelayMs));
      counter += 1;
      const job = makeJob(`job_${String(counter).padStart(12, '0')}`);
      service.jobs.set(job.id, { ...job, accountId: caller.accountId });
      return job;
    },
    async getJob(caller, jobId) {
      const job = service.jobs.get(jobId);
      if (job === undefined || job.accountId !== caller.accountId) throw notFound();
      const { accountId: _accountId, ...wire } = job;
      return wire;
    },
    async listJobs(caller, params) {
      const data = [...service.jobs.values()]
        .filter((job) => job.accountId === caller.accountId)
        .slice(0, params.limit)
        .map(({ accountId: _accountId, ...wire }) => wire);
      return { data, page: { next_cursor: null, has_more: false } };
    },
    async cancelJob(caller, jobId) {
      const job = await service.getJob(caller, jobId);
      if (job.status === 'succeeded') throw new TransmuteError('job_not_cancelable', 'Already succeeded.');
      const changed = job.status !== 'canceled';
      const stored = service.jobs.get(jobId);
      if (stored !== undefined) stored.status = 'canceled';
      return { job: { ...job, status: 'canceled' }, changed };
    },
    async deleteJob(caller, jobId) {
      await service.getJob(caller, jobId);
      service.jobs.delete(jobId);
    },
    async getUsage() {
      if (service.failUsage) throw new Error('database exploded at /secret/path');
      throw notFound();
    },
    async receiveUpload(token, body) {
      const upload = service.uploads.get(token);
      if (upload === undefined) throw notFound();
      const chunks: Uint8Array[] = [];
      let total = 0;
      const reader = body.getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        total += next.value.byteLength;
        if (total > upload.size) {
          await reader.cancel();
          throw new TransmuteError('payload_too_large', 'More bytes than declared.');
        }
        chunks.push(next.value);
      }
      upload.received = Buffer.concat(chunks);
      return uploadedFile(upload.fileId, upload.received);
    },
    async openArtifact(token): Promise<BlobDownload> {
      if (token !== 'tok_artifact') throw notFound();
      const bytes = service.artifact;
      return {
        name: 'content.md',
        mediaType: 'text/markdown; charset=utf-8',
        sizeBytes: bytes.byteLength,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        open: (range) =>
          new ReadableStream({
            start(controller) {
              controller.enqueue(range === undefined ? bytes : bytes.slice(range.start, range.end + 1));
              controller.close();
            },
          }),
      };
    },
    createUploadIntent: async () => {
      throw notFound();
    },
    getFile: async () => {
      throw notFound();
    },
    deleteFile: async () => {
      throw notFound();
    },
    completeFileUpload: async () => {
      throw notFound();
    },
    listJobOutputs: async () => ({ data: [], page: { next_cursor: null, has_more: false } }),
    createJobOutput: async () => {
      throw notFound();
    },
    getOutput: async () => {
      throw notFound();
    },
    getOutputContent: async () => {
      throw notFound();
    },
    listWebhookEndpoints: async () => ({ data: [], page: { next_cursor: null, has_more: false } }),
    createWebhookEndpoint: async () => {
      throw notFound();
    },
    updateWebhookEndpoint: async () => {
      throw notFound();
    },
    deleteWebhookEndpoint: async () => {
      throw notFound();
    },
    listWebhookDeliveries: async () => {
      throw notFound();
    },
    replayWebhookDelivery: async () => {
      throw notFound();
    },
    pauseWebhookEndpoint: async () => {
      throw notFound();
    },
    resumeWebhookEndpoint: async () => {
      throw notFound();
    },
    rotateWebhookEndpointSecret: async () => {
      throw notFound();
    },
    testWebhookEndpoint: async () => {
      throw notFound();
    },
    start: async () => undefined,
    close: async () => undefined,
  };
  return service;
}

function uploadedFile(id: string, bytes: Uint8Array): FileResource {
  return {
    id,
    name: 'upload.txt',
    media_type: 'text/plain',
    size_bytes: bytes.byteLength,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    status: 'uploaded',
    warnings: [],
    created_at: NOW,
    expires_at: null,
  };
}
