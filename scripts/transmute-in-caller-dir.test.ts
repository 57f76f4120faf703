import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** `pnpm <args>` from `cwd` as a user's shell runs it (no INIT_CWD left over from this test run). */
function pnpm(
  args: readonly string[],
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env };
  delete env.INIT_CWD;
  return new Promise((resolve) => {
    execFile('pnpm', ['--silent', ...args], { cwd, env, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : Number(error.code ?? 1), stdout, stderr });
    });
  });
}

describe('pnpm transmute resolves relative paths against the caller’s directory', () => {
  it('from a subdirectory of the checkout', async () => {
    const article = join(ROOT, 'fixtures/text/markdown-article');
    const result = await pnpm(['transmute', 'convert', './input.md', '--quiet'], article);
    expect(result.stderr).toBe('');
    const title = readFileSync(join(article, 'input.md'), 'utf8').split('\n')[0] ?? '';
    expect(title).toMatch(/^# /);
    expect(result.stdout).toContain(title);
  });

  it('from inside a workspace package, through `pnpm -w transmute`', async () => {
    const cli = join(ROOT, 'packages/cli');
    const result = await pnpm(['-w', 'transmute', 'convert', './README.md', '--quiet'], cli);
    expect(result.stderr).toBe('');
    const firstLine = (file: string): string => readFileSync(file, 'utf8').split('\n')[0] ?? '';
    expect(result.stdout).toContain(firstLine(join(cli, 'README.md')));
    expect(result.stdout).not.toContain(`${firstLine(join(ROOT, 'README.md'))}\n`);
  });
});
