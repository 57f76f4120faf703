import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, waitFor, waitForJob, type Harness } from '../../service/test/support/harness.js';
import { createFetchHandler, type FetchHandler } from '../src/index.js';

// OpenTelemetry through `@opentelemetry/api` with an SDK registered: request → job → stages and
// plugins, with the trace carried from the creating request (and the caller's traceparent) to the
// worker.

const INCOMING_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const INCOMING_SPAN = '00f067aa0ba902b7';

describe('traces', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  let harness: Harness;
  let handler: FetchHandler;
  let apiKey: string;

  beforeAll(async () => {
    trace.setGlobalTracerProvider(provider);
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    harness = await startHarness();
    ({ apiKey } = await harness.service.admin.createApiKey(harness.caller.accountId));
    handler = createFetchHandler({ service: harness.service, logger: { error: () => undefined } });
  });

  afterAll(async () => {
    await harness.close();
    await provider.shutdown();
    trace.disable();
    context.disable();
  });

  const parentOf = (span: ReadableSpan): string | undefined => span.parentSpanContext?.spanId;

  it('joins the request, its job, its stages and plugins into the caller trace', async () => {
    const response = await handler(
      new Request('http://localhost/v1/jobs', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          'idempotency-key': 'traced',
          traceparent: `00-${INCOMING_TRACE}-${INCOMING_SPAN}-01`,
        },
        body: JSON.stringify({
          source: { type: 'text', content: '# Traced\n\nText.' },
          output: { profile: 'raw_source', format: 'jsonl' },
        }),
      }),
    );
    expect(response.status).toBe(201);
    const job = (await response.json()) as { id: string };
    await waitForJob(harness, job.id, ['succeeded']);
    const spans = await waitFor(async () => {
      const finished = exporter.getFinishedSpans();
      return Promise.resolve(finished.some((span) => span.name === 'transmute.job') ? finished : undefined);
    });

    const request = spans.find((span) => span.name === 'transmute.request createJob');
    const jobSpan = spans.find((span) => span.name === 'transmute.job');
    const stages = spans.filter((span) => span.name.startsWith('transmute.stage '));
    expect(request?.spanContext().traceId).toBe(INCOMING_TRACE);
    expect(parentOf(request as ReadableSpan)).toBe(INCOMING_SPAN);
    expect(request?.attributes).toMatchObject({
      'http.response.status_code': 201,
      'transmute.operation': 'createJob',
    });
    expect(jobSpan?.spanContext().traceId).toBe(INCOMING_TRACE);
    expect(parentOf(jobSpan as ReadableSpan)).toBe(request?.spanContext().spanId);
    expect(jobSpan?.attributes).toMatchObject({
      'transmute.job_id': job.id,
      'transmute.outcome': 'completed',
    });
    expect(stages.length).toBeGreaterThan(0);
    const renderer = spans.find((span) => span.name === 'transmute.plugin renderer.dataset_artifacts');
    expect(renderer?.attributes).toMatchObject({ 'transmute.plugin.operation': 'render' });
    expect(parentOf(renderer as ReadableSpan)).toBe(jobSpan?.spanContext().spanId);
    for (const stage of stages) {
      expect(stage.spanContext().traceId).toBe(INCOMING_TRACE);
      expect(parentOf(stage)).toBe(jobSpan?.spanContext().spanId);
    }
  });

  it('starts a new trace for a request without a traceparent', async () => {
    exporter.reset();
    const response = await handler(new Request('http://localhost/healthz'));
    expect(response.status).toBe(200);
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe('transmute.request healthz');
    expect(span?.parentSpanContext).toBeUndefined();
    expect(span?.spanContext().traceId).not.toBe(INCOMING_TRACE);
  });
});
