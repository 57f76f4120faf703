import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../src/create-sqlite-store.js';
import { newDeliveryRow } from '../src/internal/events.js';

const CHILD = fileURLToPath(new URL('./webhooks.child.ts', import.meta.url));
const children: ChildProcess[] = [];
const servers: Server[] = [];
let dir = '';

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

async function startChild(dbPath: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=development', '--import', 'tsx', CHILD, dbPath], {
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
function waitFor(check: () => boolean, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = (): void => {
      if (check()) resolve();
      else if (Date.now() - started > timeoutMs) reject(new Error('timed out waiting'));
      else setTimeout(tick, 20);
    };
    tick();
  });
}

describe('webhook dispatcher crash', () => {
  it(
    'sends a delivery after a restart when the dispatcher was SIGKILLed during the attempt',
    { timeout: 180_000 },
    async () => {
      dir = mkdtempSync(join(tmpdir(), 'webhooks-crash-'));
      const dbPath = join(dir, 'db.sqlite');
      const received: string[] = [];
      // The first attempt hangs (the process dies during it); later ones succeed.
      const server = createServer((req, res) => {
        received.push(String(req.headers['webhook-id']));
        if (received.length > 1) res.end('ok');
      });
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/`;

      const store = await createSqliteStore({ path: dbPath });
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

      const first = await startChild(dbPath);
      await waitFor(() => received.length === 1);
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
      expect(await row()).toMatchObject({ status: 'delivering', attempts: 0 });

      const second = await startChild(dbPath);
      await waitFor(() => received.length === 2);
      // Give a (wrong) third send a chance to show up before checking there is none.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received).toEqual(['evt_crash', 'evt_crash']);
      const after = await row();
      expect(after).toMatchObject({ status: 'succeeded', attempts: 1, response_status: 200 });
      second.kill('SIGTERM');
      await new Promise((resolve) => second.once('exit', resolve));
      await store.close();
    },
  );
});
