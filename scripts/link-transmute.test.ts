import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SCRATCH = mkdtempSync(join(tmpdir(), 'transmute-link-'));

afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

function link(binDir: string): string {
  return execFileSync('bash', [join(ROOT, 'scripts/link-transmute.sh')], {
    env: { ...process.env, TRANSMUTE_BIN_DIR: binDir },
    encoding: 'utf8',
  });
}

describe('scripts/link-transmute.sh (run by install.sh)', () => {
  it('puts a `transmute` on PATH that runs from any directory on the machine’s PATH alone', () => {
    const binDir = join(SCRATCH, 'bin');
    link(binDir);
    expect(readlinkSync(join(binDir, 'transmute'))).toBe(join(ROOT, '.toolchain/bin/transmute'));
    const elsewhere = mkdtempSync(join(SCRATCH, 'elsewhere-'));
    const version = execFileSync('transmute', ['--version'], {
      cwd: elsewhere,
      env: { HOME: SCRATCH, PATH: `${binDir}:/usr/local/bin:/usr/bin:/bin` },
      encoding: 'utf8',
    });
    const manifest = JSON.parse(readFileSync(join(ROOT, 'packages/cli/package.json'), 'utf8')) as {
      version: string;
    };
    expect(version.trim()).toBe(manifest.version);
  });

  it('leaves a `transmute` that is not its link alone', () => {
    const binDir = mkdtempSync(join(SCRATCH, 'taken-'));
    writeFileSync(join(binDir, 'transmute'), '#!/bin/sh\necho mine\n');
    expect(link(binDir)).toContain('left as it is');
    expect(readFileSync(join(binDir, 'transmute'), 'utf8')).toBe('#!/bin/sh\necho mine\n');
  });
});
