import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  validateRequestBody,
  validateResource,
  type FileResource,
  type Job,
  type RequestBodyName,
} from '@transmute/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type TransmuteClient } from '../src/index.js';

/** A tiny in-memory stand-in of the API on loopback: enough routes for the helper flows. */
class FakeApi {
  server: Server = createServer((req, res) => {
    this.handle(req, res).catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  baseUrl = '';
  uploads = new Map<string, Buffer>();
  jobPolls = 0;
  createJobKeys: string[] = [];
  log: string[] = [];

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private send(
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void {
    const type = status >= 400 ? 'application/problem+json' : 'application/json';
    res.writeHead(status, { 'content-type': type, 'request-id': 'req_0123456789abcdefghijklmn', ...headers });
    res.end(JSON.stringify(body));
  }

  private async body(req: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  private async json(req: IncomingMessage, name: RequestBodyName): Promise<Record<string, unknown>> {
    const parsed = JSON.parse((await this.body(req)).toString('utf8')) as Record<string, unknown>;
    expect(validateRequestBody(name, parsed)).toEqual([]);
    return parsed;
  }

  private file(status: FileResource['status'], size: number, sha256: string): FileResource {
    const file: FileResource = {
      id: 'file_8Jd93kLmQz01xY',
      name: 'data.csv',
      media_type: 'text/csv',
      size_bytes: size,
      sha256,
      status,
      warnings: [],
      created_at: '2026-11-22T10:00:00Z',
      expires_at: null,
    };
    expect(validateResource('File', file)).toEqual([]);
    return file;
  }

  private job(status: Job['status']): Job {
    const job: Job = {
      id: 'job_Q2w3E4r5T6y7U8',
      status,
      progress: {
        stage: status === 'processing' ? 'extraction' : null,
        percent: status === 'succeeded' ? 100 : 10,
        detail: null,
      },
      source_type: 'files',
      output_ids: ['out_Z9x8C7v6B5n4M3'],
      warnings: [],
      created_at: '2026-11-22T10:00:00Z',
      updated_at: '2026-11-22T10:00:01Z',
      expires_at: null,
    };
    expect(validateResource('Job', job)).toEqual([]);
    return job;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const route = `${req.method ?? ''} ${req.url ?? ''}`;
    this.log.push(route);
    if (req.url?.startsWith('/v1/') === true && req.headers.authorization !== 'Bearer tmk_loopback') {
      this.send(res, 401, { code: 'unauthenticated', status: 401, retryable: false });
      return;
    }
    if (route === 'POST /v1/upload-intents') {
      const body = await this.json(req, 'CreateUploadIntentRequest');
      const intent = {
        file_id: 'file_8Jd93kLmQz01xY',
        upload_url: `${this.baseUrl}/uploads/tok_1`,
        upload_method: 'PUT',
        upload_headers: { 'Content-Type': String(body.media_type) },
        expires_at: '2026-11-22T11:00:00Z',
      };
      expect(validateResource('UploadIntent', intent)).toEqual([]);
      this.send(res, 201, intent, { location: '/v1/files/file_8Jd93kLmQz01xY' });
    } else if (route === 'PUT /uploads/tok_1') {
      expect(req.headers.authorization).toBeUndefined();
      expect(req.headers['content-type']).toBe('text/csv');
      this.uploads.set('file_8Jd93kLmQz01xY', await this.body(req));
      res.writeHead(204).end();
    } else if (route === 'POST /v1/files/file_8Jd93kLmQz01xY/complete') {
      const body = await this.json(req, 'CompleteUploadRequest');
      const bytes = this.uploads.get('file_8Jd93kLmQz01xY') ?? Buffer.alloc(0);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      expect(body).toEqual({ size_bytes: bytes.length, sha256 });
      this.send(res, 202, this.file('validating', bytes.length, sha256));
    } else if (route === 'POST /v1/jobs') {
      await this.json(req, 'CreateJobRequest');
      this.createJobKeys.push(String(req.headers['idempotency-key']));
      if (this.createJobKeys.length === 1) {
        const problem = {
          type: 'https://docs.example.com/problems/rate_limited',
          title: 'Too many requests',
          status: 429,
          code: 'rate_limited',
          detail: 'Slow down.',
          request_id: 'req_0123456789abcdefghijklmn',
          retryable: true,
        };
        expect(validateResource('Problem', problem)).toEqual([]);
        this.send(res, 429, problem, { 'retry-after': '0' });
        return;
      }
      this.send(res, 201, this.job('queued'), { location: '/v1/jobs/job_Q2w3E4r5T6y7U8' });
    } else if (route === 'GET /v1/jobs/job_Q2w3E4r5T6y7U8') {
      this.jobPolls += 1;
      this.send(res, 200, this.job(this.jobPolls < 2 ? 'processing' : 'succeeded'));
    } else if (
      req.method === 'GET' &&
      req.url?.startsWith('/v1/outputs/out_Z9x8C7v6B5n4M3/content') === true
    ) {
      const cursor = new URL(req.url, this.baseUrl).searchParams.get('cursor');
      const page = {
        output_id: 'out_Z9x8C7v6B5n4M3',
        format: 'jsonl',
        media_type: 'application/jsonl',
        data: cursor === null ? '{"a":1}\n' : '{"a":2}\n',
        page:
          cursor === null
            ? { next_cursor: 'cursor_2', has_more: true }
            : { next_cursor: null, has_more: false },
      };
      expect(validateResource('OutputContentPage', page)).toEqual([]);
      this.send(res, 200, page);
    } else {
      this.send(res, 404, { code: 'route_not_found', status: 404, retryable: false, detail: route });
    }
  }
}

describe('client against a node:http server on loopback', () => {
  const api = new FakeApi();
  let client: TransmuteClient;

  beforeAll(async () => {
    await api.start();
    client = createClient({ baseUrl: api.baseUrl, apiKey: 'tmk_loopback', retryBaseDelayMs: 1 });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => api.server.close(() => resolve()));
  });

  it('uploads a file, converts it and reads the content back over real HTTP', async () => {
    const bytes = new TextEncoder().encode('name,age\nada,36\n');
    const file = await client.uploadFile({ name: 'data.csv', mediaType: 'text/csv', bytes });
    expect(file.status).toBe('validating');
    expect(api.uploads.get(file.id)?.toString('utf8')).toBe('name,age\nada,36\n');

    const job = await client.createJobAndWait(
      { source: { type: 'files', file_ids: [file.id] }, output: { profile: 'raw_source', format: 'jsonl' } },
      { pollIntervalMs: 1 },
    );
    expect(job.status).toBe('succeeded');
    expect(api.createJobKeys).toHaveLength(2);
    expect(api.createJobKeys[0]).toBe(api.createJobKeys[1]);

    const content = await client.readOutputContent(job.output_ids[0] ?? '');
    expect(content).toBe('{"a":1}\n{"a":2}\n');
  });

  it('surfaces the server problem of an unknown route', async () => {
    await expect(client.getUsage()).rejects.toMatchObject({ code: 'route_not_found', status: 404 });
  });
});
