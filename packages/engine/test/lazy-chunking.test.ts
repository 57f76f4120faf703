import { readFile } from 'node:fs/promises';
import { OUTPUT_PROFILES } from '@transmute/contract';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/index.js';
import { fixturePath, toSourceFile } from './helpers.js';

describe('chunking.lazy', () => {
  it('renders every profile exactly as eager chunking does, and leaves chunks out of prepare', async () => {
    const eager = createEngine({ chunking: { maxTokens: 128 } });
    const lazy = createEngine({ chunking: { maxTokens: 128, lazy: true } });
    const file = await toSourceFile(fixturePath('markdown-article/input.md'), 'text/markdown');
    const source = { type: 'files' as const, files: [file] };
    const stages: string[] = [];
    const prepared = await lazy.prepare(source, { onProgress: (progress) => stages.push(progress.stage) });
    expect(stages).not.toContain('chunking');
    for (const profile of OUTPUT_PROFILES) {
      const output = { profile, format: 'markdown' as const, language: 'en', includeRawSource: false };
      const [expected, actual] = await Promise.all([
        eager.convert(source, output),
        lazy.convert(source, output),
      ]);
      const read = async (path: string | undefined): Promise<string> => readFile(path ?? '', 'utf8');
      expect(await read(actual.artifacts[0]?.path), profile).toBe(await read(expected.artifacts[0]?.path));
    }
    // Read, the chunks are those of eager chunking.
    const { document } = await eager.prepare(source);
    expect(prepared.document.chunks).toEqual(document.chunks);
    expect(prepared.document.chunks.length).toBeGreaterThan(1);
    await Promise.all([eager.close(), lazy.close()]);
  });
});
