import { afterEach, describe, expect, it } from 'vitest';
import { TransmuteError } from '@transmute/contract';
import { SLOW_MEDIA_TYPE } from './support/slow-source.js';
import {
  startHarness,
  subscribeToEvents,
  uploadFile,
  waitFor,
  waitForJob,
  type Harness,
} from './support/harness.js';

const create = (h: Harness, content = 'Some text to convert.') =>
  h.service.createJob(h.caller, { source: { type: 'text', content }, output: { profile: 'raw_source' } });

describe('idempotency, lists, cancellation and concurrency', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('creates exactly one job for five concurrent creates with one key', async () => {
    h = await startHarness({ workerConcurrency: 0 });
    const run = () =>
      h.service
        .runIdempotent(h.caller, { key: 'create-once', fingerprint: 'fp' }, () => create(h))
        .catch((error: unknown) => error);
    const results = await Promise.all([run(), run(), run(), run(), run()]);
    const jobs = await h.service.listJobs(h.caller, { limit: 100 });
    expect(jobs.data).toHaveLength(1);
    for (const result of results) {
      if (result instanceof TransmuteError) expect(result.code).toBe('idempotency_key_in_use');
      else expect(result).toMatchObject({ value: { id: jobs.data[0]?.id } });
    }
    const replay = await h.service.runIdempotent(h.caller, { key: 'create-once', fingerprint: 'fp' }, () =>
      Promise.reject(new Error('must not run')),
    );
    expect(replay).toMatchObject({ replayed: true, value: { id: jobs.data[0]?.id } });
  });

  it('keeps the outcome committed with the side effect when the request dies afterwards', async () => {
    h = await startHarness({ workerConcurrency: 0 });
    let created = '';
    await expect(
      h.service.runIdempotent(h.caller, { key: 'crashy', fingerprint: 'fp' }, async () => {
        created = (await create(h)).id;
        throw new Error('connection lost after commit');
      }),
    ).rejects.toThrow('connection lost');
    const replay = await h.service.runIdempotent(h.caller, { key: 'crashy', fingerprint: 'fp' }, () =>
      Promise.reject(new Error('must not run')),
    );
    expect(replay).toMatchObject({ replayed: true, value: { id: created } });
    expect((await h.service.listJobs(h.caller, { limit: 100 })).data).toHaveLength(1);
  });

  it('pages jobs without duplicates or gaps while jobs are inserted, and filters by status', async () => {
    h = await startHarness({ workerConcurrency: 0 });
    const initial = [];
    for (let i = 0; i < 25; i += 1) initial.push((await create(h)).id);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await h.service.listJobs(h.caller, {
        limit: 7,
        ...(cursor === undefined ? {} : { cursor }),
      });
      seen.push(...page.data.map((j) => j.id));
      await create(h);
      if (page.page.next_cursor === null) {
        expect(page.page.has_more).toBe(false);
        break;
      }
      cursor = page.page.next_cursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...initial].reverse());
    await h.service.cancelJob(h.caller, initial[0] ?? '');
    const canceled = await h.service.listJobs(h.caller, { limit: 10, status: 'canceled' });
    expect(canceled.data.map((j) => j.id)).toEqual([initial[0]]);
    const first = await h.service.listJobs(h.caller, { limit: 2 });
    await expect(
      h.service.listJobs(h.caller, { limit: 2, status: 'queued', cursor: first.page.next_cursor ?? '' }),
    ).rejects.toMatchObject({ code: 'invalid_cursor' });
    await expect(
      h.service.listJobs(h.caller, { limit: 2, cursor: `${first.page.next_cursor ?? ''}x` }),
    ).rejects.toMatchObject({ code: 'invalid_cursor' });
  });

  it('cancels a processing job cooperatively: canceling, then canceled', async () => {
    h = await startHarness({ allowPrivateNetworks: true });
    await subscribeToEvents(h, ['job.canceled']);
    const file = await uploadFile(h, 'sleep=20000\n\nslow text', SLOW_MEDIA_TYPE, 'slow.bin');
    const job = await h.service.createJob(h.caller, {
      source: { type: 'files', file_ids: [file.id] },
      output: { profile: 'raw_source' },
    });
    await waitForJob(h, job.id, ['processing']);
    const cancel = await h.service.cancelJob(h.caller, job.id);
    expect(cancel).toMatchObject({ changed: true, job: { status: 'canceling' } });
    expect(await h.service.cancelJob(h.caller, job.id)).toMatchObject({ changed: false });
    const done = await waitForJob(h, job.id, ['canceled', 'succeeded', 'failed']);
    expect(done.status).toBe('canceled');
    expect(done.progress.stage).toBeNull();
    const output = await h.service.getOutput(h.caller, job.output_ids[0] ?? '');
    expect(output).toMatchObject({ status: 'failed', warnings: [expect.stringMatching(/^job_canceled: /)] });
    const types = (await h.store.db.selectFrom('events').select('type').execute()).map((e) => e.type);
    expect(types.filter((t) => t === 'job.canceled')).toHaveLength(1);
    await h.service.sweep();
    const checkpoints = await h.store.db
      .selectFrom('job_checkpoints')
      .selectAll()
      .where('job_id', '=', job.id)
      .execute();
    expect(checkpoints).toEqual([]);
  });

  it('renders an output added while the job runs, after the first output ends the job', async () => {
    h = await startHarness();
    const file = await uploadFile(h, 'sleep=1500\n\nslow text', SLOW_MEDIA_TYPE, 'slow.bin');
    const job = await h.service.createJob(h.caller, {
      source: { type: 'files', file_ids: [file.id] },
      output: { profile: 'raw_source' },
    });
    await waitForJob(h, job.id, ['processing']);
    // Queued while the run prepares: the first output's commit ends the job and must keep the lease.
    const added = await h.service.createJobOutput(h.caller, job.id, { output: { profile: 'raw_source' } });
    expect(added.status).toBe('queued');
    expect((await waitForJob(h, job.id, ['succeeded', 'failed'])).status).toBe('succeeded');
    const rendered = await waitFor(async () => {
      const output = await h.service.getOutput(h.caller, added.id);
      return output.status === 'queued' || output.status === 'processing' ? undefined : output;
    });
    expect(rendered.status).toBe('succeeded');
    const row = await h.store.db
      .selectFrom('jobs')
      .select(['locked_by', 'work_pending'])
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ locked_by: null, work_pending: 0 });
  });

  it('stops a job that ignores cancellation by force after the grace period', async () => {
    h = await startHarness({ cancelGraceMs: 500 });
    const file = await uploadFile(h, 'sleep=8000 ignore_abort=1\n\ntext', SLOW_MEDIA_TYPE, 'stubborn.bin');
    const job = await h.service.createJob(h.caller, {
      source: { type: 'files', file_ids: [file.id] },
      output: { profile: 'raw_source' },
    });
    await waitForJob(h, job.id, ['processing']);
    await h.service.cancelJob(h.caller, job.id);
    const done = await waitForJob(h, job.id, ['canceled', 'succeeded', 'failed'], 5000);
    expect(done.status).toBe('canceled');
  });

  it('keeps an account within its plan concurrency; the rest wait queued', async () => {
    h = await startHarness({ workerConcurrency: 3 });
    await h.service.admin.setPlan(h.caller.accountId, 'free');
    const file = await uploadFile(h, 'sleep=1500\n\nslow text', SLOW_MEDIA_TYPE, 'slow.bin');
    const source = { type: 'files' as const, file_ids: [file.id] };
    const a = await h.service.createJob(h.caller, { source, output: { profile: 'raw_source' } });
    const b = await h.service.createJob(h.caller, { source, output: { profile: 'raw_source' } });
    await waitFor(async () => {
      const jobs = await h.service.listJobs(h.caller, { limit: 10, status: 'processing' });
      return jobs.data.length > 0 ? jobs : undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const states = [
      (await h.service.getJob(h.caller, a.id)).status,
      (await h.service.getJob(h.caller, b.id)).status,
    ];
    expect(states.sort()).toEqual(['processing', 'queued']);
    expect((await waitForJob(h, b.id, ['succeeded'])).status).toBe('succeeded');
  });

  it('isolates accounts: another account sees not_found everywhere', async () => {
    h = await startHarness();
    const job = await create(h);
    await waitForJob(h, job.id, ['succeeded']);
    const { account } = await h.service.admin.createAccount();
    const other = { accountId: account.id, requestId: 'req_other' };
    const outputId = job.output_ids[0] ?? '';
    for (const attempt of [
      () => h.service.getJob(other, job.id),
      () => h.service.cancelJob(other, job.id),
      () => h.service.deleteJob(other, job.id),
      () => h.service.getOutput(other, outputId),
      () => h.service.getOutputContent(other, outputId, {}),
      () => h.service.listJobOutputs(other, job.id, { limit: 10 }),
      () => h.service.createJobOutput(other, job.id, { output: { profile: 'raw_source' } }),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: 'not_found' });
    }
    expect((await h.service.listJobs(other, { limit: 10 })).data).toEqual([]);
    const cursor = (await h.service.listJobs(h.caller, { limit: 1 })).page.next_cursor;
    expect(cursor).toBeNull();
  });

  it('refuses mutations of a suspended account but still serves reads', async () => {
    h = await startHarness({ workerConcurrency: 0 });
    const job = await create(h);
    await h.service.admin.setAccountStatus(h.caller.accountId, 'suspended');
    await expect(create(h)).rejects.toMatchObject({ code: 'account_suspended' });
    await expect(h.service.cancelJob(h.caller, job.id)).rejects.toMatchObject({ code: 'account_suspended' });
    expect((await h.service.getJob(h.caller, job.id)).id).toBe(job.id);
    expect((await h.service.getUsage(h.caller)).account_status).toBe('suspended');
  });
});

describe('graceful shutdown', () => {
  it('lets a running job finish within the grace period', async () => {
    const h = await startHarness({ shutdownGraceMs: 10_000 });
    const file = await uploadFile(h, 'sleep=1000\n\nslow text', SLOW_MEDIA_TYPE, 'slow.bin');
    const job = await h.service.createJob(h.caller, {
      source: { type: 'files', file_ids: [file.id] },
      output: { profile: 'raw_source' },
    });
    await waitForJob(h, job.id, ['processing']);
    await h.close(true);
    const restarted = await startHarness({ workerConcurrency: 0 }, { dir: h.dir });
    const row = await restarted.store.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('succeeded');
    await restarted.close();
  });

  it('releases a job still running after the grace period; the next process completes it', async () => {
    const h = await startHarness({ shutdownGraceMs: 200 });
    const file = await uploadFile(h, 'sleep=4000\n\nslow text', SLOW_MEDIA_TYPE, 'slow.bin');
    const job = await h.service.createJob(h.caller, {
      source: { type: 'files', file_ids: [file.id] },
      output: { profile: 'raw_source' },
    });
    await waitForJob(h, job.id, ['processing']);
    await h.close(true);
    const restarted = await startHarness({}, { dir: h.dir });
    const released = await restarted.store.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(released.status).toBe('processing');
    const done = await waitFor(async () => {
      const row = await restarted.store.db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', job.id)
        .executeTakeFirstOrThrow();
      return row.status === 'processing' ? undefined : row;
    });
    expect(done.status).toBe('succeeded');
    await restarted.close();
  });
});
