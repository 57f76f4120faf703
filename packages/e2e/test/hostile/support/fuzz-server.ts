/**
 * The fuzz run's server, in a process of its own (started with `fork`, `--expose-gc`) so that its
 * memory can be measured apart from the test's: the walk's SQLite stack on loopback. Messages:
 * it sends `{ url, apiKey }` once listening; `'measure'` answers `{ rss, heapUsed, errors }` after a full
 * garbage collection (what is left is what the requests kept, not garbage not yet collected);
 * `'close'` stops it.
 */
import { startWalkStack } from './walk-stack.js';

const stack = await startWalkStack('sqlite');
const gc = (globalThis as { gc?: () => void }).gc;

process.on('message', (message) => {
  if (message === 'measure') {
    gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    process.send?.({ rss, heapUsed, errors: stack.errors });
  } else if (message === 'close') {
    void stack.close().then(() => process.exit(0));
  }
});
process.send?.({ url: stack.url, apiKey: stack.apiKey });
