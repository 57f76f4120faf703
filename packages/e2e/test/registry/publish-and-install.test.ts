/**
 * Issue 28, point 1: every non-private workspace package is publishable as it stands. Builds and
 * packs them all, checks each packed manifest, publishes them to a real npm registry (Verdaccio) on
 * loopback, then, as a user outside the repository would: installs `@transmute/engine` with the
 * plugins of the README's library snippet and runs the snippet (also in a bundler's development
 * mode), installs the CLI globally and converts a relative path from another directory, starts the
 * MCP server the way the docs' host configuration says, and installs the Python client from its sdist.
 *
 * Third-party dependencies come from the npm registry through pnpm's store (the packages the
 * repository's own install already holds are not downloaded again); @transmute/* only from Verdaccio.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../blackbox/support/service.js';
import { type LocalRegistry, startLocalRegistry } from './support/local-registry.js';
import { buildPackages, type PackedPackage, packPackages } from './support/pack-packages.js';
import {
  entryPointFiles,
  unresolvableRanges,
  withoutDevelopmentCondition,
} from './support/packed-manifest.js';
import { publishablePackages, type WorkspacePackage } from './support/publishable-packages.js';
import { runCommand, userEnvironment } from './support/run-command.js';

const SCRATCH = mkdtempSync(join(tmpdir(), 'transmute-registry-'));
const PACKAGES: WorkspacePackage[] = publishablePackages(ROOT);
const STORE = execFileSync('pnpm', ['store', 'path'], { cwd: ROOT, encoding: 'utf8' }).trim();
const PNPM_HOME = join(SCRATCH, 'pnpm-home');
const ENV = userEnvironment({
  PNPM_HOME,
  PATH: [join(PNPM_HOME, 'bin'), process.env.PATH ?? ''].join(delimiter),
});

/** Each install-and-run step, generous for a loaded CI machine. */
const STEP_TIMEOUT_MS = 300_000;

let registry: LocalRegistry | undefined;
let packed: PackedPackage[] = [];

/** The first ```ts block after `heading` in a markdown file. */
function codeBlockAfter(file: string, heading: string, language: string): string {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const start = text.indexOf(heading);
  const match = new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(text.slice(start));
  if (start < 0 || match?.[1] === undefined)
    throw new Error(`no ${language} block after "${heading}" in ${file}`);
  return match[1];
}

/** A project of a user's own: its .npmrc sends @transmute/* to the local registry, nothing else. */
function scratchProject(name: string, url: string): string {
  const dir = join(SCRATCH, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  writeFileSync(
    join(dir, '.npmrc'),
    [`@transmute:registry=${url}`, `store-dir=${STORE}`, `cache-dir=${join(SCRATCH, 'cache')}`, ''].join(
      '\n',
    ),
  );
  return dir;
}

beforeAll(async () => {
  await buildPackages(ROOT, PACKAGES);
  packed = await packPackages(ROOT, PACKAGES, join(SCRATCH, 'tarballs'));
  registry = await startLocalRegistry(mkdtempSync(join(SCRATCH, 'registry-')));
  const npmrc = join(SCRATCH, 'publisher.npmrc');
  writeFileSync(npmrc, `${registry.url.replace(/^http:/, '')}:_authToken=${registry.token}\n`);
  for (const pkg of packed) {
    await runCommand('npm', ['publish', pkg.tarball, '--registry', registry.url, '--userconfig', npmrc], {
      cwd: SCRATCH,
      env: ENV,
    });
  }
}, 1_200_000);

afterAll(async () => {
  await registry?.stop();
  rmSync(SCRATCH, { recursive: true, force: true });
});

describe('packed manifests', () => {
  it('packs every non-private workspace package', () => {
    expect(PACKAGES.map((pkg) => pkg.name)).toContain('@transmute/engine');
    expect(packed.map((pkg) => pkg.name).sort()).toEqual(PACKAGES.map((pkg) => pkg.name));
  });

  it.each(PACKAGES.map((pkg) => [pkg.name, pkg]))(
    '%s: entry points name only packed files',
    (_name, source) => {
      const pkg = packed.find((entry) => entry.name === source.name);
      expect(pkg, `${source.name} was not packed`).toBeDefined();
      const missing = entryPointFiles(pkg?.manifest ?? {}).filter((file) => !pkg?.files.includes(file));
      expect(missing, `exports/bin/main/types of ${source.name} name files its tarball lacks`).toEqual([]);
    },
  );

  it.each(PACKAGES.map((pkg) => [pkg.name, pkg]))(
    '%s: exports as in the repository, less "development"',
    (_n, source) => {
      const pkg = packed.find((entry) => entry.name === source.name);
      expect(pkg?.manifest.exports).toEqual(withoutDevelopmentCondition(source.manifest.exports));
    },
  );

  it.each(PACKAGES.map((pkg) => [pkg.name, pkg]))(
    '%s: every dependency resolvable from a registry',
    (_n, source) => {
      const pkg = packed.find((entry) => entry.name === source.name);
      expect(unresolvableRanges(pkg?.manifest ?? {})).toEqual([]);
      const internal = Object.keys(
        (pkg?.manifest.dependencies as Record<string, string> | undefined) ?? {},
      ).filter((name) => name.startsWith('@transmute/'));
      expect(internal.filter((name) => !PACKAGES.some((candidate) => candidate.name === name))).toEqual([]);
    },
  );
});

describe('licence and source of every tarball', () => {
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    license?: string;
    repository?: unknown;
  };

  it('the repository declares its licence once, in its root package.json and LICENSE', () => {
    expect(root.license).toBe('Apache-2.0');
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/Apache License\s+Version 2\.0/);
    // No public home yet: a made-up repository URL would send users to someone else's (DECISIONS).
    expect(root.repository).toBeUndefined();
  });

  it.each(PACKAGES.map((pkg) => [pkg.name, pkg]))(
    '%s: the root licence, no made-up repository, and LICENSE in the tarball',
    (_n, source) => {
      const pkg = packed.find((entry) => entry.name === source.name);
      expect(pkg?.manifest.license).toBe(root.license);
      expect(pkg?.manifest.repository).toBeUndefined();
      expect(pkg?.files).toContain('LICENSE');
    },
  );
});

describe('installed from the registry, outside the repository', () => {
  it(
    "runs the README's library snippet, also with the `development` condition of a bundler's dev mode",
    async () => {
      const snippet = codeBlockAfter('README.md', '## Use it as a library', 'ts');
      const imported = [...snippet.matchAll(/from '(@transmute\/[^']+)'/g)].map((match) => match[1] ?? '');
      expect(imported).toContain('@transmute/engine');
      const app = scratchProject('library-app', registry?.url ?? '');
      await runCommand('pnpm', ['add', ...new Set(imported)], { cwd: app, env: ENV });
      writeFileSync(join(app, 'snippet.mts'), snippet);
      for (const conditions of [[], ['--conditions=development']]) {
        const stdout = await runCommand(process.execPath, [...conditions, 'snippet.mts'], {
          cwd: app,
          env: ENV,
        });
        const artifact = stdout.trim().split(' ')[0] ?? '';
        expect(existsSync(artifact), `the snippet printed ${stdout}`).toBe(true);
        const lines = readFileSync(artifact, 'utf8').trim().split('\n');
        expect(lines.length).toBeGreaterThan(0);
        expect(lines.map((line) => JSON.parse(line) as unknown).length).toBe(lines.length);
        expect(readFileSync(artifact, 'utf8')).toContain('Transmute turns sources into outputs');
      }
    },
    STEP_TIMEOUT_MS,
  );

  describe('the CLI installed globally', () => {
    beforeAll(async () => {
      const home = scratchProject('global-install', registry?.url ?? '');
      await runCommand('pnpm', ['add', '--global', '--store-dir', STORE, '@transmute/cli'], {
        cwd: home,
        env: ENV,
      });
    }, 600_000);

    it(
      'is `transmute` on PATH and converts a relative path from the caller’s directory',
      async () => {
        const work = join(SCRATCH, 'somewhere-else');
        mkdirSync(join(work, 'notes'), { recursive: true });
        writeFileSync(join(work, 'notes', 'hello.md'), '# Hello\n\nA note read through a relative path.\n');
        expect(await runCommand('transmute', ['--version'], { cwd: work, env: ENV })).toMatch(
          /\d+\.\d+\.\d+/,
        );
        const output = await runCommand('transmute', ['convert', './notes/hello.md', '--quiet'], {
          cwd: work,
          env: ENV,
        });
        expect(output).toContain('A note read through a relative path.');
      },
      STEP_TIMEOUT_MS,
    );

    it(
      'answers MCP initialize and tools/list over stdio, started exactly as the docs’ host configuration says',
      async () => {
        const block = codeBlockAfter('docs/guides/mcp.md', '## Host configuration', 'json');
        const servers = (
          JSON.parse(block) as {
            mcpServers: Record<string, { command?: string; args?: string[]; env?: Record<string, string> }>;
          }
        ).mcpServers;
        const local = Object.values(servers).find((server) => server.args?.includes('--local') === true);
        expect(local?.command).toBeDefined();
        // The entry as written: its command found on the user's PATH, its args and env, nothing added.
        const transport = new StdioClientTransport({
          command: local?.command ?? '',
          args: local?.args ?? [],
          cwd: SCRATCH,
          env: { ...(ENV as Record<string, string>), ...local?.env },
          stderr: 'pipe',
        });
        const client = new Client({ name: 'registry-e2e', version: '1.0.0' });
        await client.connect(transport);
        try {
          expect(client.getServerVersion()?.name).toMatch(/transmute/i);
          expect(client.getServerCapabilities()?.tools).toBeDefined();
          const { tools } = await client.listTools();
          expect(tools.map((tool) => tool.name)).toContain('convert');
        } finally {
          await client.close();
        }
      },
      STEP_TIMEOUT_MS,
    );
  });

  it(
    'installs the Python client from its sdist into a virtual environment and imports it',
    async () => {
      const clientDir = join(ROOT, 'packages/client-python');
      const dist = join(SCRATCH, 'python-dist');
      mkdirSync(dist, { recursive: true });
      // The PEP 517 build_sdist hook of the package's in-tree backend, as `python3 -m build --sdist` calls it.
      const sdist = (
        await runCommand(
          'python3',
          ['-c', 'import sys; import transmute_build as b; print(b.build_sdist(sys.argv[1]))', dist],
          {
            cwd: clientDir,
            env: { ...ENV, PYTHONPATH: join(clientDir, 'build_backend'), PYTHONDONTWRITEBYTECODE: '1' },
          },
        )
      ).trim();
      const venv = join(SCRATCH, 'venv');
      await runCommand('python3', ['-m', 'venv', venv], { cwd: SCRATCH, env: ENV });
      await runCommand(join(venv, 'bin/pip'), ['install', '--no-index', '--quiet', join(dist, sdist)], {
        cwd: SCRATCH,
        env: ENV,
      });
      const imported = await runCommand(
        join(venv, 'bin/python'),
        ['-c', 'import transmute; print(transmute.__version__); print(transmute.__file__)'],
        { cwd: SCRATCH, env: ENV },
      );
      const [version, file] = imported.trim().split('\n');
      expect(version).toMatch(/^\d+\.\d+\.\d+/);
      expect(file?.startsWith(venv)).toBe(true);
    },
    STEP_TIMEOUT_MS,
  );
});
