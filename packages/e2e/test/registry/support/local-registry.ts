import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

export interface LocalRegistry {
  url: string;
  /** A publish token of a user made in this registry's own htpasswd file. */
  token: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address === null || typeof address === 'string') reject(new Error('no port'));
        else resolve(address.port);
      });
    });
  });
}

/** No uplinks: the registry holds only what is published to it; anyone reads, a known user publishes. */
function registryConfig(directory: string): string {
  return [
    `storage: ${JSON.stringify(join(directory, 'storage'))}`,
    'auth:',
    '  htpasswd:',
    `    file: ${JSON.stringify(join(directory, 'htpasswd'))}`,
    '    max_users: 1',
    'uplinks: {}',
    'packages:',
    "  '**':",
    '    access: $all',
    '    publish: $authenticated',
    'web:',
    '  enable: false',
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n');
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`verdaccio exited ${String(child.exitCode)}:\n${output()}`);
    try {
      if ((await fetch(`${url}-/ping`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`verdaccio did not answer at ${url} within 60 s:\n${output()}`);
}

async function createUser(url: string): Promise<string> {
  const name = 'transmute-ci';
  const response = await fetch(`${url}-/user/org.couchdb.user:${name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: `local-${String(process.pid)}-${String(Date.now())}` }),
  });
  const body = (await response.json()) as { token?: string };
  if (!response.ok || body.token === undefined) {
    throw new Error(`verdaccio refused the user: ${String(response.status)} ${JSON.stringify(body)}`);
  }
  return body.token;
}

/** Starts Verdaccio (the e2e package's devDependency) on 127.0.0.1, its config and storage in `directory`. */
export async function startLocalRegistry(directory: string): Promise<LocalRegistry> {
  const configPath = join(directory, 'config.yaml');
  writeFileSync(configPath, registryConfig(directory));
  const bin = join(
    dirname(createRequire(import.meta.url).resolve('verdaccio/package.json')),
    'bin',
    'verdaccio',
  );
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [bin, '--config', configPath, '--listen', `127.0.0.1:${String(port)}`],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${String(port)}/`;
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitUntilUp(url, child, () => output);
    return { url, token: await createUser(url), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
