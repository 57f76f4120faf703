import { execFile } from 'node:child_process';

export interface CommandOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

/** Runs a command to its end; a non-zero exit throws with the command line and both outputs. */
export function runCommand(
  command: string,
  args: readonly string[],
  options: CommandOptions,
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        cwd: options.cwd,
        env: options.env ?? process.env,
        timeout: options.timeoutMs ?? 300_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error === null) {
          resolve(stdout);
          return;
        }
        const line = [command, ...args].join(' ');
        reject(new Error(`${line} (in ${options.cwd}) failed: ${error.message}\n${stdout}\n${stderr}`));
      },
    );
  });
}

/**
 * The environment of a user's shell: this process's, less what `pnpm test` adds for its own scripts
 * (npm_* settings of this workspace, INIT_CWD), which would otherwise leak the repository's
 * configuration into a project outside it.
 */
export function userEnvironment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|pnpm_)/i.test(key) || key === 'INIT_CWD' || key === 'PNPM_SCRIPT_SRC_DIR') continue;
    env[key] = value;
  }
  // Node trusts only its bundled CAs unless told otherwise; a user's shell trusts the system's (a
  // registry reached through a proxy with its own CA is verified against the system store).
  return { NODE_USE_SYSTEM_CA: '1', ...env, ...extra };
}
