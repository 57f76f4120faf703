import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOcrSource } from '../src/index.js';

const originalPath = process.env.PATH;

afterEach(() => {
  process.env.PATH = originalPath;
});

/**
 * Puts a `tesseract` alone on PATH that prints `version` for `--version` and writes every call's
 * arguments to the returned log, so a test sees each probe the source really spawns.
 */
function fakeTesseractOnPath(version: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'transmute-fake-tesseract-'));
  const log = join(folder, 'calls.log');
  const script = `#!/bin/sh\necho "$*" >> '${log}'\n[ "$1" = "--version" ] && echo "tesseract ${version}"\nexit 0\n`;
  writeFileSync(join(folder, 'tesseract'), script);
  chmodSync(join(folder, 'tesseract'), 0o755);
  process.env.PATH = folder;
  return log;
}

function calls(log: string): string[] {
  return existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
}

describe('the OCR engine choice', () => {
  it('with auto, spawns nothing at creation and probes the binary once, when first needed', async () => {
    const log = fakeTesseractOnPath('5.3.0');
    const source = createOcrSource();
    expect(calls(log)).toEqual([]);
    await expect(source.health()).resolves.toMatchObject({
      detail: expect.stringContaining('OCR with tesseract,'),
    });
    expect(calls(log)).toEqual(['--version', '--list-langs']);
    await source.health();
    await source.close?.();
    expect(calls(log)).toEqual(['--version', '--list-langs']);
  });

  it('with auto, keeps tesseract.js when the binary on PATH is older than 4.1', async () => {
    const log = fakeTesseractOnPath('3.05.02');
    const source = createOcrSource({ engine: 'auto' });
    expect(calls(log)).toEqual([]);
    await expect(source.health()).resolves.toMatchObject({
      detail: expect.stringContaining('OCR with tesseract.js,'),
    });
    await source.close?.();
  });

  it('with auto, closes without choosing an engine nobody needed', async () => {
    const log = fakeTesseractOnPath('5.3.0');
    await createOcrSource().close?.();
    expect(calls(log)).toEqual([]);
  });

  it('with tesseract, refuses at creation a binary that is missing or too old', () => {
    process.env.PATH = mkdtempSync(join(tmpdir(), 'transmute-no-tesseract-'));
    expect(() => createOcrSource({ engine: 'tesseract' })).toThrow(/needs tesseract 4\.1 or later/);
    fakeTesseractOnPath('3.05.02');
    expect(() => createOcrSource({ engine: 'tesseract' })).toThrow(/needs tesseract 4\.1 or later/);
  });

  it('with tesseract, probes the binary at creation', async () => {
    const log = fakeTesseractOnPath('5.3.0');
    const source = createOcrSource({ engine: 'tesseract' });
    expect(calls(log)).toEqual(['--version', '--list-langs']);
    await source.close?.();
  });
});
