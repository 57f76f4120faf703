import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/commands/serve.js';
import { resolveSettings } from '../src/internal/settings.js';
import { toPrettyLine } from '../src/internal/create-logger.js';

// What operators read: the JSON log of a server driven through keys, webhook secrets and signed
// URLs, none of which may appear in any line.

const CONTENT_MARKER = 'Confidential paragraph 7f3a about the merger.';

interface LogLine {
  level: string;
  time: string;
  message: string;
  [key: string]: unknown;
}

describe('server logs', () => {
  let dataDir: string;
  let server: RunningServer;
  let receiver: Server;
  let receiverUrl: string;
  let apiKey = '';
  const lines: string[] = [];
  const secrets: string[] = [];

  /** Requests sent to the server: each must leave exactly one access line. */
  let sent = 0;
  const send = (url: string, init: RequestInit = {}): Promise<Response> => {
    sent += 1;
    return fetch(url.startsWith('http') ? url : `${server.url}${url}`, init);
  };
  const call = async (path: string, init: RequestInit = {}): Promise<Response> =>
    send(path, {
      ...init,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...init.headers },
    });

  async function waitFor<T>(check: () => Promise<T | undefined>): Promise<T> {
    const end = Date.now() + 30_000;
    for (;;) {
      const value = await check();
      if (value !== undefined) return value;
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const readLog = async (): Promise<LogLine[]> =>
    (await readFile(join(dataDir, 'logs', 'transmute.log'), 'utf8'))
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as LogLine);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'transmute-logs-'));
    receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(204).end());
    });
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    receiverUrl = `http://127.0.0.1:${String((receiver.address() as AddressInfo).port)}/hook`;
    const settings = resolveSettings(
      { port: '0', dataDir, allowPrivateNetworks: true },
      {
        TRANSMUTE_LOG_DESTINATION: join(dataDir, 'logs', 'transmute.log'),
        TRANSMUTE_LOG_FORMAT: 'json',
        TRANSMUTE_LOG_LEVEL: 'info',
        TRANSMUTE_WORKER_CONCURRENCY: '1',
      },
    );
    server = await startServer(settings, (line) => lines.push(line));
    const keyLine = lines.find((line) => line.startsWith('API key'));
    apiKey = keyLine?.split(': ').at(-1) ?? '';
    expect(apiKey).toMatch(/^tmk_/);
    secrets.push(apiKey);
  }, 120_000);

  afterAll(async () => {
    await server.close();
    receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes access and job lines holding no key, secret, signed URL token or content', async () => {
    // A webhook endpoint (its secret, then a rotated one) that receives the job's events.
    const endpoint = (await (
      await call('/v1/webhook-endpoints', {
        method: 'POST',
        headers: { 'idempotency-key': 'logs-endpoint' },
        body: JSON.stringify({ url: receiverUrl, events: ['job.succeeded'] }),
      })
    ).json()) as { id: string; secret: string };
    const rotated = (await (
      await call(`/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, { method: 'POST' })
    ).json()) as { secret: string };
    secrets.push(endpoint.secret, rotated.secret);

    // A signed upload URL, used.
    const bytes = Buffer.from('uploaded text\n');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const intent = (await (
      await call('/v1/upload-intents', {
        method: 'POST',
        headers: { 'idempotency-key': 'logs-upload' },
        body: JSON.stringify({ name: 'a.txt', media_type: 'text/plain', size_bytes: bytes.length, sha256 }),
      })
    ).json()) as { file_id: string; upload_url: string; upload_headers: Record<string, string> };
    secrets.push(new URL(intent.upload_url).pathname.split('/').at(-1) ?? '');
    const put = await send(intent.upload_url, {
      method: 'PUT',
      headers: intent.upload_headers,
      body: bytes,
    });
    expect(put.status).toBeLessThan(300);
    const completed = await call(`/v1/files/${intent.file_id}/complete`, {
      method: 'POST',
      body: JSON.stringify({ size_bytes: bytes.length, sha256 }),
    });
    expect(completed.status).toBeLessThan(300);

    // A job whose content must never be logged, and its signed download URL, used.
    const job = (await (
      await call('/v1/jobs', {
        method: 'POST',
        headers: { 'idempotency-key': 'logs-job' },
        body: JSON.stringify({
          source: { type: 'text', content: `# Report\n\n${CONTENT_MARKER}` },
          output: { profile: 'raw_source' },
        }),
      })
    ).json()) as { id: string };
    const outputId = await waitFor(async () => {
      const current = (await (await call(`/v1/jobs/${job.id}`)).json()) as {
        status: string;
        output_ids: string[];
      };
      return current.status === 'succeeded' ? current.output_ids[0] : undefined;
    });
    const output = (await (await call(`/v1/outputs/${outputId ?? ''}`)).json()) as {
      manifest: { files: { download_url: string }[] };
    };
    const downloadUrl = output.manifest.files[0]?.download_url ?? '';
    secrets.push(new URL(downloadUrl).pathname.split('/').at(-1) ?? '');
    expect((await send(downloadUrl)).status).toBe(200);
    await call('/v1/capabilities', { headers: { authorization: `Bearer ${apiKey}x` } });

    // Outside /v1: the MCP endpoint, the operator routes, signed URLs gone wrong; and a bad body.
    const mcp = await call('/mcp', {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'logs', version: '1' },
        },
      }),
    });
    expect(mcp.status).toBe(200);
    await mcp.text();
    expect((await send('/mcp', { headers: { authorization: `Bearer ${apiKey}` } })).status).toBe(405);
    for (const path of ['/healthz', '/readyz', '/metrics']) expect((await send(path)).status).toBe(200);
    const forged = `${new URL(downloadUrl).pathname.slice(0, -4)}AAAA`;
    expect((await send(forged)).status).toBeGreaterThanOrEqual(400);
    expect((await send(intent.upload_url, { method: 'PUT', body: bytes })).status).toBeGreaterThanOrEqual(
      400,
    );
    const invalid = await call('/v1/jobs', {
      method: 'POST',
      headers: { 'idempotency-key': 'logs-invalid' },
      body: JSON.stringify({ source: { type: 'text' } }),
    });
    expect(invalid.status).toBe(422);

    const log = await waitFor(async () => {
      const current = await readLog();
      const ended = current.some((line) => line.message === 'job run ended');
      const accessLines = current.filter((line) => line.message === 'request').length;
      return ended && accessLines >= sent ? current : undefined;
    });
    const text = log.map((line) => JSON.stringify(line)).join('\n');
    expect(secrets.every((secret) => secret.length >= 16)).toBe(true);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain(CONTENT_MARKER);
    expect(text).not.toContain('merger');

    const access = log.filter((line) => line.message === 'request');
    const created = access.find((line) => line.operation === 'createJob');
    expect(created).toMatchObject({ level: 'info', status: 201, method: 'POST' });
    expect(created?.request_id).toMatch(/^req_/);
    expect(created?.account_id).toMatch(/^acct_/);
    expect(typeof created?.duration_ms).toBe('number');
    expect(access.map((line) => line.operation)).toEqual(
      expect.arrayContaining(['upload', 'artifact', 'completeFileUpload', 'rotateWebhookEndpointSecret']),
    );
    expect(access).toHaveLength(sent);
    const mcpLines = access.filter((line) => line.operation === 'mcp');
    expect(mcpLines.map((line) => line.status)).toEqual([200, 405]);
    expect(mcpLines[0]?.account_id).toMatch(/^acct_/);
    for (const operation of ['healthz', 'readyz', 'metrics'])
      expect(access.filter((line) => line.operation === operation)).toHaveLength(1);
    expect(access.find((line) => line.status === 401)).toMatchObject({ account_id: null });
    expect(log.find((line) => line.message === 'job run started')).toMatchObject({ job_id: job.id });
    expect(log.find((line) => line.message === 'job run ended')).toMatchObject({
      job_id: job.id,
      outcome: 'completed',
    });
  }, 120_000);

  it('formats a line for a terminal without its pid and hostname', () => {
    const line = toPrettyLine(
      JSON.stringify({
        level: 'warn',
        time: '2026-01-02T03:04:05.678Z',
        pid: 1,
        hostname: 'h',
        message: 'm',
        a: 1,
      }),
    );
    expect(line).toBe('03:04:05.678 \u001b[33mWARN \u001b[0m m a=1\n');
  });
});
