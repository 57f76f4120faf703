/*
 * The deployment recipes (Dockerfile, deploy/kubernetes, deploy/systemd, docs/guides/deployment.md)
 * checked against the code they deploy: no container engine or cluster runs here, so every name,
 * path, port, probe and command they use is compared with the real CLI, its settings table and
 * the build's outputs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Command } from 'commander';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { registerServeCommand } from '../src/commands/serve.js';
import { registerWorkerCommand } from '../src/commands/worker.js';
import { SETTINGS } from '../src/internal/settings.js';
import { isDockerIgnored, readDockerfile, type DockerInstruction } from './support/read-dockerfile.js';

const ROOT = join(import.meta.dirname, '../../..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** The standard AWS credential chain's variables (the S3 blob store reads them through the SDK). */
const AWS_CHAIN = new Set([
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_REGION',
  'AWS_PROFILE',
]);
const SETTING_ENV = new Set(SETTINGS.map((setting) => setting.env));
const isKnownVariable = (name: string): boolean =>
  SETTING_ENV.has(name) || AWS_CHAIN.has(name) || name === 'NODE_ENV';
const envOf = (key: string): string => SETTINGS.find((setting) => setting.key === key)?.env ?? '';

/** The CLI's `serve` and `worker` commands, registered as bin.ts does. */
function processCommands(): Map<string, Set<string>> {
  const program = new Command('transmute');
  registerServeCommand(program);
  registerWorkerCommand(program);
  return new Map(
    program.commands.map((command) => [
      command.name(),
      new Set(command.options.map((option) => option.long ?? '')),
    ]),
  );
}

/** `serve --no-worker` / `worker --ops-port 9090`: a real command with real flags. */
function expectRealCommand(args: readonly string[]): void {
  const [name = '', ...rest] = args;
  const flags = processCommands().get(name);
  expect(flags, `command ${name}`).toBeDefined();
  for (const flag of rest.filter((arg) => arg.startsWith('--')))
    expect([...(flags ?? [])], `${name} ${flag}`).toContain(flag);
}

/** The file the CLI's build writes for `bin.transmute` (packages/cli/package.json → tsup entry). */
function builtEntry(): string {
  const cli = JSON.parse(read('packages/cli/package.json')) as {
    bin: { transmute: string };
    scripts: { build: string };
  };
  expect(cli.scripts.build).toBe('tsup');
  const source = cli.bin.transmute.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts');
  expect(read('packages/cli/tsup.config.ts')).toContain(`'${source}'`);
  return join('packages/cli', cli.bin.transmute);
}

describe('Dockerfile', () => {
  const stages = readDockerfile(join(ROOT, 'Dockerfile'));
  const ignored = read('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const runtime = stages.at(-1);
  const last = (keyword: string): DockerInstruction | undefined =>
    runtime?.instructions.filter((instruction) => instruction.keyword === keyword).at(-1);

  it('builds in one stage and runs in another, both on Node 24 as package.json engines asks', () => {
    expect(stages.map((stage) => stage.name)).toEqual(['build', 'runtime']);
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    for (const stage of stages)
      expect(stage.image.split(':')[1]?.split('-')[0]).toBe(engines.replace(/^>=(\d+).*/, '$1'));
  });

  it('copies only sources that exist in the context and .dockerignore keeps', () => {
    const copies = stages
      .flatMap((stage) => stage.instructions)
      .filter((i) => i.keyword === 'COPY' && i.flags.from === undefined);
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies)
      for (const source of copy.args.slice(0, -1)) {
        expect(existsSync(join(ROOT, source)), source).toBe(true);
        if (source !== '.') expect(isDockerIgnored(ignored, source), source).toBe(false);
      }
    // Host builds and dependencies never enter the context: the image makes its own.
    for (const made of ['node_modules', 'packages/cli/dist', '.toolchain', '.git'])
      expect(isDockerIgnored(ignored, made), made).toBe(true);
  });

  it('installs the Debian packages of .ci/apt-packages in the runtime stage', () => {
    const copied = runtime?.instructions.find(
      (i) => i.keyword === 'COPY' && i.args[0] === '.ci/apt-packages',
    );
    expect(copied).toBeDefined();
    const run = runtime?.instructions.find((i) => i.keyword === 'RUN' && i.text.includes('apt-get install'));
    expect(run?.text).toContain(copied?.args[1] ?? '?');
  });

  it("runs the CLI's built entry as a non-root user, `serve --no-worker` by default", () => {
    const entry = builtEntry();
    const workdir = stages[0]?.instructions.find((i) => i.keyword === 'WORKDIR')?.args[0] ?? '';
    expect(last('ENTRYPOINT')?.args).toEqual(['node', join(workdir, entry)]);
    expect(runtime?.instructions.find((i) => i.keyword === 'COPY' && i.flags.from === 'build')?.args[0]).toBe(
      workdir,
    );
    expect(last('USER')?.args[0]).not.toMatch(/^(root|0)$/);
    expectRealCommand(last('CMD')?.args ?? []);
  });

  it('sets only real settings, exposes the port it listens on, and checks /healthz there', () => {
    const env = Object.fromEntries(
      [...(last('ENV')?.text.matchAll(/(\w+)=(\S+)/g) ?? [])].map((match) => [
        match[1] ?? '',
        match[2] ?? '',
      ]),
    );
    for (const name of Object.keys(env)) expect(isKnownVariable(name), name).toBe(true);
    expect(env[envOf('host')]).toBe('0.0.0.0');
    expect(last('EXPOSE')?.args).toEqual([env[envOf('port')]]);
    const check = last('HEALTHCHECK')?.text ?? '';
    expect(check).toContain('/healthz');
    expect(check).toContain(`process.env.${envOf('port')}`);
    expect(check).toContain(`process.env.${envOf('workerOpsPort')}`);
  });
});

interface Container {
  args: string[];
  ports: { name: string; containerPort: number }[];
  env?: { name: string; value: string }[];
  envFrom?: ({ configMapRef: { name: string } } | { secretRef: { name: string } })[];
  readinessProbe: { httpGet: { path: string; port: string } };
  livenessProbe: { httpGet: { path: string; port: string } };
}
interface Manifest {
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec: {
    selector: Record<string, unknown>;
    ports?: { targetPort: string }[];
    template: {
      metadata: { labels: Record<string, string> };
      spec: { enableServiceLinks: boolean; containers: Container[] };
    };
  };
}

describe('Kubernetes example', () => {
  const dir = 'deploy/kubernetes';
  const manifests = readdirSync(join(ROOT, dir))
    .filter((name) => name.endsWith('.yaml'))
    .flatMap((name) => parseAllDocuments(read(join(dir, name))).map((doc) => doc.toJS() as Manifest));
  const byName = (kind: string, name: string): Manifest | undefined =>
    manifests.find((m) => m.kind === kind && m.metadata.name === name);
  const deployments = manifests.filter((m) => m.kind === 'Deployment');
  const containerOf = (name: string): Container | undefined =>
    byName('Deployment', name)?.spec.template.spec.containers[0];
  const envValue = (container: Container | undefined, key: string): string | undefined =>
    container?.env?.find((entry) => entry.name === envOf(key))?.value;

  it('has an API and a worker Deployment running real commands', () => {
    expect(deployments.map((d) => d.metadata.name).toSorted()).toEqual(['transmute-api', 'transmute-worker']);
    expect(containerOf('transmute-api')?.args).toEqual(['serve', '--no-worker']);
    expect(containerOf('transmute-worker')?.args).toEqual(['worker']);
    for (const deployment of deployments)
      expectRealCommand(deployment.spec.template.spec.containers[0]?.args ?? []);
  });

  it('sets only real settings, from a ConfigMap and a Secret that exist', () => {
    for (const config of manifests.filter((m) => m.kind === 'ConfigMap' || m.kind === 'Secret'))
      for (const name of Object.keys({ ...config.data, ...config.stringData }))
        expect(isKnownVariable(name), name).toBe(true);
    for (const deployment of deployments) {
      const container = deployment.spec.template.spec.containers[0];
      // Service links would set e.g. TRANSMUTE_PORT=tcp://… for a Service named `transmute`.
      expect(deployment.spec.template.spec.enableServiceLinks).toBe(false);
      for (const { name } of container?.env ?? []) expect(isKnownVariable(name), name).toBe(true);
      for (const source of container?.envFrom ?? []) {
        const [kind, ref] =
          'configMapRef' in source ? ['ConfigMap', source.configMapRef] : ['Secret', source.secretRef];
        expect(byName(kind, ref.name), `${kind} ${ref.name}`).toBeDefined();
      }
      expect(envValue(container, 'host'), 'probes reach the pod IP').toBe('0.0.0.0');
    }
    const shared = new Set(
      manifests
        .filter((m) => m.kind === 'Secret')
        .flatMap((m) => Object.keys({ ...m.data, ...m.stringData })),
    );
    for (const key of ['databaseUrl', 'signingSecret', 'masterKey'] as const)
      expect([...shared]).toContain(envOf(key));
  });

  it('probes /readyz for readiness and /healthz for liveness on the port each process listens on', () => {
    const api = containerOf('transmute-api');
    const worker = containerOf('transmute-worker');
    const listens = [
      [api, Number(envValue(api, 'port') ?? SETTINGS.find((s) => s.key === 'port')?.defaultText)],
      [worker, Number(envValue(worker, 'workerOpsPort'))],
    ] as const;
    for (const [container, port] of listens) {
      expect(container?.readinessProbe.httpGet.path).toBe('/readyz');
      expect(container?.livenessProbe.httpGet.path).toBe('/healthz');
      const named = container?.ports.find((p) => p.name === container.readinessProbe.httpGet.port);
      expect(named?.containerPort).toBe(port);
      expect(container?.livenessProbe.httpGet.port).toBe(named?.name);
    }
  });

  it('routes the Service to the API pods and their http port', () => {
    const service = byName('Service', 'transmute-api');
    const api = byName('Deployment', 'transmute-api');
    expect(service?.spec.selector).toEqual(api?.spec.template.metadata.labels);
    expect(api?.spec.template.spec.containers[0]?.ports.map((p) => p.name)).toContain(
      service?.spec.ports?.[0]?.targetPort,
    );
  });
});

describe('systemd units', () => {
  const dir = 'deploy/systemd';
  const units = readdirSync(join(ROOT, dir)).filter((name) => name.endsWith('.service'));
  const entry = builtEntry();

  it.each(units)('%s runs a real command of the built CLI with real settings', (unit) => {
    const text = read(join(dir, unit));
    const exec = /^ExecStart=(\S+) (\S+) (.*)$/m.exec(text);
    expect(exec?.[2]).toBe(`/opt/transmute/${entry}`);
    expectRealCommand((exec?.[3] ?? '').split(' '));
    for (const match of text.matchAll(/^Environment=(\w+)=/gm))
      expect(isKnownVariable(match[1] ?? ''), match[1]).toBe(true);
    const file = /^EnvironmentFile=\/etc\/transmute\/(.+)$/m.exec(text)?.[1];
    expect(existsSync(join(ROOT, dir, `${file ?? ''}.example`))).toBe(true);
  });

  it('has one API and one worker unit, the worker serving its operator routes', () => {
    expect(units.toSorted()).toEqual(['transmute-api@.service', 'transmute-worker@.service']);
    expect(read(join(dir, 'transmute-worker@.service'))).toMatch(
      new RegExp(`^Environment=${envOf('workerOpsPort')}=`, 'm'),
    );
  });

  it('lists only real settings in the example environment file, the shared secrets among them', () => {
    const names = [...read(join(dir, 'transmute.env.example')).matchAll(/^(\w+)=/gm)].map((m) => m[1] ?? '');
    for (const name of names) expect(isKnownVariable(name), name).toBe(true);
    for (const key of ['databaseUrl', 'blobUrl', 'signingSecret', 'masterKey', 'baseUrl'] as const)
      expect(names).toContain(envOf(key));
  });
});

describe('docs/guides/deployment.md', () => {
  const path = 'docs/guides/deployment.md';
  const text = read(path);

  it('links only to files that exist', () => {
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => (match[1] ?? '').split('#')[0] ?? '')
      .filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(existsSync(join(ROOT, dirname(path), target)), target).toBe(true);
  });

  it('names only real settings', () => {
    for (const match of text.matchAll(/\b(TRANSMUTE_[A-Z_]+)\b/g))
      expect(SETTING_ENV.has(match[1] ?? ''), match[1]).toBe(true);
  });
});
