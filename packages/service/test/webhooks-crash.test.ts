import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { newDeliveryRow } from '../src/tables/delivery-row.js';
import { openTestStore } from './support/open-test-store.js';
import { createPostgresTestDb } from './support/postgres.js';

const CHILD = fileURLToPath(new URL('./webhooks.child.ts', import.meta.url));
const children: ChildProcess[] = [];
const servers: Server[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A store location a child process can open too, on each backend. */
const backends: { name: string; location: () => Promise<string> }[] = [
  {
    name: 'sqlite',
    location: () => {
      const dir = mkdtempSync(join(tmpdir(), 'webhooks-crash-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      return Promise.resolve(join(dir, 'db.sqlite'));
    },
  },
  {
    name: 'postgres',
    location: async () => {
      const { db, drop, schema } = await createPostgresTestDb('whcrash');
      await db.destroy();
      cleanups.push(drop);
      return `postgres:${schema}`;
    },
  },
];

async function startChild(location: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=development', '--import', 'tsx', CHILD, location], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`child exited early (${String(code)})`)));
  });
  return child;
}

// Generous: on a loaded 2-core CI machine a tsx child takes seconds to start and to be scheduled.
async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(backends)('webhook dispatcher crash ($name)', (backend) => {
  it(
    'records the attempt a SIGKILLed dispatcher was making as interrupted, and the retry as the next one',
    { timeout: 180_000 },
    async () => {
      const location = await backend.location();
      const received: string[] = [];
      const held: ServerResponse[] = [];
      // Holds every request open: the first until its sender dies, the second until the test answers it.
      const server = createServer((req, res) => {
        received.push(String(req.headers['webhook-id']));
        held.push(res);
        req.resume();
      });
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/`;

      const store = await openTestStore(location);
      cleanups.push(() => store.close());
      const now = new Date().toISOString();
      await store.db
        .insertInto('webhook_endpoints')
        .values({
          id: 'wh_crash',
          account_id: 'acct_1',
          url,
          description: '',
          events_json: '["job.succeeded"]',
          status: 'active',
          secret_ciphertext: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
          secret_last_four: 'LaSw',
          previous_secret_ciphertext: null,
          previous_secret_expires_at: null,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .execute();
      const envelope = {
        id: 'evt_crash',
        type: 'job.succeeded',
        timestamp: now,
        api_version: 'v1',
        data: { object: {} },
      };
      await store.db
        .insertInto('events')
        .values({
          id: 'evt_crash',
          account_id: 'acct_1',
          type: 'job.succeeded',
          payload: JSON.stringify(envelope),
          created_at: now,
        })
        .execute();
      await store.db
        .insertInto('webhook_deliveries')
        .values({
          ...newDeliveryRow({
            accountId: 'acct_1',
            endpointId: 'wh_crash',
            eventId: 'evt_crash',
            eventType: 'job.succeeded',
            now,
            isTest: false,
          }),
          id: 'whd_crash',
        })
        .execute();
      const row = () =>
        store.db
          .selectFrom('webhook_deliveries')
          .selectAll()
          .where('id', '=', 'whd_crash')
          .executeTakeFirstOrThrow();

      const first = await startChild(location);
      await waitFor(() => received.length === 1);
      // The attempt was committed before its request went out.
      expect(await row()).toMatchObject({ status: 'delivering', attempts: 1, last_error_code: null });
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));

      const second = await startChild(location);
      await waitFor(() => received.length === 2);
      // The second attempt is on the record before its request, after the first one, interrupted.
      expect(await row()).toMatchObject({
        status: 'delivering',
        attempts: 2,
        last_error_code: 'interrupted',
        response_status: null,
      });
      held[1]?.end('ok');
      await waitFor(async () => (await row()).status === 'succeeded');
      // Give a (wrong) third send a chance to show up before checking there is none.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const after = await row();
      expect(after).toMatchObject({
        status: 'succeeded',
        attempts: 2,
        response_status: 200,
        last_error_code: null,
        attempt_started_at: null,
      });
      // As at-least-once allows, the event went out twice, and the record shows both attempts.
      expect(received).toEqual(['evt_crash', 'evt_crash']);
      expect(received).toHaveLength(after.attempts);
      second.kill('SIGTERM');
      await new Promise((resolve) => second.once('exit', resolve));
    },
  );
});
