import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, subscribeToEvents, type Harness } from './support/harness.js';

describe('setAccountStatus', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('emits billing.account_updated for a change only, not when the status is already set', async () => {
    h = await startHarness({ allowPrivateNetworks: true, workerConcurrency: 0 });
    await subscribeToEvents(h, ['billing.account_updated']);
    const job = await h.service.createJob(h.caller, {
      source: { type: 'text', content: 'Before.' },
      output: { profile: 'raw_source' },
    });
    expect((await h.service.admin.setAccountStatus(h.caller.accountId, 'suspended')).status).toBe(
      'suspended',
    );
    expect((await h.service.admin.setAccountStatus(h.caller.accountId, 'suspended')).status).toBe(
      'suspended',
    );
    await expect(
      h.service.createJob(h.caller, {
        source: { type: 'text', content: 'After.' },
        output: { profile: 'raw_source' },
      }),
    ).rejects.toMatchObject({ code: 'account_suspended' });
    expect((await h.service.getJob(h.caller, job.id)).id).toBe(job.id);
    await h.service.admin.setAccountStatus(h.caller.accountId, 'active');
    const events = await h.store.db
      .selectFrom('events')
      .select('payload')
      .where('account_id', '=', h.caller.accountId)
      .where('type', '=', 'billing.account_updated')
      .orderBy('created_at')
      .execute();
    expect(
      events.map(
        (e) => (JSON.parse(e.payload) as { data: { object: { status: string } } }).data.object.status,
      ),
    ).toEqual(['suspended', 'active']);
  });
});
