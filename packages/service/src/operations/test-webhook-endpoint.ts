import type { EventEnvelope, EventType, WebhookDelivery } from '@transmute/contract';
import type { Caller } from '../kernel/service-types.js';
import { assertMutable, loadAccount } from '../tables/accounts.js';
import { parseJson, type CoreContext } from '../kernel/context.js';
import { insertDelivery, newDeliveryRow } from '../tables/delivery-row.js';
import { insertEvent } from '../tables/events.js';
import { newId, randomBase62 } from '../kernel/ids.js';
import { rememberInTransaction } from '../tables/idempotency.js';
import { toFileResource, toJob, toOutput, toWebhookDelivery } from '../tables/resources.js';
import { computeUsage } from '../billing/usage.js';
import { loadEndpoint } from './webhook-endpoints.js';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';

async function sampleObject(
  ctx: CoreContext,
  trx: Kysely<Database>,
  accountId: string,
  type: EventType,
): Promise<unknown> {
  const now = ctx.nowIso();
  const id = (prefix: string): string => `${prefix}_test${randomBase62(20)}`;
  const common = { account_id: accountId, created_at: now, updated_at: now };
  switch (type) {
    case 'job.queued':
    case 'job.processing':
    case 'job.succeeded':
    case 'job.failed':
    case 'job.canceled': {
      const status = type.slice(4);
      return toJob(
        {
          ...common,
          id: id('job'),
          status,
          source_type: 'text',
          stage: null,
          percent: status === 'succeeded' ? 100 : 0,
          detail: null,
          warnings_json: '[]',
          usage_estimate_json: JSON.stringify({
            quantities: [{ unit: 'jobs', quantity: 1 }],
            estimated_cost_microusd: 0,
            currency: 'USD',
            confidence: 'high',
          }),
          expires_at: null,
        },
        [id('out')],
      );
    }
    case 'output.created':
      return toOutput(
        ctx,
        {
          ...common,
          id: id('out'),
          job_id: id('job'),
          position: 0,
          status: 'queued',
          profile: 'raw_source',
          format: 'markdown',
          language: 'en',
          include_raw_source: 0,
          warnings_json: '[]',
          completed_at: null,
        },
        [],
      );
    case 'file.rejected':
      return toFileResource({
        ...common,
        id: id('file'),
        name: 'example.pdf',
        media_type: 'application/pdf',
        size_bytes: 1,
        sha256: '0'.repeat(64),
        status: 'rejected',
        warnings_json: JSON.stringify([
          'media_type_mismatch: The file content does not match the declared media type.',
        ]),
        blob_key: null,
        received_size: null,
        received_sha256: null,
        upload_expires_at: now,
        expires_at: null,
      });
    case 'quota.warning':
    case 'quota.exceeded':
    case 'billing.usage_finalized':
    case 'billing.invoice_created':
    case 'billing.credit_created':
    case 'billing.refund_created':
    case 'billing.account_updated':
      return computeUsage(ctx, trx, await loadAccount(trx, accountId));
  }
}

/** testWebhookEndpoint: a `pending` delivery of a synthetic event (`"test": true`) of the first subscribed type. */
export async function testWebhookEndpoint(
  ctx: CoreContext,
  caller: Caller,
  endpointId: string,
): Promise<WebhookDelivery> {
  const delivery = await ctx.store.transaction(async (trx) => {
    await assertMutable(trx, caller.accountId);
    const endpoint = await loadEndpoint(trx, caller.accountId, endpointId);
    const type = parseJson<EventType[]>(endpoint.events_json, [])[0] ?? 'job.succeeded';
    const now = ctx.nowIso();
    const eventId = newId('evt');
    const envelope: EventEnvelope = {
      id: eventId,
      type,
      timestamp: now,
      api_version: 'v1',
      data: { object: await sampleObject(ctx, trx, caller.accountId, type) },
      test: true,
    };
    await insertEvent(trx, caller.accountId, envelope);
    const row = newDeliveryRow({
      accountId: caller.accountId,
      endpointId,
      eventId,
      eventType: type,
      now,
      isTest: true,
    });
    await insertDelivery(trx, row);
    const queued = toWebhookDelivery(row);
    await rememberInTransaction(trx, queued);
    return queued;
  });
  return delivery;
}
