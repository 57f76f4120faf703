import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkUrlAllowed } from './check-url-allowed.js';
import type { HostResolver } from './resolver.js';
import { createSafeFetch, safeFetch } from './safe-fetch.js';
import { isSafeFetchError, type SafeFetchErrorCode } from './safe-fetch-error.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const servers: Server[] = [];

async function listen(handler: Handler, server: Server = createServer(handler)): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections?.();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function failure(promise: Promise<unknown>): Promise<SafeFetchErrorCode> {
  try {
    await promise;
  } catch (error) {
    if (isSafeFetchError(error)) return error.netCode;
    throw error;
  }
  throw new Error('expected a failure');
}

const toLoopback: HostResolver = () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]);

describe('destination policy', () => {
  const refused = [
    'http://127.0.0.1/',
    'http://localhost/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://0.0.0.0/',
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fc00::1]/',
    'http://[fe80::1]/',
    'http://2130706433/',
    'http://rebinder.example/',
  ];

  it.each(refused)('refuses %s at check time and at fetch time', async (url) => {
    const check = await checkUrlAllowed(url, { resolver: toLoopback });
    expect(check.ok).toBe(false);
    expect(await failure(safeFetch(url, {}, { resolver: toLoopback }))).toBe('destination_blocked');
  });

  it('refuses other schemes and credentials in URLs', async () => {
    for (const url of ['ftp://example.com/', 'file:///etc/passwd', 'http://user:pw@example.com/']) {
      expect((await checkUrlAllowed(url)).ok).toBe(false);
      expect(await failure(safeFetch(url, {}, { allowPrivateNetworks: true }))).toBe('destination_blocked');
    }
  });

  it('refuses a host when any of its addresses is refused', async () => {
    const mixed: HostResolver = () =>
      Promise.resolve([
        { address: '93.184.215.14', family: 4 },
        { address: '10.1.2.3', family: 4 },
      ]);
    expect((await checkUrlAllowed('https://mixed.example/', { resolver: mixed })).ok).toBe(false);
  });

  it('accepts a public host and treats an unresolvable name as not refused', async () => {
    const publicOnly: HostResolver = () => Promise.resolve([{ address: '93.184.215.14', family: 4 }]);
    const failing: HostResolver = () => Promise.reject(new Error('ENOTFOUND'));
    expect(await checkUrlAllowed('https://example.com/', { resolver: publicOnly })).toEqual({ ok: true });
    expect(await checkUrlAllowed('https://nx.example/', { resolver: failing })).toEqual({ ok: true });
    const strict = await checkUrlAllowed('https://nx.example/', {
      resolver: failing,
      requireResolvable: true,
    });
    expect(strict.ok).toBe(false);
    expect(await failure(safeFetch('https://nx.example/', {}, { resolver: failing }))).toBe(
      'dns_resolution_failed',
    );
  });

  it('refuses at fetch time a DNS answer that changed after the check (rebinding)', async () => {
    let hits = 0;
    const port = await listen((_req, res) => {
      hits += 1;
      res.end('internal');
    });
    const answers = ['93.184.215.14', '127.0.0.1'];
    const rebinding: HostResolver = () =>
      Promise.resolve([{ address: answers.shift() ?? '127.0.0.1', family: 4 }]);
    const url = `http://rebind.example:${port}/`;
    expect(await checkUrlAllowed(url, { resolver: rebinding })).toEqual({ ok: true });
    expect(await failure(safeFetch(url, {}, { resolver: rebinding }))).toBe('destination_blocked');
    expect(hits).toBe(0);
  });

  it('resolves once and connects to the checked address, keeping the Host name', async () => {
    let host = '';
    const port = await listen((req, res) => {
      host = req.headers.host ?? '';
      res.end('ok');
    });
    let calls = 0;
    // The second answer would hit nothing (nobody listens on 127.0.0.2): a re-resolution would fail.
    const changing: HostResolver = () => {
      calls += 1;
      return Promise.resolve([{ address: calls === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }]);
    };
    const res = await safeFetch(
      `http://pinned.example:${port}/`,
      {},
      { allowPrivateNetworks: true, resolver: changing },
    );
    expect(res.body.toString()).toBe('ok');
    expect(res.address).toBe('127.0.0.1');
    expect(calls).toBe(1);
    expect(host).toBe(`pinned.example:${port}`);
  });
});

describe('requests', () => {
  it('reaches a loopback server when private networks are allowed', async () => {
    const port = await listen((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => res.writeHead(201, { 'x-echo': req.method ?? '' }).end(body));
    });
    const fetcher = createSafeFetch({ allowPrivateNetworks: true });
    const res = await fetcher(`http://127.0.0.1:${port}/x`, { method: 'POST', body: 'hello' });
    expect(res.status).toBe(201);
    expect(res.headers['x-echo']).toBe('POST');
    expect(res.body.toString()).toBe('hello');
  });

  it('reuses connections only when asked, and only to the same vetted address', async () => {
    const ports: number[] = [];
    const port = await listen((req, res) => {
      ports.push(req.socket.remotePort ?? 0);
      res.end('ok');
    });
    const pooled = createSafeFetch({ allowPrivateNetworks: true, reuseConnections: true });
    for (let i = 0; i < 8; i += 1) await pooled(`http://127.0.0.1:${port}/${String(i)}`);
    await pooled.close();
    const pooledPorts = ports.splice(0);
    const fresh = createSafeFetch({ allowPrivateNetworks: true });
    for (let i = 0; i < 8; i += 1) await fresh(`http://127.0.0.1:${port}/${String(i)}`);
    // At most 4 pooled connections serve 8 requests; without pooling every request has its own.
    expect(new Set(pooledPorts).size).toBeLessThanOrEqual(4);
    expect(new Set(ports).size).toBe(8);
    const rebinding: HostResolver = (() => {
      const answers = ['127.0.0.1', '10.0.0.1'];
      return () => Promise.resolve([{ address: answers.shift() ?? '10.0.0.1', family: 4 as const }]);
    })();
    const guarded = createSafeFetch({ resolver: rebinding, reuseConnections: true });
    // The first answer is refused as loopback; the pool never bypasses the check.
    expect(await failure(guarded(`http://pool.example:${port}/`))).toBe('destination_blocked');
    expect(await failure(guarded(`http://pool.example:${port}/`))).toBe('destination_blocked');
    await guarded.close();
  });

  it('follows redirects up to the limit, re-checking each hop', async () => {
    const port = await listen((req, res) => {
      const n = Number((req.url ?? '/0').slice(1));
      if (n === 99) res.writeHead(302, { location: 'ftp://127.0.0.1/' }).end();
      else if (n > 0) res.writeHead(302, { location: `/${n - 1}` }).end();
      else res.end('done');
    });
    const policy = { allowPrivateNetworks: true, maxRedirects: 3 };
    const res = await safeFetch(`http://127.0.0.1:${port}/3`, {}, policy);
    expect(res.body.toString()).toBe('done');
    expect(res.redirects).toHaveLength(3);
    expect(await failure(safeFetch(`http://127.0.0.1:${port}/4`, {}, policy))).toBe('too_many_redirects');
    expect(await failure(safeFetch(`http://127.0.0.1:${port}/99`, {}, policy))).toBe('destination_blocked');
  });

  it('never follows a redirect with maxRedirects 0', async () => {
    const port = await listen((_req, res) => res.writeHead(307, { location: '/elsewhere' }).end());
    const error = await safeFetch(
      `http://127.0.0.1:${port}/`,
      {},
      { allowPrivateNetworks: true, maxRedirects: 0 },
    ).catch((e: unknown) => e);
    expect(isSafeFetchError(error) && error.netCode).toBe('redirect_not_followed');
    expect(isSafeFetchError(error) && error.responseStatus).toBe(307);
  });

  it('aborts the connection as soon as the byte cap is passed', async () => {
    let written = 0;
    let closed: () => void = () => undefined;
    const serverSawClose = new Promise<void>((resolve) => (closed = resolve));
    const port = await listen((_req, res) => {
      res.on('close', () => closed());
      const chunk = Buffer.alloc(64 * 1024, 97);
      const pump = (): void => {
        while (!res.destroyed && written < 1024 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
      };
      pump();
    });
    const policy = { allowPrivateNetworks: true, maxBytes: 256 * 1024 };
    expect(await failure(safeFetch(`http://127.0.0.1:${port}/`, {}, policy))).toBe('response_too_large');
    await serverSawClose;
    expect(written).toBeLessThan(64 * 1024 * 1024);
    const truncated = await safeFetch(`http://127.0.0.1:${port}/`, {}, { ...policy, onOversize: 'truncate' });
    expect(truncated.truncated).toBe(true);
    expect(truncated.body.length).toBe(256 * 1024);
  });

  it('fails with timeout when the server does not answer in time', async () => {
    const port = await listen(() => undefined);
    const policy = { allowPrivateNetworks: true, timeoutMs: 300 };
    expect(await failure(safeFetch(`http://127.0.0.1:${port}/`, {}, policy))).toBe('timeout');
  });

  it('reports refused and reset connections', async () => {
    const port = await listen((req) => req.socket.destroy());
    expect(await failure(safeFetch(`http://127.0.0.1:${port}/`, {}, { allowPrivateNetworks: true }))).toBe(
      'connection_reset',
    );
    const closedPort = await listen(() => undefined);
    const last = servers.pop();
    await new Promise((resolve) => last?.close(resolve));
    expect(
      await failure(safeFetch(`http://127.0.0.1:${closedPort}/`, {}, { allowPrivateNetworks: true })),
    ).toBe('connection_refused');
  });

  it('verifies TLS against the original host name and reports tls_error otherwise', async () => {
    const fixtures = new URL('./fixtures/', import.meta.url);
    const cert = readFileSync(new URL('tls-test.crt', fixtures));
    const key = readFileSync(new URL('tls-test.key', fixtures));
    const port = await listen(
      () => undefined,
      createTlsServer({ cert, key }, (_req, res) => res.end('secure')),
    );
    const policy = { allowPrivateNetworks: true, resolver: toLoopback };
    const res = await safeFetch(`https://tls.test:${port}/`, {}, { ...policy, tls: { ca: cert } });
    expect(res.body.toString()).toBe('secure');
    expect(await failure(safeFetch(`https://tls.test:${port}/`, {}, policy))).toBe('tls_error');
    expect(await failure(safeFetch(`https://127.0.0.1:${port}/`, {}, { ...policy, tls: { ca: cert } }))).toBe(
      'tls_error',
    );
  });
});
