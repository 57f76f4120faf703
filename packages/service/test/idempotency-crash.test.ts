import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TransmuteError } from '@transmute/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../src/index.js';
import { createAdminFromContext } from '../src/create-admin.js';
import { createCoreContext, type CoreContext } from '../src/kernel/context.js';
import { runIdempotent } from '../src/tables/idempotency.js';
import { createWebhookEndpoint } from '../src/operations/webhook-endpoints.js';
import { openTestStore } from './support/open-test-store.js';
import { createPostgresTestDb } from './support/postgres.js';

const CHILD = fileURLToPath(new URL('./idempotency.child.ts', import.meta.url));
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A store location a child process can open too, on each backend. */
const backends: { name: string; location: () => Promise<string> }[] = [
  {
    name: 'sqlite',
    location: () => {
      const dir = mkdtempSync(join(tmpdir(), 'idempotency-crash-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      return Promise.resolve(join(dir, 'db.sqlite'));
    },
  },
  {
    name: 'postgres',
    location: async () => {
      const { db, drop, schema } = await createPostgresTestDb('idem');
      await db.destroy();
      cleanups.push(drop);
      return `postgres:${schema}`;
    },
  },
];

/** Runs the child until its request is inside the operation (key claimed, nothing committed), then SIGKILLs it. */
async function killBetweenClaimAndCommit(args: string[]): Promise<void> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=development', '--import', 'tsx', CHILD, ...args],
    { cwd: fileURLToPath(new URL('..', import.meta.url)), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('in operation')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`child exited early (${String(code)})`)));
  });
  child.kill('SIGKILL');
  await exited;
}

function contextAt(store: Store, now: () => Date): CoreContext {
  return createCoreContext(store, {
    baseUrl: 'http://127.0.0.1:1',
    signingSecret: 'idempotency-crash',
    allowPrivateNetworks: true,
    now,
  });
}

describe.each(backends)('an Idempotency-Key whose request died before committing ($name)', (backend) => {
  it(
    'lapses with its claim: a retry with a corrected body runs once, then replays',
    { timeout: 120_000 },
    async () => {
      const location = await backend.location();
      const store = await openTestStore(location);
      cleanups.push(() => store.close());
      const { account } = await createAdminFromContext(contextAt(store, () => new Date())).createAccount();
      const caller = { accountId: account.id, requestId: 'req_retry' };
      const key = 'crash-key';

      await killBetweenClaimAndCommit([
        location,
        account.id,
        key,
        'fingerprint-first',
        'http://127.0.0.1:9/first',
      ]);
      const claim = await store.db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('account_id', '=', account.id)
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      expect(claim).toMatchObject({ state: 'in_flight', fingerprint: 'fingerprint-first' });
      // A dead request's claim lapses quickly: its lease is short (renewed while a request runs).
      expect(Date.parse(claim.locked_until) - Date.parse(claim.created_at)).toBeLessThanOrEqual(10_000);

      const corrected = (ctx: CoreContext) =>
        runIdempotent(ctx, caller, { key, fingerprint: 'fingerprint-corrected' }, () =>
          createWebhookEndpoint(ctx, caller, {
            url: 'http://127.0.0.1:9/corrected',
            events: ['job.succeeded'],
          }),
        );
      // While the claim's lease runs, the dead request cannot be told from a slow one: retry later.
      const leased = contextAt(store, () => new Date(Date.parse(claim.locked_until) - 1));
      await expect(corrected(leased)).rejects.toMatchObject({ code: 'idempotency_key_in_use' });

      const lapsed = contextAt(store, () => new Date(claim.locked_until));
      const first = await corrected(lapsed);
      expect(first.replayed).toBe(false);
      expect(first.value.url).toBe('http://127.0.0.1:9/corrected');
      const endpoints = await store.db
        .selectFrom('webhook_endpoints')
        .select('url')
        .where('account_id', '=', account.id)
        .execute();
      expect(endpoints).toEqual([{ url: 'http://127.0.0.1:9/corrected' }]);

      // From now on the key is the corrected request's, for 24 hours from its use.
      const again = await corrected(lapsed);
      expect(again).toEqual({ replayed: true, value: first.value });
      const stale = await runIdempotent(lapsed, caller, { key, fingerprint: 'fingerprint-first' }, () =>
        Promise.resolve('must not run'),
      ).catch((error: unknown) => error);
      expect(stale).toBeInstanceOf(TransmuteError);
      expect(stale).toMatchObject({ code: 'idempotency_key_reused' });
    },
  );
});
