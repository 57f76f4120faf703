import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTransmuteError } from '@transmute/contract';
import { createEngine } from '../create-engine.js';

// The server is reached through the operator's allowlist (127.0.0.1 only), as a public site would
// be; private networks as a whole stay refused. Its redirects then point into private space.
const server = createServer((req, res) => {
  const target = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
  if (target !== null) {
    res.writeHead(302, { location: target }).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'text/plain' }).end('A public page with some text.');
});
let origin = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const engine = createEngine({ allowedAddresses: ['127.0.0.1'] });
const codeOf = (error: unknown) => (isTransmuteError(error) ? error.code : String(error));

describe('URL sources redirected into private address space', () => {
  it('reach the allowed address, directly and through a redirect to it', async () => {
    const direct = await engine.prepare({ type: 'url', url: `${origin}/page` });
    expect(direct.document.text).toContain('public page');
    const redirected = await engine.prepare({
      type: 'url',
      url: `${origin}/?to=${encodeURIComponent(`${origin}/page`)}`,
    });
    expect(redirected.document.text).toContain('public page');
  });

  it.each([
    ['another loopback address', (port: string) => `http://127.0.0.2:${port}/page`],
    ['a private network', () => 'http://10.0.0.1/admin'],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a loopback name', (port: string) => `http://localhost:${port}/page`],
    ['an IPv4-mapped IPv6 loopback', (port: string) => `http://[::ffff:127.0.0.1]:${port}/page`],
  ])('refuses a redirect to %s with source_blocked', async (_name, to) => {
    const port = new URL(origin).port;
    const url = `${origin}/?to=${encodeURIComponent(to(port))}`;
    const error = await engine.prepare({ type: 'url', url }).catch((e: unknown) => e);
    expect(codeOf(error)).toBe('source_blocked');
  });
});
