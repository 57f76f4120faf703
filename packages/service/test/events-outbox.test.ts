import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, subscribeToEvents, waitForJob, type Harness } from './support/harness.js';

// `events` holds only the envelopes a delivery carries (events.ts): the dispatcher is its only
// reader, and an endpoint created later never receives earlier events.

const createJob = (h: Harness) =>
  h.service.createJob(h.caller, {
    source: { type: 'text', content: 'Outbox text.' },
    output: { profile: 'raw_source' },
  });

const storedEvents = (h: Harness) =>
  h.store.db
    .selectFrom('events')
    .select(['id', 'type'])
    .where('account_id', '=', h.caller.accountId)
    .orderBy('type')
    .execute();

describe('the webhook outbox', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('writes no events row for a job’s whole life when the account has no endpoint', async () => {
    h = await startHarness();
    const job = await createJob(h);
    await waitForJob(h, job.id, ['succeeded']);
    expect(await storedEvents(h)).toEqual([]);
    expect(await h.store.db.selectFrom('webhook_deliveries').select('id').execute()).toEqual([]);
  });

  it('writes a row only for the types an endpoint subscribes to, each with its delivery', async () => {
    h = await startHarness({ allowPrivateNetworks: true });
    await subscribeToEvents(h, ['job.queued', 'job.succeeded']);
    const job = await createJob(h);
    await waitForJob(h, job.id, ['succeeded']);
    const events = await storedEvents(h);
    expect(events.map((event) => event.type)).toEqual(['job.queued', 'job.succeeded']);
    const deliveries = await h.store.db
      .selectFrom('webhook_deliveries')
      .select(['event_id', 'event_type'])
      .where('account_id', '=', h.caller.accountId)
      .orderBy('event_type')
      .execute();
    expect(deliveries).toEqual(events.map((event) => ({ event_id: event.id, event_type: event.type })));
  });
});
