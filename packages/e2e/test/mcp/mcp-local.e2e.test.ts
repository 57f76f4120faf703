import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../blackbox/support/service.js';
import {
  callTool,
  connectStdio,
  firstText,
  servePage,
  structured,
  type ConnectedClient,
  type PageServer,
} from './support/mcp-clients.js';
import {
  DEFAULT_OPERATION_TOOLS,
  LONG_TEXT,
  PAGE_HTML,
  mcpConformanceCases,
  taskTools,
} from './support/mcp-suite.js';

const REPORT_PDF = join(ROOT, 'fixtures/ocr/report-table.pdf');

interface JobAnswer {
  job: { id: string; status: string };
  next: string;
}

describe('MCP over stdio: transmute mcp --local (embedded engine and service)', () => {
  let connected: ConnectedClient;
  let page: PageServer;
  beforeAll(async () => {
    page = await servePage(PAGE_HTML);
    // The embedded service fetches the test's loopback page: private networks allowed.
    connected = await connectStdio(['--local', '--allow-private-networks']);
  }, 120_000);
  afterAll(async () => {
    await connected.close();
    await page.close();
  });

  mcpConformanceCases({ client: () => connected, pageUrl: () => page.url, localFiles: true });

  it('converts a local PDF given by its path', async () => {
    const { result } = await callTool(connected.client, 'convert', { path: REPORT_PDF });
    expect(result.isError, JSON.stringify(result.content)).toBeUndefined();
    expect(firstText(result)).toContain('Sales grew in every region this quarter.');
  });

  it('uploads a local file with upload_file and converts it through createJob', async () => {
    const { result } = await callTool(connected.client, 'upload_file', { path: REPORT_PDF });
    const file = structured<{ id: string; status: string; media_type: string }>(result);
    expect(file).toMatchObject({ status: 'ready', media_type: 'application/pdf' });
    const created = await callTool(connected.client, 'createJob', {
      body: { source: { type: 'files', file_ids: [file.id] }, output: { profile: 'raw_source' } },
    });
    const jobId = structured<{ id: string }>(created.result).id;
    const waited = await callTool(connected.client, 'wait_for_job', { job_id: jobId });
    const job = structured<{ status: string; output_ids: string[] }>(waited.result);
    expect(job.status).toBe('succeeded');
    const read = await callTool(connected.client, 'read_output', { output_id: job.output_ids[0] });
    expect(firstText(read.result)).toContain('Quarterly Report');
  });

  it('answers a path it cannot read with an invalid_parameter tool error', async () => {
    const { result } = await callTool(connected.client, 'convert', { path: join(ROOT, 'no/such/file.pdf') });
    expect(result.isError).toBe(true);
    expect(structured(result)).toMatchObject({ code: 'invalid_parameter' });
    expect(firstText(result)).toContain('no/such/file.pdf');
  });

  it('writes nothing but protocol messages to stdout (its log lines go to stderr)', async () => {
    // Every exchange above parsed: a stray stdout line would have broken the client.
    const { tools } = await connected.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([...taskTools(true), ...DEFAULT_OPERATION_TOOLS]);
  });
});

describe('MCP over stdio: waits are bounded and cancellable (transmute mcp --local without workers)', () => {
  let connected: ConnectedClient;
  beforeAll(async () => {
    // No workers: every job stays queued until it is canceled.
    connected = await connectStdio(['--local', '--worker-concurrency', '0']);
  }, 120_000);
  afterAll(() => connected.close());

  it('returns a job still queued after wait_seconds, with progress notifications meanwhile', async () => {
    const started = Date.now();
    const { result, progress } = await callTool(connected.client, 'convert', {
      text: LONG_TEXT,
      wait_seconds: 2,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(result.isError).toBeUndefined();
    const answer = structured<JobAnswer>(result);
    expect(answer.job.status).toBe('queued');
    expect(answer.next).toContain('wait_for_job');
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.every((update) => update.message === 'queued' && update.total === 100)).toBe(true);
    // The percent stands at 0, yet every notification's value grows (MCP requires it).
    const values = progress.map((update) => update.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(values).size).toBe(values.length);
    expect(values.at(-1)).toBeLessThan(1);
  });

  it("stops wait_for_job on the client's cancel, and cancelJob cancels the job", async () => {
    const created = await callTool(connected.client, 'createJob', {
      body: { source: { type: 'text', content: LONG_TEXT }, output: { profile: 'raw_source' } },
    });
    const jobId = structured<{ id: string }>(created.result).id;
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('the user canceled')), 1_000);
    const started = Date.now();
    await expect(
      callTool(
        connected.client,
        'wait_for_job',
        { job_id: jobId, wait_seconds: 120 },
        { signal: controller.signal },
      ),
    ).rejects.toThrow(/the user canceled/);
    expect(Date.now() - started).toBeLessThan(10_000);

    const canceled = await callTool(connected.client, 'cancelJob', { job_id: jobId });
    expect(structured(canceled.result)).toMatchObject({ id: jobId, status: 'canceled' });
    const waited = await callTool(connected.client, 'wait_for_job', { job_id: jobId, wait_seconds: 30 });
    expect(structured(waited.result)).toMatchObject({ status: 'canceled' });
  });

  it('cancels the job convert created when the client cancels convert', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('the user canceled')), 1_500);
    await expect(
      callTool(
        connected.client,
        'convert',
        { text: 'A text nobody waits for.' },
        { signal: controller.signal },
      ),
    ).rejects.toThrow(/the user canceled/);
    // The server sees the cancel notification and cancels the job it made.
    let status = '';
    for (let attempt = 0; attempt < 50 && status !== 'canceled'; attempt += 1) {
      const listed = await callTool(connected.client, 'listJobs', { limit: 1 });
      status = structured<{ data: { status: string }[] }>(listed.result).data[0]?.status ?? '';
      if (status !== 'canceled') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe('canceled');
  });
});

describe('transmute mcp without a server or --local', () => {
  it('exits with an error that names the flags that fix it', async () => {
    await expect(runCli(['mcp'], { TRANSMUTE_BASE_URL: '', TRANSMUTE_API_KEY: '' })).rejects.toThrow(
      /--base-url \(or TRANSMUTE_BASE_URL\), or use --local/,
    );
    await expect(
      runCli(['mcp', '--base-url', 'http://127.0.0.1:9'], { TRANSMUTE_API_KEY: '' }),
    ).rejects.toThrow(/--api-key \(or TRANSMUTE_API_KEY\)/);
  });
});

describe('transmute mcp --local --data-dir', () => {
  it('keeps its jobs in the data dir from one start to the next', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'transmute-mcp-e2e-'));
    try {
      const first = await connectStdio(['--local', '--data-dir', dataDir]);
      const converted = await callTool(first.client, 'convert', { text: 'Kept between two starts.' });
      const jobId = structured<{ job_id: string }>(converted.result).job_id;
      await first.close();
      const second = await connectStdio(['--local', '--data-dir', dataDir]);
      try {
        const listed = await callTool(second.client, 'listJobs', {});
        expect(structured<{ data: { id: string }[] }>(listed.result).data.map((job) => job.id)).toContain(
          jobId,
        );
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
