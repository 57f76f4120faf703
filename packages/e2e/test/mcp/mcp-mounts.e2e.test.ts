import { describe, expect, it } from 'vitest';
import { startIssuer } from '../support/jwks-server.js';
import { MOUNTS } from '../support/mounts.js';
import { createStack } from '../support/stack.js';
import { callTool, connectHttp, firstText, structured } from './support/mcp-clients.js';

describe.each(MOUNTS)('/mcp on the %s mount', (mount) => {
  it('serves the MCP endpoint beside /v1: tools listed, a text converted', async () => {
    const stack = await createStack(mount);
    try {
      const { apiKey } = await stack.newAccount();
      const connected = await connectHttp(stack.url, apiKey);
      try {
        const { tools } = await connected.client.listTools();
        expect(tools.map((tool) => tool.name)).toContain('getCapabilities');
        const { result } = await callTool(connected.client, 'convert', { text: `Served by ${mount}.` });
        expect(firstText(result)).toContain(`Served by ${mount}.`);
      } finally {
        await connected.close();
      }
    } finally {
      await stack.close();
    }
  });
});

describe('MCP over Streamable HTTP: bounded waits and cancelJob', () => {
  it('returns a queued job after wait_seconds with progress, and cancelJob cancels it', async () => {
    const stack = await createStack('node');
    try {
      // No worker: the job stays queued.
      await stack.stopWorker();
      const { apiKey } = await stack.newAccount();
      const connected = await connectHttp(stack.url, apiKey);
      try {
        const { result, progress } = await callTool(connected.client, 'convert', {
          text: 'Nobody works on this.',
          wait_seconds: 2,
        });
        const { job } = structured<{ job: { id: string; status: string } }>(result);
        expect(job.status).toBe('queued');
        expect(progress.length).toBeGreaterThan(1);
        expect(progress[0]).toMatchObject({ progress: 0, total: 100, message: 'queued' });
        const canceled = await callTool(connected.client, 'cancelJob', { job_id: job.id });
        expect(structured(canceled.result)).toMatchObject({ id: job.id, status: 'canceled' });
        const again = await callTool(connected.client, 'wait_for_job', { job_id: job.id });
        expect(structured(again.result)).toMatchObject({ status: 'canceled' });
      } finally {
        await connected.close();
      }
    } finally {
      await stack.close();
    }
  });
});

describe('MCP over Streamable HTTP with OAuth access tokens', () => {
  it("scopes a JWT caller's tool calls to the account of its sub claim", async () => {
    const issuer = await startIssuer();
    const stack = await createStack('node', {
      handler: {
        auth: { jwt: { issuer: issuer.issuer, audience: issuer.audience, jwksUrl: issuer.jwksUrl } },
      },
    });
    try {
      const owner = await stack.newAccount();
      const stranger = await stack.newAccount();
      const connected = await connectHttp(stack.url, await issuer.sign({ sub: owner.accountId }));
      const other = await connectHttp(stack.url, await issuer.sign({ sub: stranger.accountId }));
      try {
        const { result } = await callTool(connected.client, 'convert', { text: 'Signed in with a token.' });
        const jobId = structured<{ job_id: string }>(result).job_id;
        const byKey = await connectHttp(stack.url, owner.apiKey);
        const seen = await callTool(byKey.client, 'getJob', { job_id: jobId });
        await byKey.close();
        expect(structured(seen.result)).toMatchObject({ id: jobId, status: 'succeeded' });
        const hidden = await callTool(other.client, 'getJob', { job_id: jobId });
        expect(structured(hidden.result)).toMatchObject({ code: 'not_found' });
      } finally {
        await connected.close();
        await other.close();
      }
      const expired = await issuer.sign(
        { sub: owner.accountId },
        { expiresIn: Math.floor(Date.now() / 1000) - 60 },
      );
      const refused = await fetch(`${stack.url}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${expired}`, 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ code: 'invalid_token' });
    } finally {
      await stack.close();
      await issuer.close();
    }
  });
});

describe('MCP over Streamable HTTP: a client that drops the stream', () => {
  it('stops its convert call, which cancels the job it created', async () => {
    const stack = await createStack('node');
    try {
      await stack.stopWorker();
      const { apiKey } = await stack.newAccount();
      const controller = new AbortController();
      const response = await fetch(`${stack.url}/mcp`, {
        method: 'POST',
        signal: controller.signal,
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: {
            name: 'convert',
            arguments: { text: 'Dropped halfway.', wait_seconds: 60 },
            _meta: { progressToken: 'p1' },
          },
        }),
      });
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const reader = response.body?.getReader();
      const first = await reader?.read();
      expect(new TextDecoder().decode(first?.value)).toContain('notifications/progress');
      controller.abort();
      const connected = await connectHttp(stack.url, apiKey);
      try {
        let status = '';
        for (let attempt = 0; attempt < 50 && status !== 'canceled'; attempt += 1) {
          const listed = await callTool(connected.client, 'listJobs', { limit: 1 });
          status = structured<{ data: { status: string }[] }>(listed.result).data[0]?.status ?? '';
          if (status !== 'canceled') await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(status).toBe('canceled');
      } finally {
        await connected.close();
      }
    } finally {
      await stack.close();
    }
  });
});
