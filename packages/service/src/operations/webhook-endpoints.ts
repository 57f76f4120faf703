import {
  TransmuteError,
  type CreateWebhookEndpointRequest,
  type RotatedWebhookEndpoint,
  type UpdateWebhookEndpointRequest,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEndpointList,
  type WebhookEndpointWithSecret,
} from '@transmute/contract';
import { checkUrlAllowed } from '../kernel/engine.js';
import type { Kysely } from 'kysely';
import type { Caller, ListParams } from '../kernel/service-types.js';
import { assertMutable } from '../tables/accounts.js';
import { addMs, type CoreContext } from '../kernel/context.js';
import { fetchNewestFirst, toPage, type CursorScope } from './cursor.js';
import { CHANNELS } from '../storage/channels.js';
import { wakeOnCommit } from '../storage/wake-on-commit.js';
import { endEndpointDeliveries, queueWebhookReplay } from '../webhooks/dispatch-control.js';
import { newId } from '../kernel/ids.js';
import { rememberInTransaction } from '../tables/idempotency.js';
import {
  changeEndpoint,
  insertEndpoint,
  markEndpointDeleted,
  type EndpointChange,
} from '../tables/endpoint-row.js';
import { toWebhookDelivery, toWebhookEndpoint } from '../tables/resources.js';
import type { Database, WebhookEndpointsTable } from '../storage/schema.js';
import { encryptSecret, newWebhookSecret } from '../kernel/secrets.js';
import { PRIVATE_NETWORKS_HINT } from './private-networks-hint.js';

const PREVIOUS_SECRET_MS = 24 * 3_600_000;

async function checkTarget(ctx: CoreContext, url: string): Promise<void> {
  const allowPrivate = ctx.config.allowPrivateNetworks === true;
  const refuse = (detail: string): TransmuteError =>
    new TransmuteError('validation_failed', detail, {
      fieldErrors: [{ field: 'url', code: 'url_not_allowed', detail }],
    });
  if (!url.startsWith('https://') && !(allowPrivate && url.startsWith('http://'))) {
    throw refuse(`Webhook endpoints must use https.${allowPrivate ? '' : PRIVATE_NETWORKS_HINT}`);
  }
  const check = await checkUrlAllowed(url, { allowPrivateNetworks: allowPrivate });
  if (!check.ok) throw refuse(`${check.reason}${allowPrivate ? '' : PRIVATE_NETWORKS_HINT}`);
}

/** Loads a live endpoint of the account; `not_found` otherwise (also once deleted). */
export async function loadEndpoint(
  db: Kysely<Database>,
  accountId: string,
  endpointId: string,
): Promise<WebhookEndpointsTable> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', endpointId)
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (row === undefined) throw new TransmuteError('not_found', 'No such webhook endpoint.');
  return row;
}

/** createWebhookEndpoint: the endpoint plus its secret, shown this once. */
export async function createWebhookEndpoint(
  ctx: CoreContext,
  caller: Caller,
  body: CreateWebhookEndpointRequest,
): Promise<WebhookEndpointWithSecret> {
  await assertMutable(ctx.store.db, caller.accountId);
  await checkTarget(ctx, body.url);
  const now = ctx.nowIso();
  const secret = newWebhookSecret();
  const row: WebhookEndpointsTable = {
    id: newId('wh'),
    account_id: caller.accountId,
    url: body.url,
    description: body.description ?? '',
    events_json: JSON.stringify(body.events),
    status: 'active',
    secret_ciphertext: encryptSecret(secret, ctx.config.masterKey),
    secret_last_four: secret.slice(-4),
    previous_secret_ciphertext: null,
    previous_secret_expires_at: null,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  const created = { ...toWebhookEndpoint(row), secret };
  await ctx.store.transaction(async (trx) => {
    await assertMutable(trx, caller.accountId);
    await insertEndpoint(trx, row);
    await rememberInTransaction(trx, created);
  });
  return created;
}

/** listWebhookEndpoints: newest first. */
export async function listWebhookEndpoints(
  ctx: CoreContext,
  caller: Caller,
  params: ListParams,
): Promise<WebhookEndpointList> {
  const scope: CursorScope = { operation: 'listWebhookEndpoints', accountId: caller.accountId, filters: {} };
  const query = ctx.store.db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('account_id', '=', caller.accountId)
    .where('deleted_at', 'is', null);
  const rows = await fetchNewestFirst(ctx, scope, query, params);
  return toPage(ctx, scope, rows, params.limit, toWebhookEndpoint);
}

/**
 * Changes one endpoint in a transaction and answers `present(row)`; under an Idempotency-Key the
 * answer is remembered in that same transaction (a crash after the commit replays, never rotates twice).
 */
async function mutate<T>(
  ctx: CoreContext,
  caller: Caller,
  endpointId: string,
  change: (row: WebhookEndpointsTable, now: string) => EndpointChange | null,
  present: (row: WebhookEndpointsTable) => T,
): Promise<T> {
  const result = await ctx.store.transaction(async (trx) => {
    await assertMutable(trx, caller.accountId);
    const row = await loadEndpoint(trx, caller.accountId, endpointId);
    const now = ctx.nowIso();
    const values = change(row, now);
    if (values !== null) {
      await changeEndpoint(trx, endpointId, values);
      // A resumed endpoint's held deliveries are due again.
      wakeOnCommit(trx, CHANNELS.webhooks);
    }
    const answer = present(values === null ? row : { ...row, ...values });
    await rememberInTransaction(trx, answer);
    return answer;
  });
  return result;
}

/** updateWebhookEndpoint: any non-empty subset of url, description, events. */
export async function updateWebhookEndpoint(
  ctx: CoreContext,
  caller: Caller,
  endpointId: string,
  body: UpdateWebhookEndpointRequest,
): Promise<WebhookEndpoint> {
  await loadEndpoint(ctx.store.db, caller.accountId, endpointId);
  if (body.url !== undefined) await checkTarget(ctx, body.url);
  return mutate(
    ctx,
    caller,
    endpointId,
    (_row, now) => ({
      ...(body.url === undefined ? {} : { url: body.url }),
      ...(body.description === undefined ? {} : { description: body.description }),
      ...(body.events === undefined ? {} : { events_json: JSON.stringify(body.events) }),
      updated_at: now,
    }),
    toWebhookEndpoint,
  );
}

/** Puts an endpoint in `status`; an endpoint already in it is answered unchanged, with no write. */
function setEndpointStatus(
  ctx: CoreContext,
  caller: Caller,
  endpointId: string,
  status: 'paused' | 'active',
): Promise<WebhookEndpoint> {
  return mutate(
    ctx,
    caller,
    endpointId,
    (current, now) => (current.status === status ? null : { status, updated_at: now }),
    toWebhookEndpoint,
  );
}

/** pauseWebhookEndpoint (200, unchanged when already paused). */
export async function pauseWebhookEndpoint(
  ctx: CoreContext,
  caller: Caller,
  endpointId: string,
): Promise<WebhookEndpoint> {
  return setEndpointStatus(ctx, caller, endpointId, 'paused');
}

/** resumeWebhookEndpoint (200, unchanged when already active); held deliveries go out oldest first. */
export async function resumeWebhookEndpoint(
  ctx: CoreContext,
  caller: Caller,
  endpointId: string,
): Promise<WebhookEndpoint> {
  return setEndpointStatus(ctx, caller, endpointId, 'active');
}

/** rotateWebhookEndpointSecret: the previous secret signs 24 h more; a second rotation inside that window drops it. */
export async function rotateWebhookEndpointSecret(
  ctx: CoreContext,
  caller: Caller,
  endpointId: string,
): Promise<RotatedWebhookEndpoint> {
  const secret = newWebhookSecret();
  return mutate(
    ctx,
    caller,
    endpointId,
    (current, now) => {
      const inWindow =
        current.previous_secret_expires_at !== null && current.previous_secret_expires_at > now;
      return {
        secret_ciphertext: encryptSecret(secret, ctx.config.masterKey),
        secret_last_four: secret.slice(-4),
        previous_secret_ciphertext: inWindow ? null : current.secret_ciphertext,
        previous_secret_expires_at: inWindow ? null : addMs(now, PREVIOUS_SECRET_MS),
        updated_at: now,
      };
    },
    (row) => ({
      ...toWebhookEndpoint(row),
      secret,
      previous_secret_expires_at: row.previous_secret_expires_at,
    }),
  );
}

/** deleteWebhookEndpoint: gone from the API; its pending deliveries end (`endpoint_deleted`). */
export async function deleteWebhookEndpoint(
  ctx: CoreContext,
  caller: Caller,
  endpointId: string,
): Promise<void> {
  await ctx.store.transaction(async (trx) => {
    await assertMutable(trx, caller.accountId);
    await loadEndpoint(trx, caller.accountId, endpointId);
    const now = ctx.nowIso();
    await markEndpointDeleted(trx, endpointId, now);
    await endEndpointDeliveries(trx, endpointId, new Date(now));
  });
}

/** listWebhookDeliveries: redacted, newest first, optional status filter. */
export async function listWebhookDeliveries(
  ctx: CoreContext,
  caller: Caller,
  endpointId: string,
  params: ListParams & { status?: WebhookDeliveryStatus },
): Promise<WebhookDeliveryList> {
  await loadEndpoint(ctx.store.db, caller.accountId, endpointId);
  const scope: CursorScope = {
    operation: 'listWebhookDeliveries',
    accountId: caller.accountId,
    filters: { endpoint: endpointId, status: params.status },
  };
  let query = ctx.store.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .where('account_id', '=', caller.accountId);
  if (params.status !== undefined) query = query.where('status', '=', params.status);
  const rows = await fetchNewestFirst(ctx, scope, query, params);
  return toPage(ctx, scope, rows, params.limit, toWebhookDelivery);
}

/** replayWebhookDelivery: only from dead_letter; one manual attempt with the same event id. */
export async function replayWebhookDelivery(
  ctx: CoreContext,
  caller: Caller,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const delivery = await ctx.store.transaction(async (trx) => {
    await assertMutable(trx, caller.accountId);
    await loadEndpoint(trx, caller.accountId, endpointId);
    const row = await trx
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', deliveryId)
      .where('endpoint_id', '=', endpointId)
      .where('account_id', '=', caller.accountId)
      .executeTakeFirst();
    if (row === undefined) throw new TransmuteError('not_found', 'No such delivery.');
    if (row.status !== 'dead_letter') {
      throw new TransmuteError(
        'delivery_not_dead_lettered',
        `The delivery is ${row.status}; only dead_letter deliveries replay.`,
      );
    }
    await queueWebhookReplay(trx, deliveryId, ctx.now());
    const replayed = toWebhookDelivery(
      await trx
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('id', '=', deliveryId)
        .executeTakeFirstOrThrow(),
    );
    await rememberInTransaction(trx, replayed);
    return replayed;
  });
  return delivery;
}
