/*
 * A dispatcher process for webhooks-crash.test.ts: `node --conditions=development --import tsx
 * webhooks.child.ts <sqlite path>`. Prints "ready" once started; runs until killed.
 */
import { createSqliteStore } from '../src/create-sqlite-store.js';
import { createWebhookDispatcher } from '../src/internal/webhooks/dispatch-webhooks.js';

const path = process.argv[2];
if (path === undefined) throw new Error('usage: webhooks.child.ts <sqlite path>');
const store = await createSqliteStore({ path });
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
