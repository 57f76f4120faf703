import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/index.js';
import { MARKDOWN, createTestPdfSource, tempFile, toSourceFile } from './helpers.js';

describe('run scratch directory', () => {
  it('is made only when a plugin reads its workDir, and removed after the run', async () => {
    const workDir = await mkdtemp(join(tmpdir(), 'engine-scratch-'));
    const listings: string[][] = [];
    const engine = createEngine({
      plugins: [
        createTestPdfSource({
          onExtract: async (ctx) => {
            listings.push(await readdir(workDir));
            await writeFile(join(ctx.workDir, 'page.bin'), 'scratch');
            listings.push(await readdir(workDir));
          },
        }),
      ],
    });
    const pdf = await toSourceFile(
      await tempFile('scan.pdf', Buffer.from('%PDF-1.7\n%%EOF\n', 'latin1')),
      'application/pdf',
    );
    const { artifacts } = await engine.convert({ type: 'files', files: [pdf] }, MARKDOWN, { workDir });
    expect(listings[0]).toEqual([]);
    expect(listings[1]).toEqual([expect.stringMatching(/^transmute-/)]);
    expect((await readdir(workDir)).sort()).toEqual(
      artifacts.map((artifact) => artifact.path.slice(workDir.length + 1)).sort(),
    );
    await engine.close();
  });
});
