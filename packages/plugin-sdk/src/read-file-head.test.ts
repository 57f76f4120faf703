import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileHead } from './read-file-head.js';

describe('readFileHead', () => {
  it('reads the first bytes, or all of a shorter file, and fails for a missing one', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'head-')), 'file.bin');
    writeFileSync(path, Buffer.from('%PDF-1.7 and more'));
    expect(Buffer.from(await readFileHead(path, 5)).toString()).toBe('%PDF-');
    expect(Buffer.from(await readFileHead(path, 1024)).toString()).toBe('%PDF-1.7 and more');
    await expect(readFileHead(`${path}.missing`, 4)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
