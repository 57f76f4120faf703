import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliNodeArgs } from '../../../scripts/cli-under-test.js';

const KEY = 'tmk_SecretInTheUrl0123456789abcdefghij';
const config = mkdtempSync(join(tmpdir(), 'transmute-login-'));

afterAll(() => rmSync(config, { recursive: true, force: true }));

/** Runs the real CLI entry; resolves with its exit code and everything it printed. */
function transmute(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [...cliNodeArgs(), ...args],
      { env: { ...process.env, XDG_CONFIG_HOME: config, TRANSMUTE_API_KEY: '', ...env } },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, output: `${stdout}${stderr}` }),
    );
  });
}

describe('a server address with credentials in it', () => {
  it.each([
    [
      'login --base-url',
      ['login', '--base-url', `http://user:${KEY}@127.0.0.1:9`],
      { TRANSMUTE_API_KEY: 'tmk_x' },
    ],
    [
      'TRANSMUTE_BASE_URL',
      ['capabilities'],
      { TRANSMUTE_BASE_URL: `https://${KEY}@127.0.0.1:9/`, TRANSMUTE_API_KEY: 'tmk_x' },
    ],
  ])('is refused (%s) with a usage error that does not repeat it', async (_name, args, env) => {
    const { code, output } = await transmute(args, env);
    expect(code).toBe(2);
    expect(output).toMatch(/must not contain a user name or password/);
    expect(output).not.toContain(KEY);
    expect(existsSync(join(config, 'transmute', 'config.json'))).toBe(false);
  });
});
