import { mkdtemp, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { isTransmuteError } from '@transmute/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostResolver } from '../net/resolver.js';
import { acquireUrl, type UrlAcquisitionContext } from './url-source.js';

const PAGE = '<!DOCTYPE html><html><head><title>T</title></head><body><p>Hello</p></body></html>';
const seen: { acceptLanguage?: string | undefined } = {};
const big = { written: 0, closedEarly: false };

function route(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  const hops = /^\/hops\/(\d+)$/.exec(url.pathname);
  if (hops) {
    const n = Number(hops[1]);
    if (n === 0) res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    else res.writeHead(n % 2 === 0 ? 301 : 302, { location: `/hops/${n - 1}` }).end();
    return;
  }
  switch (url.pathname) {
    case '/page':
      seen.acceptLanguage = req.headers['accept-language'];
      res.writeHead(200, { 'content-type': 'text/html; charset=ISO-8859-1' }).end(PAGE);
      return;
    case '/exact':
      res.writeHead(200, { 'content-type': 'text/plain' }).end(Buffer.alloc(5_000_000, 97));
      return;
    case '/big':
      res.writeHead(200, { 'content-type': 'text/html' }).end(Buffer.alloc(5_000_001, 120));
      return;
    case '/huge':
      streamBytes(res, 256 * 1024 * 1024);
      return;
    case '/stall':
      return; // never answers
    case '/gzip':
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(PAGE));
      return;
    default:
      serveTyped(url.pathname, res);
  }
}

const TYPED: Record<string, [number, string, string | Buffer]> = {
  '/doc.pdf': [200, 'application/pdf', '%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n<<>>\nendobj\n'],
  '/sniffed': [200, 'application/octet-stream', '%PDF-1.7\n1 0 obj\n'],
  '/untyped-html': [200, '', '<!doctype html><html><body>Hi</body></html>'],
  '/notes.txt': [200, 'text/plain; charset=utf-8', 'Plain notes.'],
  '/pom.xml': [200, 'text/xml', '<?xml version="1.0"?><project><artifactId>demo</artifactId></project>'],
  '/data.json': [200, 'application/json', '{"a":1}'],
  '/table.csv': [200, 'text/csv', 'a,b\n1,2\n'],
  '/song.mp3': [200, 'audio/mpeg', Buffer.from('ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000')],
  '/image.png': [200, 'image/png', Buffer.from('\u0089PNG\r\n\u001a\n')],
  '/missing': [
    404,
    'text/html',
    '<html><body><h1>Not found</h1><p>Sorry, that page is gone.</p></body></html>',
  ],
  '/broken': [503, 'text/html', '<html><body>Service unavailable</body></html>'],
  '/empty': [200, 'text/html', ''],
};

function serveTyped(path: string, res: ServerResponse): void {
  const entry = TYPED[path];
  if (entry === undefined) return void res.writeHead(404).end();
  const [status, type, body] = entry;
  res.writeHead(status, type === '' ? {} : { 'content-type': type }).end(body);
}

function streamBytes(res: ServerResponse, total: number): void {
  res.on('close', () => (big.closedEarly = big.written < total));
  res.writeHead(200, { 'content-type': 'text/html' });
  const chunk = Buffer.alloc(16 * 1024, 120);
  const pump = (): void => {
    while (!res.destroyed && big.written < total) {
      const piece = chunk.subarray(0, Math.min(chunk.length, total - big.written));
      big.written += piece.length;
      if (!res.write(piece)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end();
  };
  pump();
}

let server: Server;
let base: string;
let workDir: string;

beforeAll(async () => {
  server = createServer(route);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  workDir = await mkdtemp(join(tmpdir(), 'url-source-'));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function context(extra: Partial<UrlAcquisitionContext> = {}): UrlAcquisitionContext {
  return { workDir, signal: new AbortController().signal, allowPrivateNetworks: true, ...extra };
}

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => new Error('expected a failure'),
    (caught: unknown) => caught,
  );
  if (isTransmuteError(error)) return error.code;
  throw error;
}

describe('acquireUrl', () => {
  it('downloads a page into workDir with its media type, charset, final URL and Accept-Language', async () => {
    const { file, route: reader } = await acquireUrl(
      { type: 'url', url: `${base}/page`, preferredLanguage: 'de-CH' },
      context(),
    );
    expect(reader).toBe('webpage');
    expect(file).toMatchObject({
      mediaType: 'text/html',
      charset: 'iso-8859-1',
      baseUrl: `${base}/page`,
      preferredLanguage: 'de-CH',
    });
    expect(file.path.startsWith(workDir)).toBe(true);
    expect(await readFile(file.path, 'utf8')).toBe(PAGE);
    expect(file.sizeBytes).toBe(PAGE.length);
    expect(seen.acceptLanguage).toMatch(/^de-CH\b/);
  });

  it('follows five redirects and reports the final URL as the base URL; the sixth is refused', async () => {
    const { file } = await acquireUrl({ type: 'url', url: `${base}/hops/5` }, context());
    expect(file.baseUrl).toBe(`${base}/hops/0`);
    expect(await failure(acquireUrl({ type: 'url', url: `${base}/hops/6` }, context()))).toBe(
      'source_unreachable',
    );
  });

  it('re-checks every redirect hop against the policy', async () => {
    const redirecting = createServer((_req, res) =>
      res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
    );
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/`;
    expect(await failure(acquireUrl({ type: 'url', url }, context()))).toBe('source_blocked');
    await new Promise((resolve) => redirecting.close(resolve));
  });

  it('accepts exactly 5 000 000 bytes and refuses 5 000 001 while streaming, closing the connection early', async () => {
    const { file } = await acquireUrl({ type: 'url', url: `${base}/exact` }, context());
    expect(file.sizeBytes).toBe(5_000_000);
    expect(await failure(acquireUrl({ type: 'url', url: `${base}/big` }, context()))).toBe(
      'source_too_large',
    );
    // A server with far more to send sees the connection closed soon after the cap, not the body read.
    expect(await failure(acquireUrl({ type: 'url', url: `${base}/huge` }, context()))).toBe(
      'source_too_large',
    );
    await expect.poll(() => big.closedEarly).toBe(true);
    expect(big.written).toBeLessThan(64 * 1024 * 1024);
  });

  it('fails with timeout when the server stalls', async () => {
    const ctx = context({ limits: { timeout_seconds: 0.5 } });
    expect(await failure(acquireUrl({ type: 'url', url: `${base}/stall` }, ctx))).toBe('timeout');
  });

  it('fails with source_unreachable on 4xx and 5xx pages instead of reading the error page', async () => {
    expect(await failure(acquireUrl({ type: 'url', url: `${base}/missing` }, context()))).toBe(
      'source_unreachable',
    );
    expect(await failure(acquireUrl({ type: 'url', url: `${base}/broken` }, context()))).toBe(
      'source_unreachable',
    );
  });

  it('routes by media type: header first, then sniffed', async () => {
    const cases: Array<[string, string, string]> = [
      ['/doc.pdf', 'document', 'application/pdf'],
      ['/sniffed', 'document', 'application/pdf'],
      ['/untyped-html', 'webpage', 'text/html'],
      ['/notes.txt', 'text', 'text/plain'],
      ['/data.json', 'text', 'application/json'],
      ['/table.csv', 'text', 'text/csv'],
      ['/gzip', 'webpage', 'text/html'],
      ['/pom.xml', 'text', 'text/xml'],
    ];
    for (const [path, expectedRoute, mediaType] of cases) {
      const { file, route: reader } = await acquireUrl({ type: 'url', url: `${base}${path}` }, context());
      expect([path, reader, file.mediaType]).toEqual([path, expectedRoute, mediaType]);
    }
  });

  it('takes audio only when transcription is allowed, and refuses other content', async () => {
    const url = `${base}/song.mp3`;
    expect(await failure(acquireUrl({ type: 'url', url }, context()))).toBe(
      'audio_transcription_not_allowed',
    );
    const { route: reader } = await acquireUrl(
      { type: 'url', url, allowAudioTranscription: true },
      context(),
    );
    expect(reader).toBe('audio');
    expect(await failure(acquireUrl({ type: 'url', url: `${base}/image.png` }, context()))).toBe(
      'unsupported_content',
    );
    expect(await failure(acquireUrl({ type: 'url', url: `${base}/empty` }, context()))).toBe('empty_content');
  });
});

/** The private-address list of the webhooks issue: every one is refused for URL sources. */
const PRIVATE_ADDRESSES = [
  '127.0.0.1',
  '127.255.255.254',
  '0.0.0.0',
  '10.0.0.1',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '100.64.0.1',
  '169.254.169.254',
  '224.0.0.1',
  '255.255.255.255',
  '198.18.0.1',
  '192.0.2.2',
  '::',
  '::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:0:10.0.0.1',
  '::127.0.0.1',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b:1::1',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  '2002:7f00:1::',
  '2002:a9fe:a9fe::1',
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'fec0::1',
  'ff02::1',
  '2001:db8::1',
];

function literal(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}

describe('SSRF policy for URL sources (allowPrivateNetworks false)', () => {
  const strict = (resolver?: HostResolver): UrlAcquisitionContext =>
    context({ allowPrivateNetworks: false, ...(resolver ? { resolver } : {}) });

  it.each(PRIVATE_ADDRESSES)('refuses %s as a literal and through a DNS name', async (address) => {
    expect(await failure(acquireUrl({ type: 'url', url: `http://${literal(address)}/` }, strict()))).toBe(
      'source_blocked',
    );
    const resolver: HostResolver = async () => [{ address, family: address.includes(':') ? 6 : 4 }];
    const named = acquireUrl({ type: 'url', url: 'http://innocent-looking.example/page' }, strict(resolver));
    expect(await failure(named)).toBe('source_blocked');
  });

  it('refuses loopback names, decimal IPv4 forms and non-http schemes', async () => {
    for (const url of [
      'http://localhost/',
      'http://api.localhost/',
      'http://2130706433/',
      'http://0x7f000001/',
      'ftp://example.com/',
      'file:///etc/passwd',
    ]) {
      expect([url, await failure(acquireUrl({ type: 'url', url }, strict()))]).toEqual([
        url,
        'source_blocked',
      ]);
    }
  });

  it('refuses a host when any of its DNS answers is private', async () => {
    const resolver: HostResolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
    expect(await failure(acquireUrl({ type: 'url', url: 'http://mixed.example/' }, strict(resolver)))).toBe(
      'source_blocked',
    );
  });

  it('refuses the loopback test server itself, so a redirect chain through it never starts', async () => {
    expect(await failure(acquireUrl({ type: 'url', url: `${base}/hops/1` }, strict()))).toBe(
      'source_blocked',
    );
  });
});
