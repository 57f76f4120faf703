import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRenderDir, removeRenderDir } from '../src/worker/render-dir.js';

describe('render directory', () => {
  it('is removed with the files the render reported', async () => {
    const dir = await makeRenderDir();
    const artifact = join(dir, 'raw_source.md');
    writeFileSync(artifact, '# A');
    await removeRenderDir(dir, [artifact]);
    expect(existsSync(dir)).toBe(false);
  });

  it('is removed when the blob store took its files', async () => {
    const dir = await makeRenderDir();
    await removeRenderDir(dir, [join(dir, 'raw_source.md')]);
    expect(existsSync(dir)).toBe(false);
  });

  it('is removed with whatever else a plugin left in it', async () => {
    const dir = await makeRenderDir();
    const artifact = join(dir, 'out.jsonl');
    writeFileSync(artifact, '{}');
    mkdirSync(join(dir, 'transmute-scratch'));
    writeFileSync(join(dir, 'transmute-scratch', 'part'), 'x');
    await removeRenderDir(dir, [artifact]);
    expect(existsSync(dir)).toBe(false);
  });

  it('leaves a reported file outside the directory alone', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'transmute-elsewhere-'));
    try {
      const outside = join(elsewhere, 'keep.md');
      writeFileSync(outside, 'kept');
      const dir = await makeRenderDir();
      await removeRenderDir(dir, [outside]);
      expect(existsSync(dir)).toBe(false);
      expect(existsSync(outside)).toBe(true);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
