import type { Readable, Writable } from 'node:stream';
import { CliError, UsageError } from './exit-codes.js';

/** Where `transmute login` reads the key from, and what it may write a prompt to. */
export interface LoginKeyInput {
  /** `--api-key-stdin`: read the key from stdin even when it is a terminal. */
  fromStdin: boolean;
  env: NodeJS.ProcessEnv;
  stdin: Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  stderr: Writable;
}

async function readAll(stream: Readable): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

/** Reads a line from a terminal with echo off; Ctrl-C or Ctrl-D ends the command. */
function promptHidden(input: LoginKeyInput): Promise<string> {
  const { stdin, stderr } = input;
  stderr.write('API key (input hidden): ');
  stdin.setRawMode?.(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  let typed = '';
  return new Promise((resolve, reject) => {
    const finish = (error?: Error): void => {
      stdin.off('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string): void => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') return finish();
        if (character === '\u0003') return finish(new CliError('interrupted', 'Interrupted.'));
        if (character === '\u0004') return finish(new UsageError('No API key typed.'));
        if (character === '\u007f' || character === '\b') typed = typed.slice(0, -1);
        else typed += character;
      }
    };
    stdin.on('data', onData);
  });
}

/**
 * The key `transmute login` checks and saves, never from the command line: stdin with
 * `--api-key-stdin`, else `TRANSMUTE_API_KEY`, else stdin when it is piped, else a hidden prompt.
 * Surrounding white space (the newline of `echo`) is dropped; an empty key is refused.
 */
export async function readLoginKey(input: LoginKeyInput): Promise<string> {
  const fromEnv = input.env.TRANSMUTE_API_KEY?.trim() ?? '';
  let key: string;
  if (input.fromStdin) key = await readAll(input.stdin);
  else if (fromEnv !== '') key = fromEnv;
  else if (input.stdin.isTTY !== true) key = await readAll(input.stdin);
  else key = await promptHidden(input);
  key = key.trim();
  if (key === '')
    throw new UsageError(
      'No API key: type it at the prompt, pipe it (`… | transmute login --api-key-stdin`), or set TRANSMUTE_API_KEY.',
    );
  return key;
}
