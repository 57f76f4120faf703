import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ArtifactVerificationError, createClient, isTransmuteApiError } from '../src/index.js';

const BYTES = randomBytes(200_000);
const SHA256 = createHash('sha256').update(BYTES).digest('hex');

/**
 * A loopback artifact server answering like `/artifacts/<token>`: the whole body (200), a
 * `bytes=<n>-` range (206) when `If-Range` is absent or matches the ETag, 416 past the end, and a
 * problem for an unknown token. `/corrupt` serves other bytes under the same ETag.
 */
class ArtifactServer {
  server: Server = createServer((req, res) => {
    this.requests.push({ path: req.url ?? '', headers: req.headers });
    const body = req.url === '/artifacts/corrupt' ? Buffer.alloc(BYTES.length, 7) : BYTES;
    if (!['/artifacts/good', '/artifacts/corrupt', '/artifacts/from-zero'].includes(req.url ?? '')) {
      res.writeHead(404, { 'content-type': 'application/problem+json' });
      res.end(
        JSON.stringify({
          type: 'about:blank',
          title: 'Not found',
          status: 404,
          code: 'not_found',
          detail: 'No such artifact.',
          request_id: 'req_1',
          retryable: false,
        }),
      );
      return;
    }
    const etag = `"${SHA256}"`;
    if (req.url === '/artifacts/from-zero' && req.headers.range !== undefined) {
      // A broken server: 206 with the bytes from 0, whatever was asked.
      res.writeHead(206, {
        etag,
        'content-range': `bytes 0-${String(body.length - 1)}/${String(body.length)}`,
      });
      res.end(body);
      return;
    }
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const ifRange = req.headers['if-range'];
    if (range && (ifRange === undefined || ifRange === etag)) {
      const start = Number(range[1]);
      if (start >= body.length) {
        res.writeHead(416, { 'content-range': `bytes */${String(body.length)}` }).end();
        return;
      }
      res.writeHead(206, {
        etag,
        'content-length': String(body.length - start),
        'content-range': `bytes ${String(start)}-${String(body.length - 1)}/${String(body.length)}`,
      });
      res.end(body.subarray(start));
      return;
    }
    res.writeHead(200, { etag, 'content-length': String(body.length), 'accept-ranges': 'bytes' });
    res.end(body);
  });
  requests: { path: string; headers: IncomingHttpHeaders }[] = [];
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${String((this.server.address() as AddressInfo).port)}`;
  }
}

const server = new ArtifactServer();
const client = createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'tmk_unused' });
let dir = '';

beforeAll(async () => {
  await server.start();
  dir = await mkdtemp(join(tmpdir(), 'transmute-download-'));
});
afterAll(async () => {
  server.server.close();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  server.requests = [];
});

const artifact = (name = 'good') => ({
  download_url: `${server.url}/artifacts/${name}`,
  size_bytes: BYTES.length,
  sha256: SHA256,
});

describe('downloadArtifact', () => {
  it('streams the whole artifact to a path, reporting progress, with no credential sent', async () => {
    const path = join(dir, 'whole.zip');
    const seen: number[] = [];
    const result = await client.downloadArtifact(artifact(), path, {
      onProgress: (received, total) => {
        expect(total).toBe(BYTES.length);
        seen.push(received);
      },
    });
    expect(result).toEqual({ sizeBytes: BYTES.length, sha256: SHA256, resumed: false });
    expect((await readFile(path)).equals(BYTES)).toBe(true);
    expect(seen.at(-1)).toBe(BYTES.length);
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect(server.requests[0]?.headers.range).toBeUndefined();
    expect(existsSync(`${path}.part`)).toBe(false);
  });

  it('resumes a partial file with a byte range and verifies the whole file', async () => {
    const path = join(dir, 'resumed.zip');
    await writeFile(`${path}.part`, BYTES.subarray(0, 123_456));
    const result = await client.downloadArtifact(artifact(), path);
    expect(result.resumed).toBe(true);
    expect(server.requests[0]?.headers.range).toBe('bytes=123456-');
    expect(server.requests[0]?.headers['if-range']).toBe(`"${SHA256}"`);
    expect((await readFile(path)).equals(BYTES)).toBe(true);
  });

  it('verifies a partial file that already holds every byte (416) without downloading again', async () => {
    const path = join(dir, 'complete.zip');
    await writeFile(`${path}.part`, BYTES);
    const result = await client.downloadArtifact(artifact(), path);
    expect(result).toEqual({ sizeBytes: BYTES.length, sha256: SHA256, resumed: true });
    expect((await readFile(path)).equals(BYTES)).toBe(true);
  });

  it('refuses bytes whose sha256 differs, removing the partial file', async () => {
    const path = join(dir, 'corrupt.zip');
    const error: unknown = await client.downloadArtifact(artifact('corrupt'), path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArtifactVerificationError);
    expect((error as ArtifactVerificationError).code).toBe('digest_mismatch');
    expect(existsSync(path)).toBe(false);
    expect(existsSync(`${path}.part`)).toBe(false);
  });

  it('refuses a size that differs from the manifest', async () => {
    const error: unknown = await client
      .downloadArtifact({ ...artifact(), size_bytes: BYTES.length + 1 }, join(dir, 'short.zip'))
      .catch((e: unknown) => e);
    expect((error as ArtifactVerificationError).code).toBe('size_mismatch');
  });

  it("a resumed prefix that is not the artifact's fails the digest check", async () => {
    const path = join(dir, 'bad-prefix.zip');
    await writeFile(`${path}.part`, Buffer.alloc(1000, 1));
    const error: unknown = await client.downloadArtifact(artifact(), path).catch((e: unknown) => e);
    expect((error as ArtifactVerificationError).code).toBe('digest_mismatch');
    // The next call starts over and succeeds.
    await expect(client.downloadArtifact(artifact(), path)).resolves.toMatchObject({ resumed: false });
  });

  it('starts over when a 206 is not the rest of the file', async () => {
    const path = join(dir, 'from-zero.zip');
    await writeFile(`${path}.part`, BYTES.subarray(0, 5000));
    const result = await client.downloadArtifact(artifact('from-zero'), path);
    expect(result.resumed).toBe(false);
    expect(server.requests.map((request) => request.headers.range)).toEqual(['bytes=5000-', undefined]);
    expect((await readFile(path)).equals(BYTES)).toBe(true);
  });

  it('streams to a writable stream', async () => {
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    await client.downloadArtifact(artifact(), sink);
    expect(Buffer.concat(chunks).equals(BYTES)).toBe(true);
  });

  it('turns an error answer into a TransmuteApiError', async () => {
    const error: unknown = await client
      .downloadArtifact({ download_url: `${server.url}/artifacts/gone` }, join(dir, 'gone'))
      .catch((e: unknown) => e);
    expect(isTransmuteApiError(error) && error.code).toBe('not_found');
  });
});
