import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine } from '@transmute/engine';
import { createRepositorySource } from '../src/index.js';

const fixtures = resolve(dirname(fileURLToPath(import.meta.url)), '../../../fixtures/repository');
const engine = createEngine({ plugins: [createRepositorySource()] });

function file(name: string, mediaType: string) {
  const path = join(fixtures, name);
  return { fileId: 'file_enginerepo001', name, mediaType, sizeBytes: statSync(path).size, path };
}

describe('source.repository_archive through the engine', () => {
  it('prepares a repository archive into chunks that name their paths', async () => {
    const { document } = await engine.prepare({
      type: 'files',
      files: [file('repo.zip', 'application/zip')],
    });
    expect(document.text).toContain('Hello, ${name}!');
    expect(document.chunks.length).toBeGreaterThan(0);
    expect(document.root.children.some((node) => node.data?.provenance?.path === 'src/index.js')).toBe(true);
    expect(document.chunks[0]?.provenance.fileId).toBe('file_enginerepo001');
  });

  it('refuses a zip bomb at file inspection with archive_unsafe', async () => {
    await expect(engine.inspectFile(file('zip-bomb.zip', 'application/zip'))).resolves.toMatchObject({
      ok: false,
      code: 'archive_unsafe',
    });
  });
});
