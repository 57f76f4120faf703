import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readLoginKey, type LoginKeyInput } from './read-login-key.js';

/** A terminal-like stdin (raw mode recorded) and a captured stderr. */
function terminal(): { input: LoginKeyInput; stdin: PassThrough; raw: boolean[]; shown: () => string } {
  const raw: boolean[] = [];
  const stdin = Object.assign(new PassThrough(), {
    isTTY: true,
    setRawMode: (on: boolean) => raw.push(on),
  });
  const stderr = new PassThrough();
  let shown = '';
  stderr.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  return { input: { fromStdin: false, env: {}, stdin, stderr }, stdin, raw, shown: () => shown };
}

describe('readLoginKey', () => {
  it('asks on a terminal with echo off, honours backspace, and never shows the key', async () => {
    const { input, stdin, raw, shown } = terminal();
    const key = readLoginKey(input);
    stdin.write('tmk_abcx\u007fd\r');
    expect(await key).toBe('tmk_abcd');
    expect(raw).toEqual([true, false]);
    expect(shown()).toContain('API key (input hidden): ');
    expect(shown()).not.toContain('tmk_');
  });

  it('reads piped stdin, trimming the newline', async () => {
    const stdin = new PassThrough();
    const key = readLoginKey({ fromStdin: false, env: {}, stdin, stderr: new PassThrough() });
    stdin.end('tmk_piped\n');
    expect(await key).toBe('tmk_piped');
  });

  it('takes TRANSMUTE_API_KEY before a piped stdin, and --api-key-stdin before the variable', async () => {
    const env = { TRANSMUTE_API_KEY: 'tmk_env' };
    expect(
      await readLoginKey({ fromStdin: false, env, stdin: new PassThrough(), stderr: new PassThrough() }),
    ).toBe('tmk_env');
    const stdin = new PassThrough();
    const key = readLoginKey({ fromStdin: true, env, stdin, stderr: new PassThrough() });
    stdin.end('tmk_stdin');
    expect(await key).toBe('tmk_stdin');
  });

  it('refuses an empty key with a usage error naming the ways to give one', async () => {
    const stdin = new PassThrough();
    const key = readLoginKey({ fromStdin: true, env: {}, stdin, stderr: new PassThrough() });
    stdin.end('\n');
    await expect(key).rejects.toMatchObject({
      name: 'UsageError',
      message: expect.stringMatching(/TRANSMUTE_API_KEY/),
    });
  });
});
