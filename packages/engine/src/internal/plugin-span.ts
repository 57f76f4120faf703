import { createRequire } from 'node:module';
import type * as OpenTelemetry from '@opentelemetry/api';
import type { Span } from '@opentelemetry/api';
import { isTransmuteError } from '@transmute/contract';
import type { PluginManifest } from '@transmute/plugin-sdk';

type OpenTelemetryApi = typeof OpenTelemetry;
let api: OpenTelemetryApi | undefined;

/**
 * `@opentelemetry/api`, required on the first span rather than imported: its ~50 CommonJS modules
 * would load with every engine, and a text conversion opens no span.
 */
function otel(): OpenTelemetryApi {
  api ??= createRequire(import.meta.url)('@opentelemetry/api') as OpenTelemetryApi;
  return api;
}

/** The engine's spans share the service's tracer name (`@opentelemetry/api`: no-op without an SDK). */
const tracer = () => otel().trace.getTracer('transmute');

function endWith(span: Span, error: unknown): void {
  span.setStatus({ code: otel().SpanStatusCode.ERROR });
  span.setAttribute('transmute.failure_code', isTransmuteError(error) ? error.code : 'internal_error');
}

/**
 * Runs one plugin call as a `transmute.plugin <id>` span, a child of the active span (the job's,
 * when the SDK installs a context manager); a failure marks it with its failure code.
 */
export async function inPluginSpan<T>(
  manifest: Pick<PluginManifest, 'id' | 'kind'>,
  operation: string,
  call: () => Promise<T>,
): Promise<T> {
  const attributes = {
    'transmute.plugin.id': manifest.id,
    'transmute.plugin.kind': manifest.kind,
    'transmute.plugin.operation': operation,
  };
  return tracer().startActiveSpan(`transmute.plugin ${manifest.id}`, { attributes }, async (span) => {
    try {
      return await call();
    } catch (error) {
      endWith(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Runs one outbound request as a `transmute.fetch` client span. Only the method and the host are
 * recorded: paths and queries of share links and presigned URLs carry credentials.
 */
export async function inFetchSpan<T>(method: string, url: string | URL, call: () => Promise<T>): Promise<T> {
  const { hostname, port, protocol } = new URL(url);
  const attributes = {
    'http.request.method': method,
    'server.address': hostname,
    'server.port': Number(port || (protocol === 'https:' ? 443 : 80)),
  };
  return tracer().startActiveSpan(
    'transmute.fetch',
    { kind: otel().SpanKind.CLIENT, attributes },
    async (span) => {
      try {
        const response = await call();
        if (typeof response === 'object' && response !== null && 'status' in response)
          span.setAttribute('http.response.status_code', Number(response.status));
        return response;
      } catch (error) {
        endWith(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
