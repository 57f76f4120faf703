import { createClient } from '@transmute/client';
import { QUERY_KINDS } from '@transmute/contract';
import { API_OPERATIONS } from '@transmute/contract/operations';
import { describe, expect, it } from 'vitest';
import { createClientApiCaller } from './api-caller.js';

interface Sent {
  method: string;
  url: URL;
  body: string | null;
}

/** A client whose `fetch` records each request and answers `{}` (the network, not our code, is replaced). */
function recordingClient(): { sent: Sent[]; api: ReturnType<typeof createClientApiCaller> } {
  const sent: Sent[] = [];
  const client = createClient({
    baseUrl: 'http://transmute.test',
    apiKey: 'tmk_test',
    maxRetries: 0,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      sent.push({
        method: request.method,
        url: new URL(request.url),
        body: init?.body === undefined ? null : await request.text(),
      });
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  return { sent, api: createClientApiCaller(client) };
}

describe('createClientApiCaller', () => {
  it.each(API_OPERATIONS)(
    'sends $operationId to its method and path with its query and body',
    async (operation) => {
      const { sent, api } = recordingClient();
      const path = Object.fromEntries(operation.pathParams.map((name) => [name, `${name}-value`]));
      const query =
        operation.query === 'none' ? {} : { limit: QUERY_KINDS[operation.query].limit.min, cursor: 'c1' };
      const body = operation.requestBody === null ? undefined : { marker: operation.operationId };
      await api.call(operation.operationId, { path, query, ...(body === undefined ? {} : { body }) });
      expect(sent).toHaveLength(1);
      const [request] = sent;
      expect(request?.method).toBe(operation.method);
      const expectedPath = operation.path.replace(
        /\{([a-z_]+)\}/g,
        (_match, name: string) => `${name}-value`,
      );
      expect(request?.url.pathname).toBe(expectedPath);
      expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual(
        Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
      );
      expect(
        request?.body === null || request?.body === '' ? undefined : JSON.parse(request?.body ?? ''),
      ).toEqual(body);
    },
  );
});
