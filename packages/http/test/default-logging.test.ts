import { afterEach, describe, expect, it, vi } from 'vitest';
import { startHarness, type Harness } from '../../service/test/support/harness.js';
import { captureConsole } from '../../service/test/support/capture-console.js';
import { createFetchHandler } from '../src/index.js';

// Issue 27: the library prints nothing to an embedding program's console below warnings, neither
// the handler (its access line goes to a logger's `info`, and the default logger has none) nor the
// service under it (`[transmute] job run ended`); `transmute serve` passes loggers that print them.

describe('the handler with its default logger', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await h?.close();
    h = undefined;
  });

  it('prints nothing while it serves requests and their jobs run to the end', async () => {
    const { printed, stderrWrites: writes } = captureConsole();
    h = await startHarness();
    const { apiKey } = await h.service.admin.createAccount({ plan: 'developer' });
    const handler = createFetchHandler({ service: h.service });
    const headers = { authorization: `Bearer ${apiKey}` };
    const created = await handler(
      new Request('http://localhost/v1/jobs', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': 'quiet-1' },
        body: JSON.stringify({
          source: { type: 'text', content: 'Quiet.' },
          output: { profile: 'raw_source' },
        }),
      }),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    let status = 'queued';
    for (let i = 0; i < 400 && status !== 'succeeded' && status !== 'failed'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const read = await handler(new Request(`http://localhost/v1/jobs/${id}`, { headers }));
      status = ((await read.json()) as { status: string }).status;
    }
    expect(status).toBe('succeeded');
    // Refusals are answers, not errors to log.
    expect((await handler(new Request('http://localhost/v1/nowhere', { headers }))).status).toBe(404);
    expect((await handler(new Request('http://localhost/v1/jobs'))).status).toBe(401);
    expect(printed).toEqual([]);
    expect(writes).not.toHaveBeenCalled();
  });
});
