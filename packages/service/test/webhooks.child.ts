/*
 * A dispatcher process for webhooks-crash.test.ts: `node --conditions=development --import tsx
 * webhooks.child.ts <store>` (a SQLite path or `postgres:<schema>`, as `openTestStore` takes it).
 * Prints "ready" once started; runs until killed.
 */
import { createWebhookDispatcher } from '../src/webhooks/dispatch-webhooks.js';
import { openTestStore } from './support/open-test-store.js';

const location = process.argv[2];
if (location === undefined) throw new Error('usage: webhooks.child.ts <store>');
const store = await openTestStore(location);
const dispatcher = createWebhookDispatcher({
  store,
  allowPrivateNetworks: true,
  retryDelaysSeconds: [0.05, 0.05],
  timeoutMs: 1500,
  leaseMs: 2000,
  pollIntervalMs: 50,
  env: {},
});
dispatcher.start();
// The dispatcher's timers are unref'd (an embedding app may exit while it idles): this process
// exists only to dispatch, so it keeps itself alive until it is killed, like `transmute worker`.
const keepAlive = setInterval(() => undefined, 60_000);
process.on('SIGTERM', () => {
  clearInterval(keepAlive);
  void dispatcher
    .stop()
    .then(() => store.close())
    .then(() => process.exit(0));
});
process.stdout.write('ready\n');
