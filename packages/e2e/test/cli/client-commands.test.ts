import { createHash } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import { readFile, truncate, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  OUTPUT_PROFILE_DESCRIPTIONS,
  validateResource,
  type Capabilities,
  type FileResource,
  type Job,
  type Output,
  type ResourceName,
} from '@transmute/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, freePort, startService, type RunningService } from '../blackbox/support/service.js';
import { clientEnv, jsonOf, transmute, transmuteInTerminal, type CliRun } from './support/run-transmute.js';

let service: RunningService;
let env: NodeJS.ProcessEnv;
const work = mkdtempSync(join(tmpdir(), 'transmute-cli-e2e-'));
const ARTICLE = join(ROOT, 'fixtures/text/markdown-article/input.md');
const WHITESPACE = join(ROOT, 'fixtures/text/whitespace-only/input.txt');

beforeAll(async () => {
  service = await startService();
  env = clientEnv(service.baseUrl, service.accounts[0]?.apiKey ?? '');
}, 180_000);

afterAll(async () => {
  await service?.stop();
});

/** The run's stdout as JSON, valid against the contract's schema of `name`. */
function resource<T>(name: ResourceName, run: CliRun): T {
  const body = jsonOf<T>(run);
  expect(validateResource(name, body), run.stdout).toEqual([]);
  return body;
}

async function run(...args: string[]): Promise<CliRun> {
  return transmute([...args], env);
}

describe(
  'transmute client commands against transmute serve (--json validated against the contract)',
  { timeout: 240_000 },
  () => {
    it('capabilities and usage', async () => {
      const [capabilities, usage] = await Promise.all([run('capabilities', '--json'), run('usage')]);
      const body = resource<Capabilities>('Capabilities', capabilities);
      expect(body.plugins.length).toBeGreaterThan(0);
      // Not a terminal: JSON without --json.
      expect(resource<{ plan: string }>('Usage', usage).plan).toBe('developer');
    });

    it('jobs create --wait, get, list (one page and --all)', async () => {
      const created = resource<Job>(
        'Job',
        await run(
          'jobs',
          'create',
          '--text',
          '# Notes\n\nShip on Friday.',
          '--profile',
          'source_summary',
          '--wait',
        ),
      );
      expect(created.status).toBe('succeeded');
      // --text - reads the text from stdin.
      const second = resource<Job>(
        'Job',
        await transmute(['jobs', 'create', '--text', '-', '--json'], env, 'Second job text, from stdin.'),
      );
      expect(['queued', 'processing', 'succeeded']).toContain(second.status);
      const waited = resource<Job>('Job', await run('jobs', 'wait', second.id, '--poll-interval', '100'));
      expect(waited.status).toBe('succeeded');
      expect(resource<Job>('Job', await run('jobs', 'get', created.id)).id).toBe(created.id);
      const onePage = resource<{ data: Job[]; page: { has_more: boolean; next_cursor: string } }>(
        'JobList',
        await run('jobs', 'list', '--limit', '1'),
      );
      expect(onePage.data).toHaveLength(1);
      expect(onePage.page.has_more).toBe(true);
      const next = resource<{ data: Job[] }>(
        'JobList',
        await run('jobs', 'list', '--limit', '1', '--cursor', onePage.page.next_cursor),
      );
      expect(next.data[0]?.id).not.toBe(onePage.data[0]?.id);
      const all = resource<{ data: Job[]; page: { has_more: boolean } }>(
        'JobList',
        await run('jobs', 'list', '--limit', '1', '--all', '--status', 'succeeded'),
      );
      expect(all.data.map((job) => job.id)).toEqual(expect.arrayContaining([created.id, second.id]));
      expect(all.page.has_more).toBe(false);
    });

    it('files upload, get, a job from the file id, delete', async () => {
      const file = resource<FileResource>('File', await run('files', 'upload', ARTICLE));
      expect(file).toMatchObject({ status: 'ready', name: 'input.md', media_type: 'text/markdown' });
      expect(file.sha256).toBe(
        createHash('sha256')
          .update(await readFile(ARTICLE))
          .digest('hex'),
      );
      expect(resource<FileResource>('File', await run('files', 'get', file.id)).id).toBe(file.id);
      const job = resource<Job>(
        'Job',
        await run('jobs', 'create', '--file-id', file.id, '--wait', '--poll-interval', '100'),
      );
      expect(job.status).toBe('succeeded');
      const deleted = await run('files', 'delete', file.id);
      expect(deleted.code, deleted.stderr).toBe(0);
      expect((await run('files', 'get', file.id)).code).toBe(4);
    });

    it('outputs get, content (a page and --all), create, download (zip, verified, resumed with Range)', async () => {
      const job = resource<Job>(
        'Job',
        await run(
          'jobs',
          'create',
          '--file',
          ARTICLE,
          '--profile',
          'dataset_markdown',
          '--wait',
          '--poll-interval',
          '100',
        ),
      );
      const outputId = job.output_ids[0] ?? '';
      expect(resource<Output>('Output', await run('outputs', 'get', outputId)).status).toBe('succeeded');
      const page = resource<{ data: string; page: { has_more: boolean; next_cursor: string } }>(
        'OutputContentPage',
        await run('outputs', 'content', outputId, '--limit', '2000', '--json'),
      );
      expect(page.page.has_more).toBe(true);
      const whole = await run('outputs', 'content', outputId, '--all');
      expect(whole.code).toBe(0);
      expect(whole.stdout.startsWith(page.data)).toBe(true);
      expect(whole.stdout).toContain('chk_');
      const wholeJson = resource<{ data: string; page: { has_more: boolean } }>(
        'OutputContentPage',
        await run('outputs', 'content', outputId, '--all', '--limit', '2000', '--json'),
      );
      expect(wholeJson).toMatchObject({ data: whole.stdout, page: { has_more: false } });

      const zip = resource<Output>(
        'Output',
        await run('outputs', 'create', job.id, '--profile', 'agent_context', '--format', 'zip'),
      );
      let ready = zip;
      for (let i = 0; i < 100 && ready.status !== 'succeeded' && ready.status !== 'failed'; i += 1) {
        await new Promise((r) => setTimeout(r, 200));
        ready = resource<Output>('Output', await run('outputs', 'get', zip.id));
      }
      expect(ready.status).toBe('succeeded');
      const notPaginable = await run('outputs', 'content', zip.id);
      expect(notPaginable.code).toBe(5);
      expect(notPaginable.stderr).toContain('transmute outputs download');

      // A --dir that does not exist yet is created, nested too (issue 28, point 7: it failed with ENOENT).
      const dir = join(mkdtempSync(join(work, 'download-')), 'out', 'nested');
      const downloaded = jsonOf<{ files: { path: string; sha256: string; resumed: boolean }[] }>(
        await run('outputs', 'download', zip.id, '--dir', dir),
      );
      const files = ready.manifest?.files ?? [];
      expect(downloaded.files.map((file) => file.sha256)).toEqual(files.map((file) => file.sha256));
      const [first] = downloaded.files;
      const bytes = await readFile(first?.path ?? '');
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(files[0]?.sha256);
      // An interrupted download: half the file left as <name>.part is continued with a Range request.
      await rename(first?.path ?? '', `${first?.path ?? ''}.part`);
      await truncate(`${first?.path ?? ''}.part`, Math.floor(bytes.length / 2));
      const resumed = jsonOf<{ files: { resumed: boolean; sha256: string }[] }>(
        await run('outputs', 'download', zip.id, '--dir', dir),
      );
      expect(resumed.files[0]).toMatchObject({ resumed: true, sha256: files[0]?.sha256 });
      expect((await readFile(first?.path ?? '')).equals(bytes)).toBe(true);
      // A corrupt partial file fails the sha256 check (exit 5) and is removed; the next run starts over.
      await writeFile(`${first?.path ?? ''}.part`, Buffer.alloc(10, 1));
      const corrupt = await run('outputs', 'download', zip.id, '--dir', dir);
      expect(corrupt.code).toBe(5);
      expect(corrupt.stderr).toMatch(/hash/);
      expect(
        jsonOf<{ files: { resumed: boolean }[] }>(await run('outputs', 'download', zip.id, '--dir', dir))
          .files[0]?.resumed,
      ).toBe(false);
      // A --dir that does not exist yet is made, parents included.
      const fresh = join(work, 'not-yet', 'out');
      const made = jsonOf<{ files: { path: string; sha256: string }[] }>(
        await run('outputs', 'download', zip.id, '--dir', fresh),
      );
      expect(made.files[0]?.path).toBe(join(fresh, files[0]?.name ?? ''));
      expect(
        createHash('sha256')
          .update(await readFile(made.files[0]?.path ?? ''))
          .digest('hex'),
      ).toBe(files[0]?.sha256);
    });

    it('jobs cancel and delete', async () => {
      const big = join(work, 'big.txt');
      await writeFile(big, 'A sentence about queues, workers and leases in a long document. '.repeat(25_000));
      const job = resource<Job>(
        'Job',
        await run('jobs', 'create', '--file', big, '--profile', 'evaluation_markdown'),
      );
      const canceled = await run('jobs', 'cancel', job.id);
      if (canceled.code === 0) {
        expect(['canceling', 'canceled']).toContain(resource<Job>('Job', canceled).status);
        const waited = await run('jobs', 'wait', job.id, '--poll-interval', '100');
        // CONTRACT §8: a job that finishes before it sees the cancel keeps its result.
        const ended = resource<Job>('Job', { ...waited, code: 0 });
        if (ended.status === 'succeeded') expect(waited.code).toBe(0);
        else {
          expect(ended.status).toBe('canceled');
          expect(waited.code).toBe(8);
          expect(waited.stderr).toContain('job_canceled');
        }
      } else {
        // It finished first: canceling a finished job is a state error.
        expect(canceled.code).toBe(5);
        expect(canceled.stderr).toContain('job_not_cancelable');
      }
      const removed = await run('jobs', 'delete', job.id);
      expect(removed.code, removed.stderr).toBe(0);
      expect((await run('jobs', 'get', job.id)).code).toBe(4);
    });
  },
);

describe('exit codes by error class, and messages naming the fix', { timeout: 240_000 }, () => {
  it('2 usage, 3 auth, 4 not found, 5 refused, 7 server unreachable, 8 job failed', async () => {
    const [unknown, badLimit, badKey, missing, notCancelable, failed, noServer, noKey] = await Promise.all([
      run('jobs', 'frobnicate'),
      run('jobs', 'list', '--limit', 'ten'),
      transmute(['jobs', 'list'], { ...env, TRANSMUTE_API_KEY: 'tmk_wrong' }),
      run('jobs', 'get', 'job_000000000000'),
      run('webhooks', 'create', '--url', 'http://127.0.0.1:9/hook', '--events', 'job.succeeded'),
      run('jobs', 'create', '--file', WHITESPACE, '--wait', '--poll-interval', '100'),
      transmute(['usage'], { ...env, TRANSMUTE_BASE_URL: `http://127.0.0.1:${String(await freePort())}` }),
      transmute(['usage'], { ...env, TRANSMUTE_API_KEY: '' }),
    ]);
    expect(unknown.code).toBe(2);
    expect(badLimit.code).toBe(2);
    expect(badLimit.stderr).toContain('--limit must be a positive integer');
    expect(badKey.code).toBe(3);
    expect(badKey.stderr).toMatch(/TRANSMUTE_API_KEY.*transmute login/);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toMatch(/not_found: .*request req_/);
    // The default server refuses a loopback http receiver and says which setting allows it.
    expect(notCancelable.code).toBe(5);
    expect(notCancelable.stderr).toContain('--allow-private-networks');
    expect(failed.code).toBe(8);
    expect(failed.stderr).toMatch(/failed: empty_content: /);
    expect(resource<Job>('Job', { ...failed, code: 0 }).status).toBe('failed');
    expect(noServer.code).toBe(7);
    expect(noServer.stderr).toContain('--base-url');
    expect(noKey.code).toBe(3);
    expect(noKey.stderr).toContain('transmute login');
  });
});

describe('transmute login', { timeout: 240_000 }, () => {
  it('checks the key, then writes the config file with mode 0600 that later commands use', async () => {
    const home = clientEnv('', '');
    const refused = await transmute(
      ['login', '--base-url', service.baseUrl, '--api-key-stdin'],
      home,
      'tmk_wrong\n',
    );
    expect(refused.code).toBe(3);
    const path = join(home.XDG_CONFIG_HOME ?? '', 'transmute', 'config.json');
    expect(() => statSync(path)).toThrow();
    // The key arrives on stdin (piped), never on the command line.
    const login = await transmute(
      ['login', '--base-url', service.baseUrl],
      home,
      `${service.accounts[1]?.apiKey ?? ''}\n`,
    );
    expect(login.code, login.stderr).toBe(0);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({
      base_url: service.baseUrl,
      api_key: service.accounts[1]?.apiKey,
    });
    // No flag, no variable: the config file is used (account B sees none of account A's jobs).
    const jobs = resource<{ data: Job[] }>('JobList', await transmute(['jobs', 'list'], home));
    expect(jobs.data).toEqual([]);
    // A flag wins over the file.
    expect((await transmute(['jobs', 'list', '--api-key', 'tmk_wrong'], home)).code).toBe(3);
  });

  it('takes the key from TRANSMUTE_API_KEY', async () => {
    const home = clientEnv('', service.accounts[1]?.apiKey ?? '');
    const login = await transmute(['login', '--base-url', service.baseUrl], home);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain(`Logged in to ${service.baseUrl}`);
  });

  it('refuses --api-key on the command line, saying how to pass the key, and saves nothing', async () => {
    const home = clientEnv('', '');
    const key = service.accounts[1]?.apiKey ?? '';
    const refused = await transmute(['login', '--base-url', service.baseUrl, '--api-key', key], home);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--api-key-stdin.*TRANSMUTE_API_KEY/);
    expect(refused.stderr).not.toContain(key);
    expect(() => statSync(join(home.XDG_CONFIG_HOME ?? '', 'transmute', 'config.json'))).toThrow();
  });
});

describe('on a terminal (pseudo-terminal via script)', { timeout: 240_000 }, () => {
  it('shows progress bars while uploading and waiting, and tables instead of JSON', async () => {
    const shown = await transmuteInTerminal(
      ['jobs', 'create', '--file', ARTICLE, '--wait', '--poll-interval', '100'],
      env,
    );
    expect(shown.code, shown.stdout).toBe(0);
    expect(shown.stdout).toMatch(/█+░*\s+\d+% uploading input\.md/);
    expect(shown.stdout).toMatch(/100% job_\w+ succeeded/);
    expect(shown.stdout).toMatch(/^status\s+succeeded/m);
    const table = await transmuteInTerminal(['jobs', 'list', '--limit', '2'], env);
    expect(table.stdout).toMatch(/^ID\s+STATUS\s+PROGRESS\s+SOURCE/m);
    expect(table.stdout).toContain('more: --cursor ');
  });

  it('labels a German article the same through convert and jobs create (issue 28, point 9)', async () => {
    const german = join(ROOT, 'fixtures/text/non-english-article/input.md');
    const local = await transmute(['convert', german, '--profile', 'source_summary', '-q'], env);
    expect(local.code, local.stderr).toBe(0);
    const job = jsonOf<Job>(
      await transmute(['jobs', 'create', '--file', german, '--profile', 'source_summary', '--wait'], env),
    );
    const served = await transmute(['outputs', 'content', job.output_ids[0] ?? '', '--all'], env);
    expect(served.code, served.stderr).toBe(0);
    const labels = (markdown: string): string[] =>
      markdown
        .split('\n')
        .filter((line) => /^(#+ |- \*\*)/.test(line))
        .slice(0, 8);
    expect(labels(local.stdout)).toEqual(labels(served.stdout));
    expect(labels(local.stdout)).toContain('- **Language:** de');
    // The served output warns, naming the language to ask for (convert's own warning: its unit test).
    const output = jsonOf<Output>(await transmute(['outputs', 'get', job.output_ids[0] ?? ''], env));
    expect(output.warnings.join('\n')).toContain('Ask for language "de"');
  });

  it('lists each profile with what it is for on a terminal (issue 28, point 4)', async () => {
    const shown = await transmuteInTerminal(['capabilities'], env);
    expect(shown.code, shown.stdout).toBe(0);
    expect(shown.stdout).toMatch(/^PROFILE\s+WHAT IT IS FOR/m);
    for (const [profile, description] of Object.entries(OUTPUT_PROFILE_DESCRIPTIONS)) {
      expect(shown.stdout).toMatch(new RegExp(`^${profile}\\s+${description.purpose.slice(0, 30)}`, 'm'));
    }
  });
});
