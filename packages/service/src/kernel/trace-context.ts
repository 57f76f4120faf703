import { ROOT_CONTEXT, trace, type Context, type Span, type Tracer } from '@opentelemetry/api';

/**
 * The tracer of every Transmute span (request, job, stage). `@opentelemetry/api` only: a no-op
 * until the operator registers an SDK (e.g. `@opentelemetry/sdk-node`) before starting the server.
 */
export function transmuteTracer(): Tracer {
  return trace.getTracer('transmute');
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * A span as a W3C `traceparent` header value, or null for a span that is not recording (no SDK):
 * stored on the job row so the worker's job span joins the trace of the request that created it.
 */
export function toTraceparent(span: Span): string | null {
  const { traceId, spanId, traceFlags } = span.spanContext();
  if (!span.isRecording() || !trace.isSpanContextValid(span.spanContext())) return null;
  return `00-${traceId}-${spanId}-${traceFlags.toString(16).padStart(2, '0')}`;
}

/** The context whose parent is a W3C `traceparent` (remote); the root context when absent or invalid. */
export function contextOfTraceparent(traceparent: string | null | undefined): Context {
  const match = TRACEPARENT.exec(traceparent?.trim().toLowerCase() ?? '');
  if (match === null) return ROOT_CONTEXT;
  const [, traceId = '', spanId = '', flags = '00'] = match;
  const spanContext = { traceId, spanId, traceFlags: Number.parseInt(flags, 16), isRemote: true };
  return trace.isSpanContextValid(spanContext)
    ? trace.setSpanContext(ROOT_CONTEXT, spanContext)
    : ROOT_CONTEXT;
}
