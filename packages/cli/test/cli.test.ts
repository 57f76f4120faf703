import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OUTPUT_PROFILE } from '@transmute/contract';
import { cliNodeArgs } from '../../../scripts/cli-under-test.js';

const run = promisify(execFile);
const NODE_ARGS = cliNodeArgs();

async function transmute(args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [...NODE_ARGS, ...args], {
    env: { ...process.env, TRANSMUTE_PORT: '' },
  });
  return stdout;
}

/** Spawns a long-running transmute command and resolves once `ready` matches its output. */
function spawnUntil(
  args: string[],
  ready: RegExp,
): Promise<{ child: ChildProcess; output: () => string; match: RegExpExecArray }> {
  const child = spawn(process.execPath, [...NODE_ARGS, ...args], {
    env: { ...process.env, TRANSMUTE_WORKER_CONCURRENCY: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = ready.exec(text);
      if (match !== null) resolve({ child, output: () => text, match });
    });
    child.once('exit', (code) =>
      reject(new Error(`transmute ${args[0] ?? ''} exited with ${String(code)}: ${text}`)),
    );
  });
}

/** Raw bytes to a server, and everything it sends back until it closes the connection. */
function exchange(baseUrl: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.setTimeout(5_000, () =>
      socket.destroy(new Error(`no answer to ${JSON.stringify(bytes)}: ${text}`)),
    );
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
    socket.write(bytes);
  });
}

async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  return exited;
}

describe('transmute serve --no-worker with a separate transmute worker', () => {
  it('processes jobs created through the API in the worker process', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'transmute-cli-worker-'));
    const api = await spawnUntil(
      ['serve', '--no-worker', '--port', '0', '--data-dir', dataDir],
      /Transmute listening on (http:\/\/\S+) \(no worker\)/,
    );
    const worker = await spawnUntil(['worker', '--data-dir', dataDir], /Transmute worker started/);
    try {
      const url = api.match[1] ?? '';
      const apiKey = /API key \(shown only once, keep it\): (tmk_\w+)/.exec(api.output())?.[1] ?? '';
      const created = await fetch(`${url}/v1/jobs`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          'idempotency-key': 'split-1',
        },
        body: JSON.stringify({
          source: { type: 'text', content: 'Split roles.' },
          output: { profile: 'raw_source' },
        }),
      });
      expect(created.status).toBe(201);
      const job = (await created.json()) as { id: string };
      let status = '';
      for (let i = 0; i < 600 && !['succeeded', 'failed'].includes(status); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const read = await fetch(`${url}/v1/jobs/${job.id}`, {
          headers: { authorization: `Bearer ${apiKey}` },
        });
        status = ((await read.json()) as { status: string }).status;
      }
      expect(status).toBe('succeeded');
    } finally {
      expect(await stop(worker.child)).toBe(0);
      expect(await stop(api.child)).toBe(0);
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});

describe('transmute CLI', () => {
  let dataDir: string;
  let server: ChildProcess;
  let output = '';
  let url = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'transmute-cli-'));
    server = spawn(process.execPath, [...NODE_ARGS, 'serve', '--port', '0', '--data-dir', dataDir], {
      env: { ...process.env, TRANSMUTE_WORKER_CONCURRENCY: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    url = await new Promise<string>((resolve, reject) => {
      server.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Transmute listening on (http:\/\/\S+)/.exec(output);
        if (match?.[1] !== undefined) resolve(match[1]);
      });
      server.once('exit', (code) => reject(new Error(`serve exited with ${String(code)}: ${output}`)));
    });
  }, 120_000);

  afterAll(async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serve creates a development account on first start and prints its key and a curl example', async () => {
    expect(output).toMatch(/Created development account acct_\S+ \(plan developer\)/);
    const apiKey = /API key \(shown only once, keep it\): (tmk_\w+)/.exec(output)?.[1];
    expect(apiKey).toBeDefined();
    expect(output).toContain(`curl -s ${url}/v1/jobs`);
    // The example asks for the profile every surface defaults to.
    expect(output).toContain(`"profile":"${DEFAULT_OUTPUT_PROFILE}"`);
    const created = await fetch(`${url}/v1/jobs`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        'idempotency-key': 'cli-1',
      },
      body: JSON.stringify({
        source: { type: 'text', content: 'Hello from the CLI test.' },
        output: { profile: 'raw_source' },
      }),
    });
    expect(created.status).toBe(201);
    const job = (await created.json()) as { id: string };
    let status = '';
    for (let i = 0; i < 200 && !['succeeded', 'failed'].includes(status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const read = await fetch(`${url}/v1/jobs/${job.id}`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      status = ((await read.json()) as { status: string }).status;
    }
    expect(status).toBe('succeeded');
  });

  it('accounts create --json, keys create and keys revoke work against the running server', async () => {
    const created = JSON.parse(
      await transmute(['accounts', 'create', '--data-dir', dataDir, '--plan', 'free', '--json']),
    ) as {
      account_id: string;
      api_key: string;
    };
    expect(created.account_id).toMatch(/^acct_/);
    const usage = await fetch(`${url}/v1/usage`, { headers: { authorization: `Bearer ${created.api_key}` } });
    expect(((await usage.json()) as { plan: string }).plan).toBe('free');
    const key = JSON.parse(
      await transmute(['keys', 'create', '--account', created.account_id, '--data-dir', dataDir, '--json']),
    ) as {
      api_key: string;
    };
    expect(
      (await fetch(`${url}/v1/usage`, { headers: { authorization: `Bearer ${key.api_key}` } })).status,
    ).toBe(200);
    expect(
      JSON.parse(await transmute(['keys', 'revoke', key.api_key, '--data-dir', dataDir, '--json'])),
    ).toEqual({ revoked: true });
    expect(
      (await fetch(`${url}/v1/usage`, { headers: { authorization: `Bearer ${key.api_key}` } })).status,
    ).toBe(401);
  });

  it('accounts suspend, activate and cancel set the status the running server reports', async () => {
    const created = JSON.parse(
      await transmute(['accounts', 'create', '--data-dir', dataDir, '--plan', 'team', '--json']),
    ) as { account_id: string; api_key: string };
    const status = async (): Promise<string> => {
      const usage = await fetch(`${url}/v1/usage`, {
        headers: { authorization: `Bearer ${created.api_key}` },
      });
      return ((await usage.json()) as { account_status: string }).account_status;
    };
    expect(
      JSON.parse(
        await transmute(['accounts', 'suspend', created.account_id, '--data-dir', dataDir, '--json']),
      ),
    ).toEqual({ account_id: created.account_id, plan: 'team', status: 'suspended' });
    expect(await status()).toBe('suspended');
    // The data dir from TRANSMUTE_DATA_DIR, like every other setting; text output without --json.
    const { stdout } = await run(
      process.execPath,
      [...NODE_ARGS, 'accounts', 'activate', created.account_id],
      {
        env: { ...process.env, TRANSMUTE_DATA_DIR: dataDir },
      },
    );
    expect(stdout).toBe(`Account ${created.account_id} is active.\n`);
    expect(await status()).toBe('active');
    await transmute(['accounts', 'cancel', created.account_id, '--data-dir', dataDir]);
    expect(await status()).toBe('canceled');
    const listed = JSON.parse(await transmute(['accounts', 'list', '--data-dir', dataDir, '--json'])) as {
      account_id: string;
      status: string;
    }[];
    expect(listed.find((a) => a.account_id === created.account_id)?.status).toBe('canceled');
    await expect(
      run(process.execPath, [...NODE_ARGS, 'accounts', 'suspend', 'acct_unknown', '--data-dir', dataDir]),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('Unknown account acct_unknown.') });
  });

  it('serve answers what node:http cannot parse, and CONNECT, with problem+json and a Request-Id', async () => {
    for (const [bytes, status, code] of [
      ['GET /v1/jobs HTTP/1.1\r\nHost: a\r\nX-A: a\u0000b\r\n\r\n', 400, 'malformed_request'],
      ['GET /v1/jobs HTTP/1.1\r\nConnection: close\r\n\r\n', 400, 'malformed_request'],
      ['CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', 404, 'route_not_found'],
    ] as const) {
      const answer = await exchange(url, bytes);
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head, answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(head.toLowerCase()).toContain('content-type: application/problem+json');
      const requestId = /^request-id: (\S+)$/im.exec(head)?.[1];
      expect(JSON.parse(body)).toMatchObject({ status, code, request_id: requestId });
    }
  });

  it('openapi prints the contract document as JSON or YAML', async () => {
    const json = JSON.parse(await transmute(['openapi', '--json'])) as {
      openapi: string;
      info: { version: string };
    };
    expect(json.openapi).toBe('3.1.0');
    expect(json.info.version).toBe('1.3.0');
    expect(await transmute(['openapi'])).toMatch(/^openapi: 3\.1\.0/m);
    // Exactly the committed documents of @transmute/contract: one renderer for both.
    const committed = (name: string): Promise<string> =>
      readFile(new URL(`../../contract/${name}`, import.meta.url), 'utf8');
    expect(await transmute(['openapi'])).toBe(await committed('openapi.yaml'));
    expect(await transmute(['openapi', '--json'])).toBe(await committed('openapi.json'));
  });
});
