/**
 * CONTRACT §12: `surfaces` in capabilities lists only what this installation really offers. For
 * every surface of the contract there is a check that the thing behind it exists; the test fails
 * when a claimed surface's check fails (a claim without the thing) and when an unclaimed surface's
 * check passes (the thing exists but capabilities hide it). The claims come from a real
 * `transmute serve`.
 */
import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { SURFACES, validateResource, type Capabilities, type Surface } from '@transmute/contract';
import type { createClient as CreateClient } from '@transmute/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliNodeArgs } from '../../../scripts/cli-under-test.js';
import { ROOT, startService, type RunningService } from './blackbox/support/service.js';

let service: RunningService;
let capabilities: Capabilities;

beforeAll(async () => {
  service = await startService({ plans: ['developer'] });
  const response = await fetch(`${service.baseUrl}/v1/capabilities`, {
    headers: { authorization: `Bearer ${service.accounts[0]?.apiKey ?? ''}` },
  });
  capabilities = (await response.json()) as Capabilities;
  expect(validateResource('Capabilities', capabilities)).toEqual([]);
}, 180_000);

afterAll(async () => {
  await service?.stop();
});

/** Resolves a package the way the CLI that `serve` ships would import it. */
const fromCli = createRequire(join(ROOT, 'packages/cli/package.json'));

async function answers(path: string): Promise<void> {
  const response = await fetch(`${service.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${service.accounts[0]?.apiKey ?? ''}` },
  });
  if (!response.ok) throw new Error(`${path} answered ${String(response.status)}`);
}

function runCliVersion(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...cliNodeArgs(), '--version'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out.trim()) : reject(new Error(`transmute --version exited ${String(code)}`)),
    );
  });
}

function runPython(script: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'python3',
      ['-c', script, ...args],
      { cwd: join(ROOT, 'packages/client-python'), env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } },
      (error, stdout, stderr) =>
        error ? reject(new Error(`python3 failed: ${stderr}`)) : resolve(stdout.trim()),
    );
  });
}

/** What must exist for each surface to be claimed. */
const SURFACE_CHECKS: Record<Surface, () => Promise<void>> = {
  // The v1 API answers an authenticated call.
  api: () => answers('/v1/jobs'),
  // The `transmute` binary runs and knows its version.
  cli: async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'packages/cli/package.json'), 'utf8')) as {
      version: string;
    };
    expect(await runCliVersion()).toBe(version);
  },
  // The TypeScript client resolves and talks to this server.
  typescript_sdk: async () => {
    const { createClient } = (await import(fromCli.resolve('@transmute/client'))) as {
      createClient: typeof CreateClient;
    };
    const client = createClient({ baseUrl: service.baseUrl, apiKey: service.accounts[0]?.apiKey ?? '' });
    expect((await client.getCapabilities()).api_version).toBe('v1');
  },
  // The MCP server package resolves from the CLI (stdio `transmute mcp`, and `/mcp` on the API).
  mcp: async () => {
    fromCli.resolve('@transmute/mcp');
  },
  // A web console answers at /console.
  web: () => answers('/console'),
  // Documentation answers at /docs.
  docs: () => answers('/docs'),
  // The Python client (packages/client-python) imports and talks to this server.
  python_sdk: async () => {
    const script =
      'import sys; from transmute import Client; ' +
      'print(Client(base_url=sys.argv[1], api_key=sys.argv[2]).get_capabilities()["api_version"])';
    const out = await runPython(script, [service.baseUrl, service.accounts[0]?.apiKey ?? '']);
    expect(out).toBe('v1');
  },
};

describe('capabilities surfaces tell the truth', { timeout: 240_000 }, () => {
  it('every plugin reports the same, installation-wide list, api included', () => {
    const lists = capabilities.plugins.map((plugin) => [...plugin.surfaces].sort().join(','));
    expect(lists.length).toBeGreaterThan(0);
    expect(new Set(lists).size).toBe(1);
    expect(capabilities.plugins[0]?.surfaces).toContain('api');
  });

  it.each(SURFACES.map((surface) => [surface]))(
    '%s is claimed exactly when the thing behind it exists',
    async (surface) => {
      const claimed = capabilities.plugins[0]?.surfaces.includes(surface) === true;
      const exists = await SURFACE_CHECKS[surface]().then(
        () => true,
        (error: unknown) => {
          if (claimed) throw error; // a claim without the thing: say what is missing
          return false;
        },
      );
      expect({ surface, claimed }).toEqual({ surface, claimed: exists });
    },
  );
});
