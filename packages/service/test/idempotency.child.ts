/*
 * A request process for idempotency-crash.test.ts: `node --conditions=development --import tsx
 * idempotency.child.ts <store> <account id> <key> <fingerprint> <url>` (store as `openTestStore`
 * takes it). Runs createWebhookEndpoint under the Idempotency-Key; once the key is claimed and the
 * operation reaches its transaction it prints "in operation" and waits there, never committing,
 * until the test SIGKILLs it: a request that dies between claim and commit, without a race.
 */
import { createCoreContext } from '../src/kernel/context.js';
import { runIdempotent } from '../src/tables/idempotency.js';
import { createWebhookEndpoint } from '../src/operations/webhook-endpoints.js';
import type { Store } from '../src/index.js';
import { openTestStore } from './support/open-test-store.js';

const [location, accountId, key, fingerprint, url] = process.argv.slice(2);
if (url === undefined || location === undefined || accountId === undefined || key === undefined) {
  throw new Error('usage: idempotency.child.ts <store> <account id> <key> <fingerprint> <url>');
}
const base = await openTestStore(location);
const stalled: Store = {
  ...base,
  transaction() {
    process.stdout.write('in operation\n');
    // Kept alive (nothing else holds the event loop open) until the test kills the process.
    setInterval(() => undefined, 60_000);
    return new Promise(() => undefined);
  },
};
const ctx = createCoreContext(stalled, {
  baseUrl: 'http://127.0.0.1:1',
  signingSecret: 'idempotency-crash',
  allowPrivateNetworks: true,
});
const caller = { accountId, requestId: 'req_child' };
await runIdempotent(ctx, caller, { key, fingerprint: fingerprint ?? '' }, () =>
  createWebhookEndpoint(ctx, caller, { url, events: ['job.succeeded'] }),
);
