import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_OPERATIONS } from '@transmute/contract/operations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type CallInput, type TransmuteClient } from '../src/index.js';

// `client.call(operationId, input)` reaches each operation of the contract's table by its id, with
// the path parameters, query and body by name, and answers with the parsed body; its requests are
// those of the positional methods, over a real loopback server.

interface Seen {
  method: string;
  url: string;
  idempotent: boolean;
  body: string;
}

describe('client.call by operation id', () => {
  const seen: Seen[] = [];
  let server: Server;
  let client: TransmuteClient;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        seen.push({
          method: request.method ?? '',
          url: request.url ?? '',
          idempotent: request.headers['idempotency-key'] !== undefined,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ echoed: request.url }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    client = createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'tmk_test', maxRetries: 0 });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it.each(API_OPERATIONS)('sends $operationId to its method and path', async (operation) => {
    seen.length = 0;
    const path = Object.fromEntries(operation.pathParams.map((name) => [name, `${name}/value`]));
    const query = operation.query === 'none' ? {} : { cursor: 'c1' };
    const body = operation.requestBody === null ? undefined : { marker: operation.operationId };
    const input = { path, query, body } as CallInput<typeof operation.operationId>;
    const answer = await client.call(operation.operationId, input);
    const expectedPath = operation.path.replace(
      /\{([a-z_]+)\}/g,
      (_match, name: string) => `${name}%2Fvalue`,
    );
    expect(seen).toEqual([
      {
        method: operation.method,
        url: operation.query === 'none' ? expectedPath : `${expectedPath}?cursor=c1`,
        idempotent: operation.idempotencyKey !== 'none',
        body: body === undefined ? '' : JSON.stringify(body),
      },
    ]);
    expect(answer).toEqual({ echoed: seen[0]?.url });
  });

  it('sends what the positional method sends', async () => {
    seen.length = 0;
    await client.listJobOutputs('job_0123456789ab', { limit: 5 });
    await client.call('listJobOutputs', { path: { job_id: 'job_0123456789ab' }, query: { limit: 5 } });
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual(seen[0]);
  });

  it('refuses a missing path parameter before sending anything', async () => {
    seen.length = 0;
    const input = { path: {} } as CallInput<'getJob'>;
    await expect(client.call('getJob', input)).rejects.toThrow('Missing path parameter job_id.');
    expect(seen).toEqual([]);
  });
});
