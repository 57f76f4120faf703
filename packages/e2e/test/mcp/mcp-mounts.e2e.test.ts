import { describe, expect, it } from 'vitest';
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
