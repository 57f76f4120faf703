import { afterEach, describe, expect, it } from 'vitest';
import { sha256, startHarness, subscribeToEvents, waitForJob, type Harness } from './support/harness.js';

const create = (h: Harness, content = 'Some text to convert.', retention?: 'ephemeral') =>
  h.service.createJob(h.caller, {
    source: { type: 'text', content },
    output: { profile: 'raw_source' },
    ...(retention === undefined ? {} : { retention: { class: retention } }),
  });

async function eventTypes(h: Harness): Promise<string[]> {
  const rows = await h.store.db
    .selectFrom('events')
    .select('type')
    .where('account_id', '=', h.caller.accountId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.type);
}

describe('usage, quotas, billing, capabilities, keys and retention', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('enforces the period job limit with quota.warning once and quota.exceeded', async () => {
    h = await startHarness({ allowPrivateNetworks: true, workerConcurrency: 0 });
    await subscribeToEvents(h);
    await h.service.admin.setPlan(h.caller.accountId, 'enterprise', { jobs: 3 });
    for (let i = 0; i < 3; i += 1) await create(h);
    await expect(create(h)).rejects.toMatchObject({ code: 'quota_exceeded' });
    const types = await eventTypes(h);
    expect(types.filter((t) => t === 'quota.warning')).toHaveLength(1);
    expect(types.filter((t) => t === 'quota.exceeded')).toHaveLength(1);
    expect(types.filter((t) => t === 'job.queued')).toHaveLength(3);
    const usage = await h.service.getUsage(h.caller);
    expect(usage).toMatchObject({ jobs_created: 3, plan: 'enterprise', limits: { jobs: 3 } });
    expect(usage.warnings.length).toBeGreaterThan(0);
  });

  it('enforces the spend cap from usage estimates', async () => {
    h = await startHarness({ workerConcurrency: 0 });
    await h.service.admin.setPlan(h.caller.accountId, 'metered_beta', { spendCapMicrousd: 1500 });
    const job = await create(h);
    expect(job.usage_estimate?.estimated_cost_microusd).toBeGreaterThanOrEqual(1000);
    await expect(create(h)).rejects.toMatchObject({ code: 'quota_exceeded' });
  });

  it('meters finalized usage and applies credits, refunds, invoices and period close', async () => {
    h = await startHarness({ allowPrivateNetworks: true });
    await subscribeToEvents(h);
    const job = await create(h, 'Metered text content. '.repeat(50));
    await waitForJob(h, job.id, ['succeeded']);
    const before = await h.service.getUsage(h.caller);
    const jobs = before.units.find((u) => u.unit === 'jobs');
    expect(jobs).toMatchObject({ estimated: 1, finalized: 1, pending: 0, credited: 0, billable: 1 });
    expect(before.units.find((u) => u.unit === 'input_bytes')?.finalized).toBe(1100);
    expect(before.costs.billable_cost_microusd).toBeGreaterThan(0);
    await h.service.admin.createCredit(h.caller.accountId, { unit: 'jobs', quantity: 1, reason: 'goodwill' });
    await h.service.admin.createCredit(h.caller.accountId, { amountMicrousd: 10 });
    await h.service.admin.createRefund(h.caller.accountId, { amountMicrousd: 5 });
    const after = await h.service.getUsage(h.caller);
    expect(after.units.find((u) => u.unit === 'jobs')).toMatchObject({ credited: 1, billable: 0 });
    expect(after.costs).toMatchObject({ credits_microusd: 10, refunds_microusd: 5 });
    expect(after.costs.net_due_microusd).toBe(Math.max(0, after.costs.billable_cost_microusd - 15));
    const invoice = await h.service.admin.createInvoice(h.caller.accountId);
    expect(invoice).toMatchObject({
      object: 'invoice',
      amount_microusd: after.costs.net_due_microusd,
      currency: 'USD',
    });
    const closed = await h.service.admin.closeBillingPeriod(h.caller.accountId);
    expect(closed.period_start).toBe(after.period_start);
    await h.service.admin.setAccountStatus(h.caller.accountId, 'grace');
    const types = await eventTypes(h);
    for (const type of [
      'billing.credit_created',
      'billing.refund_created',
      'billing.invoice_created',
      'billing.usage_finalized',
      'billing.account_updated',
    ]) {
      expect(types).toContain(type);
    }
  });

  it('reports capabilities from the registered plugins', async () => {
    h = await startHarness({ workerConcurrency: 0 });
    const capabilities = await h.service.getCapabilities(h.caller);
    expect(capabilities).toMatchObject({
      api_version: 'v1',
      source_types: ['text', 'url', 'files'],
      limits: { maximum_file_bytes: 104857600, maximum_files_per_job: 20, maximum_text_characters: 2000000 },
    });
    expect(capabilities.output_formats).toEqual(expect.arrayContaining(['markdown', 'jsonl', 'zip']));
    // Beyond the spec (additive): a sentence per profile, every profile described (issue 28, point 4).
    expect(Object.keys(capabilities.output_profile_descriptions ?? {})).toEqual(capabilities.output_profiles);
    for (const purpose of Object.values(capabilities.output_profile_descriptions ?? {})) {
      expect(purpose.length).toBeGreaterThan(20);
    }
    expect(capabilities.plugins.find((p) => p.id === 'renderer.dataset_artifacts')?.status).toBe(
      'general_availability',
    );
    expect(capabilities.file_media_types).toContain('text/plain');
  });

  it('authenticates API keys by hash and refuses revoked or malformed ones', async () => {
    h = await startHarness({ workerConcurrency: 0 });
    const { account, apiKey, keyId } = await h.service.admin.createAccount({ plan: 'team' });
    expect(apiKey).toMatch(/^tmk_[A-Za-z0-9]{40}$/);
    expect((await h.service.authenticateApiKey(apiKey))?.id).toBe(account.id);
    const rows = await h.store.db
      .selectFrom('api_keys')
      .selectAll()
      .where('account_id', '=', account.id)
      .execute();
    expect(JSON.stringify(rows)).not.toContain(apiKey);
    expect(await h.service.authenticateApiKey(`${apiKey}x`)).toBeNull();
    expect(await h.service.authenticateApiKey('tmk_short')).toBeNull();
    const second = await h.service.admin.createApiKey(account.id);
    expect(await h.service.admin.revokeApiKey(keyId)).toBe(true);
    expect(await h.service.authenticateApiKey(apiKey)).toBeNull();
    expect((await h.service.authenticateApiKey(second.apiKey))?.id).toBe(account.id);
    expect(await h.service.admin.revokeApiKey(second.apiKey)).toBe(true);
    expect(await h.service.authenticateApiKey(second.apiKey)).toBeNull();
  });

  it('expires ended jobs, their outputs and lapsed upload intents on the retention sweep', async () => {
    let now = Date.now();
    h = await startHarness({ now: () => new Date(now) });
    const job = await create(h, 'Ephemeral content.', 'ephemeral');
    const done = await waitForJob(h, job.id, ['succeeded']);
    expect(Date.parse(done.expires_at ?? '') - Date.parse(done.updated_at)).toBe(3_600_000);
    const output = await h.service.getOutput(h.caller, job.output_ids[0] ?? '');
    const token = (output.manifest?.files[0]?.download_url ?? '').split('/artifacts/')[1] ?? '';
    const intent = await h.service.createUploadIntent(h.caller, {
      name: 'a.txt',
      media_type: 'text/plain',
      size_bytes: 3,
      sha256: sha256('abc'),
    });
    now += 2 * 3_600_000;
    await h.service.sweep();
    const expired = await h.service.getJob(h.caller, job.id);
    expect(expired.status).toBe('expired');
    // The inline text is content too: only the source type stays.
    const row = await h.store.db
      .selectFrom('jobs')
      .select('source_json')
      .where('id', '=', job.id)
      .executeTakeFirst();
    expect(JSON.parse(row?.source_json ?? '')).toEqual({ type: 'text', removed: true });
    expect((await h.service.getOutput(h.caller, job.output_ids[0] ?? '')).status).toBe('expired');
    await expect(h.service.getOutputContent(h.caller, job.output_ids[0] ?? '', {})).rejects.toMatchObject({
      code: 'output_not_ready',
    });
    await expect(h.service.openArtifact(token)).rejects.toMatchObject({ code: 'not_found' });
    expect((await h.service.getFile(h.caller, intent.file_id)).status).toBe('expired');
    await expect(
      h.service.completeFileUpload(h.caller, intent.file_id, { size_bytes: 3, sha256: sha256('abc') }),
    ).rejects.toMatchObject({
      code: 'upload_expired',
    });
    await h.service.deleteJob(h.caller, job.id);
  });
});
