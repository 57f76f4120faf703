import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isTransmuteError } from '@transmute/contract';
import { createEngine, type Engine } from '@transmute/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebpageSource } from '../src/index.js';

const ARTICLE = `<!DOCTYPE html><html lang="en"><head><title>Night trains are back</title>
<meta name="author" content="Sam Reyes"></head><body><nav><a href="/">Home</a> <a href="/trains">Trains</a></nav>
<article><h1>Night trains are back</h1>
<p>Sleeper services between the capitals returned this winter, with new carriages and a timetable built around connections.</p>
<p>Operators say the cabins sold out for most weekends in January, and they plan to add a second train on the busiest route in spring.</p>
<p>Travellers can choose between couchettes with six berths, private cabins with a shower, and a cheaper reclining seat carriage.</p>
<p>Rail unions welcomed the return of the night services but warned that maintenance crews are already stretched across the network.</p>
<p>Read the <a href="timetable.html">full timetable</a>.</p><img src="img/sleeper.jpg" alt="A sleeper cabin"></article>
<footer>© Rail Weekly</footer></body></html>`;

let server: Server;
let base: string;
let engine: Engine;

beforeAll(async () => {
  server = createServer((req, res) => {
    switch (req.url ?? '') {
      case '/go':
        return void res.writeHead(302, { location: '/news/2026/night-trains' }).end();
      case '/news/2026/night-trains':
        return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
      case '/notes.txt':
        return void res
          .writeHead(200, { 'content-type': 'text/plain' })
          .end('Plain text notes about night trains and sleeper cabins.');
      case '/data.json':
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end('[{"route":"Paris-Berlin","nights":1}]');
      default:
        return void res
          .writeHead(404, { 'content-type': 'text/html' })
          .end('<html><body><h1>Not found</h1></body></html>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  engine = createEngine({ plugins: [createWebpageSource({ maxThreads: 1 })], allowPrivateNetworks: true });
});

afterAll(async () => {
  await engine.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => new Error('expected a failure'),
    (caught: unknown) => caught,
  );
  if (isTransmuteError(error)) return error.code;
  throw error;
}

describe('url sources through the engine', () => {
  it('fetches a page, follows its redirect and converts the main content with absolute links', async () => {
    const { document, usage } = await engine.prepare({ type: 'url', url: `${base}/go` });
    expect(document.metadata).toMatchObject({
      title: 'Night trains are back',
      byline: 'Sam Reyes',
      language: 'en',
    });
    expect(document.text).toContain('Sleeper services between the capitals');
    expect(document.text).not.toContain('Rail Weekly');
    const tree = JSON.stringify(document.root);
    expect(tree).toContain(`${base}/news/2026/timetable.html`);
    expect(tree).toContain(`${base}/news/2026/img/sleeper.jpg`);
    expect(usage.extracted_characters).toBeGreaterThan(400);
  });

  it('routes plain text and JSON responses to the built-in text source', async () => {
    const text = await engine.prepare({ type: 'url', url: `${base}/notes.txt` });
    expect(text.document.text).toContain('Plain text notes about night trains');
    const json = await engine.prepare({ type: 'url', url: `${base}/data.json` });
    expect(json.document.text).toContain('Paris-Berlin');
  });

  it('fails with source_unreachable on an error page', async () => {
    expect(await failure(engine.prepare({ type: 'url', url: `${base}/gone` }))).toBe('source_unreachable');
  });

  it('refuses loopback URLs when private networks are not allowed', async () => {
    const strict = createEngine({ plugins: [createWebpageSource({ maxThreads: 1 })] });
    try {
      expect(await failure(strict.prepare({ type: 'url', url: `${base}/go` }))).toBe('source_blocked');
    } finally {
      await strict.close();
    }
  });
});
