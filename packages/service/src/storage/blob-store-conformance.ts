import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOB_KEY, sha256OfBlobKey, type BlobStore } from './blob-store.js';

/**
 * The blob conformance suite: what every {@link BlobStore} must do (a key per write, ranges,
 * limits, listing, orphan removal, large blobs streamed), run by each store's own test file.
 *
 * @example
 * describeBlobStoreConformance('filesystem', async () => ({ blobs: await createFsBlobStore({ root }), close }));
 */
export function describeBlobStoreConformance(
  name: string,
  open: () => Promise<{ blobs: BlobStore; close: () => Promise<void> }>,
): void {
  describe(`BlobStore conformance: ${name}`, () => {
    let blobs: BlobStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      const opened = await open();
      blobs = opened.blobs;
      close = opened.close;
    }, 30_000);
    afterAll(async () => {
      await close();
    });

    const digest = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');
    const read = async (key: string, range?: { start: number; end: number }): Promise<string> => {
      const chunks: Buffer[] = [];
      for await (const chunk of blobs.open(key, range)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    };

    it('stores streamed bytes under a key naming their sha256 and reads them back whole and by range', async () => {
      const seen: number[] = [];
      async function* parts(): AsyncGenerator<Uint8Array> {
        yield Buffer.from('hello, ');
        yield Buffer.from('conformance');
      }
      const info = await blobs.put(parts(), { onChunk: (chunk) => seen.push(chunk.length) });
      expect(info).toEqual({ key: info.key, sha256: digest('hello, conformance'), sizeBytes: 18 });
      expect(info.key).toMatch(BLOB_KEY);
      expect(sha256OfBlobKey(info.key)).toBe(info.sha256);
      expect(seen.reduce((a, b) => a + b, 0)).toBe(18);
      expect((await blobs.getBytes(info.key)).toString('utf8')).toBe('hello, conformance');
      expect(await read(info.key)).toBe('hello, conformance');
      expect(await read(info.key, { start: 7, end: 10 })).toBe('conf');
      expect(await blobs.stat(info.key)).toEqual({ sizeBytes: 18 });
      expect(readFileSync(await blobs.localFile(info.key), 'utf8')).toBe('hello, conformance');
    });

    it('gives every write of the same bytes its own key, so deleting one keeps the other', async () => {
      const a = await blobs.putBytes('same bytes');
      const b = await blobs.put(new Blob(['same bytes']).stream());
      const c = await blobs.putFile(await blobs.localFile(a.key));
      expect(new Set([a.key, b.key, c.key]).size).toBe(3);
      expect([b.sha256, c.sha256]).toEqual([a.sha256, a.sha256]);
      expect(a.sizeBytes).toBe(10);
      await blobs.delete(a.key);
      expect(await blobs.stat(a.key)).toBeNull();
      expect((await blobs.getBytes(b.key)).toString('utf8')).toBe('same bytes');
      expect(readFileSync(await blobs.localFile(c.key), 'utf8')).toBe('same bytes');
    });

    it('stores a file its caller gives up, and keeps it after the caller removes what is left', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'transmute-given-up-'));
      try {
        const path = join(dir, 'artifact.md');
        writeFileSync(path, '# given up');
        const info = await blobs.putFile(path, { giveUp: true });
        expect(info).toEqual({ key: info.key, sha256: digest('# given up'), sizeBytes: 10 });
        rmSync(dir, { recursive: true, force: true });
        expect((await blobs.getBytes(info.key)).toString('utf8')).toBe('# given up');
        expect(await blobs.stat(info.key)).toEqual({ sizeBytes: 10 });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('stores a given-up file from the bytes its caller holds', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'transmute-given-up-'));
      try {
        const path = join(dir, 'artifact.md');
        writeFileSync(path, '# held');
        const info = await blobs.putFile(path, { giveUp: true, bytes: Buffer.from('# held') });
        expect(info).toEqual({ key: info.key, sha256: digest('# held'), sizeBytes: 6 });
        rmSync(dir, { recursive: true, force: true });
        expect((await blobs.getBytes(info.key)).toString('utf8')).toBe('# held');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('refuses bytes past maxBytes and keeps nothing of them', async () => {
      const body = 'x'.repeat(100);
      await expect(blobs.put(new Blob([body]).stream(), { maxBytes: 99 })).rejects.toMatchObject({
        code: 'payload_too_large',
      });
      const kept = await blobs.listKeys(null, 10_000);
      expect(kept.filter((key) => sha256OfBlobKey(key) === digest(body))).toEqual([]);
      expect(await blobs.deleteStaleTemporaries(0, 100)).toEqual([]);
    });

    it('answers an unknown blob with null or a rejection, never bytes', async () => {
      const unknown = digest('never stored');
      expect(await blobs.stat(unknown)).toBeNull();
      await expect(blobs.getBytes(unknown)).rejects.toBeDefined();
      await expect(blobs.delete(unknown)).resolves.toBeUndefined();
      expect(await blobs.deleteUnlessRecent(unknown, 0)).toBeNull();
    });

    it('streams a large blob in and out in bounded memory (multipart on object stores)', async () => {
      const chunk = Buffer.alloc(256 * 1024);
      const count = 48; // 12 MiB: more than two parts of 5 MiB
      const hash = createHash('sha256');
      async function* big(): AsyncGenerator<Uint8Array> {
        for (let n = 0; n < count; n += 1) {
          chunk.fill(n);
          hash.update(chunk);
          yield Buffer.from(chunk);
        }
      }
      const info = await blobs.put(big());
      expect(info.sha256).toBe(hash.digest('hex'));
      expect(info.sizeBytes).toBe(count * chunk.length);
      const back = createHash('sha256');
      let size = 0;
      for await (const part of blobs.open(info.key)) {
        back.update(part as Buffer);
        size += (part as Buffer).length;
      }
      expect(size).toBe(info.sizeBytes);
      expect(back.digest('hex')).toBe(info.sha256);
      const tail = await read(info.key, { start: info.sizeBytes - 3, end: info.sizeBytes - 1 });
      expect(Buffer.from(tail, 'utf8')).toEqual(Buffer.alloc(3, count - 1));
      await blobs.delete(info.key);
      expect(await blobs.stat(info.key)).toBeNull();
    }, 60_000);

    it('lists keys in ascending order, page by page', async () => {
      const keys = [];
      for (let n = 0; n < 5; n += 1) keys.push((await blobs.putBytes(`listed ${String(n)}`)).key);
      const all: string[] = [];
      let after: string | null = null;
      for (;;) {
        const page: string[] = await blobs.listKeys(after, 2);
        if (page.length === 0) break;
        expect(page.length).toBeLessThanOrEqual(2);
        all.push(...page);
        after = page[page.length - 1] ?? null;
      }
      expect(all).toEqual([...all].sort());
      expect(new Set(all).size).toBe(all.length);
      for (const key of keys) expect(all).toContain(key);
    });

    it('removes a blob only once it is older than the grace, returning its size', async () => {
      const info = await blobs.putBytes('orphan candidate');
      expect(await blobs.deleteUnlessRecent(info.key, 3_600_000)).toBeNull();
      expect(await blobs.stat(info.key)).toEqual({ sizeBytes: 16 });
      expect(await blobs.deleteUnlessRecent(info.key, 0)).toBe(16);
      expect(await blobs.stat(info.key)).toBeNull();
      expect(await blobs.listKeys(null, 1000)).not.toContain(info.key);
    });

    it('deletes a blob and its local copy', async () => {
      const info = await blobs.putBytes('to be deleted');
      await blobs.localFile(info.key);
      await blobs.delete(info.key);
      expect(await blobs.stat(info.key)).toBeNull();
      await expect(blobs.getBytes(info.key)).rejects.toBeDefined();
    });
  });
}
