import {
  TransmuteError,
  isTransmuteError,
  type ErrorCode,
  type FieldError,
  type JobStage,
  type UsageUnit,
} from '@transmute/contract';
import type { CpuContext } from '../internal/cpu-context.js';
import type { ResultPart } from './cpu-result-parts.js';
import type { CpuTaskKind, CpuTasks } from './cpu-tasks.js';

/** What a task reports while it runs: replayed on the caller's context in order. */
export type CpuEvent =
  | { type: 'stage'; stage: JobStage; detail: string | null }
  | { type: 'within'; percent: number; detail: string | null }
  | { type: 'meter'; unit: UsageUnit; quantity: number }
  | { type: 'warn'; code: string; detail: string };

/** An error as it crosses the thread boundary (an Error's own fields do not survive structured clone). */
export interface WireError {
  name: string;
  message: string;
  stack?: string;
  code?: ErrorCode;
  fieldErrors?: FieldError[];
  retryAfter?: number;
}

/** Main thread → worker: one task at a time. */
export type CpuRequest = { [K in CpuTaskKind]: { kind: K; input: CpuTasks[K]['input'] } }[CpuTaskKind];

/** Main thread → worker: a task whose input's long arrays are empty and follow as `parts` messages. */
export type CpuStart = CpuRequest & { parts: number };

/** Main thread → worker: one part of the input of the task being started. */
export type CpuInputPart = { type: 'input-part' } & ResultPart;

/** Main thread → worker: send the next part of the result (the caller's thread had a turn). */
export interface CpuMore {
  type: 'more';
}

/** Worker → main thread. */
export type CpuReply =
  | { type: 'ready'; heapBytes: number }
  | CpuEvent
  /**
   * The result; with `parts` > 0 its long arrays are empty and follow as that many `part`
   * messages, one per `more`. `heapBytes`: the worker's V8 heap (one that grew is replaced).
   */
  | { type: 'done'; result: CpuTasks[CpuTaskKind]['result']; parts: number; heapBytes: number }
  | ({ type: 'part' } & ResultPart)
  | { type: 'failed'; error: WireError };

/** A context whose reports become events (the worker side of {@link applyCpuEvent}). */
export function toEventContext(signal: AbortSignal, send: (event: CpuEvent) => void): CpuContext {
  return {
    signal,
    progress: {
      stage: (stage, detail = null) => send({ type: 'stage', stage, detail }),
      within: (percent, detail = null) => send({ type: 'within', percent, detail }),
    },
    recorder: {
      meter: (unit, quantity) => send({ type: 'meter', unit, quantity }),
      warn: (code, detail) => send({ type: 'warn', code, detail }),
    },
  };
}

/** Replays a worker's report on the caller's context. */
export function applyCpuEvent(event: CpuEvent, ctx: CpuContext): void {
  switch (event.type) {
    case 'stage':
      ctx.progress.stage(event.stage, event.detail);
      return;
    case 'within':
      ctx.progress.within(event.percent, event.detail);
      return;
    case 'meter':
      ctx.recorder.meter(event.unit, event.quantity);
      return;
    case 'warn':
      ctx.recorder.warn(event.code, event.detail);
      return;
  }
}

/** Flattens an error for postMessage, keeping a TransmuteError's code, field errors and retry hint. */
export function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const wire: WireError = { name: error.name, message: error.message };
  if (error.stack !== undefined) wire.stack = error.stack;
  if (isTransmuteError(error)) {
    wire.code = error.code;
    wire.fieldErrors = error.fieldErrors;
    if (error.retryAfter !== undefined) wire.retryAfter = error.retryAfter;
  }
  return wire;
}

/** Rebuilds the error on the caller's side: a TransmuteError stays one (same code, detail, field errors). */
export function fromWireError(wire: WireError): Error {
  const error =
    wire.code === undefined
      ? Object.assign(new Error(wire.message), { name: wire.name })
      : new TransmuteError(wire.code, wire.message, {
          fieldErrors: wire.fieldErrors ?? [],
          ...(wire.retryAfter !== undefined ? { retryAfter: wire.retryAfter } : {}),
        });
  if (wire.stack !== undefined) error.stack = wire.stack;
  return error;
}
