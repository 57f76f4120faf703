/**
 * Worker thread of the engine's CPU pool: runs one task at a time and reports its progress,
 * usage and warnings as messages. A large result goes back in parts, one per `more` request.
 * Cancellation terminates the thread, so its signal never aborts.
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import {
  toEventContext,
  toWireError,
  type CpuInputPart,
  type CpuMore,
  type CpuReply,
  type CpuStart,
} from './cpu-messages.js';
import { appendInputPart, splitResult, type ResultPart } from './cpu-result-parts.js';
import { runCpuTask } from './cpu-tasks.js';

const port = parentPort;
if (port === null) throw new Error('cpu-worker runs as a worker thread');
const signal = new AbortController().signal;
const send = (reply: CpuReply): void => port.postMessage(reply);
let parts: ResultPart[] = [];
/** The task whose input is still arriving, with the number of parts to come. */
let starting: { start: CpuStart; remaining: number } | undefined;

function run(start: CpuStart): void {
  const ctx = toEventContext(signal, send);
  runCpuTask(start.kind, start.input, ctx).then(
    (result) => {
      parts = splitResult(start.kind, result);
      send({ type: 'done', result, parts: parts.length, heapBytes: getHeapStatistics().total_heap_size });
    },
    (error: unknown) => send({ type: 'failed', error: toWireError(error) }),
  );
}

port.on('message', (message: CpuStart | CpuMore | CpuInputPart) => {
  if (!('type' in message)) {
    if (message.parts === 0) run(message);
    else starting = { start: message, remaining: message.parts };
    return;
  }
  if (message.type === 'more') {
    const part = parts.shift();
    if (part !== undefined) send({ type: 'part', ...part });
    return;
  }
  if (starting === undefined) return;
  appendInputPart(starting.start.kind, starting.start.input, message);
  starting.remaining -= 1;
  if (starting.remaining === 0) {
    const start = starting.start;
    starting = undefined;
    run(start);
  }
});
send({ type: 'ready', heapBytes: getHeapStatistics().total_heap_size });
