import { SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { isTransmuteError } from '@transmute/contract';
import type { PluginManifest } from '@transmute/plugin-sdk';

/** The engine's spans share the service's tracer name (`@opentelemetry/api`: no-op without an SDK). */
const tracer = () => trace.getTracer('transmute');

function endWith(span: Span, error: unknown): void {
  span.setStatus({ code: SpanStatusCode.ERROR });
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
  return tracer().startActiveSpan('transmute.fetch', { kind: SpanKind.CLIENT, attributes }, async (span) => {
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
  });
}
