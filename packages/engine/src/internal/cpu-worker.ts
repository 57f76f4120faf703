/**
 * Worker thread of the engine's CPU pool: runs one task at a time and reports its progress,
 * usage and warnings as messages. Cancellation terminates the thread, so its signal never aborts.
 */
import { parentPort } from 'node:worker_threads';
import { getHeapStatistics } from 'node:v8';
import { toEventContext, toWireError, type CpuReply, type CpuRequest } from './cpu-messages.js';
import { runCpuTask } from './cpu-tasks.js';

const port = parentPort;
if (port === null) throw new Error('cpu-worker runs as a worker thread');
const signal = new AbortController().signal;
const send = (reply: CpuReply): void => port.postMessage(reply);

port.on('message', (request: CpuRequest) => {
  const ctx = toEventContext(signal, send);
  runCpuTask(request.kind, request.input, ctx).then(
    (result) => send({ type: 'done', result, heapBytes: getHeapStatistics().total_heap_size }),
    (error: unknown) => send({ type: 'failed', error: toWireError(error) }),
  );
});
send({ type: 'ready', heapBytes: getHeapStatistics().total_heap_size });
