import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '@transmute/plugin-sdk/testing';
import { createDocumentsSource } from '../src/index.js';
import { workerMemoryOf } from '../src/internal/worker-memory.js';
import { writeInflatedDocx } from './support/inflated-packages.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** A small bound, so that the files that reach it stay small. */
const BOUND_MB = 128;

describe("a parsing worker's memory bound (worker_max_heap_mb)", () => {
  let dir: string;
  const plugin = createDocumentsSource({ limits: { worker_max_heap_mb: BOUND_MB } });
  const extract = async (xmlBytes: number) => {
    const path = join(dir, `${String(xmlBytes)}.docx`);
    await writeInflatedDocx(path, xmlBytes);
    const file = { path, name: 'inflated.docx', mediaType: DOCX, sizeBytes: (await stat(path)).size };
    return plugin.extract(file, createTestContext({ limits: { ...plugin.manifest.limits } }));
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'documents-memory-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a part too big to hold from its declared size, naming it (limit_exceeded)', async () => {
    // 8 MB of one-word paragraphs, 80:1 deflated: a tree of them would need several times the bound.
    await expect(extract(8 * 1024 * 1024)).rejects.toMatchObject({
      code: 'limit_exceeded',
      message: expect.stringMatching(
        /^The part word\/document\.xml holds 8\.0 MB of XML; .*\(worker_max_heap_mb\) holds parts up to 1\.8 MB\.$/,
      ),
    });
  });

  it('reads a part of the largest size it allows, in the costliest shape, within the bound', async () => {
    const largest = workerMemoryOf(BOUND_MB).wholePartBytes - 64 * 1024;
    const document = await extract(largest);
    expect(document.root.children.length).toBeGreaterThan(largest / 40);
  });
});
