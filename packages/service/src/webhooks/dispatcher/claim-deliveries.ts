import type { Store } from '../../storage/store.js';
import { decryptSecret } from '../../kernel/secrets.js';
import { claimDeliveryRows } from '../../tables/delivery-row.js';

/** A delivery this worker holds the lease of, with what it needs to send it. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  /** Attempts recorded before this one. */
  attempts: number;
  /** A replay's single manual attempt: any failure goes back to dead_letter. */
  manualAttempt: boolean;
  isTest: boolean;
  url: string;
  /** The event envelope as stored. */
  payload: string;
  /**
   * Decrypted signing secrets, current first; null when one could not be decrypted (a missing or
   * changed master key): that delivery alone fails `secret_unreadable`, the rest of the batch goes.
   */
  secrets: string[] | null;
}

/** What {@link claimDeliveries} needs. */
export interface ClaimContext {
  store: Store;
  workerId: string;
  now: Date;
  leaseMs: number;
  limit: number;
  masterKey: string | undefined;
  /** Told which endpoint's secret could not be decrypted (never the secret). */
  logger?: { error(message: string, meta?: Record<string, unknown>): void } | undefined;
}

interface SecretColumns {
  id: string;
  endpointId: string;
  secret: string;
  previous: string | null;
  previousExpiresAt: string | null;
}

/** The row's signing secrets, or null (logged with the endpoint id) when one cannot be decrypted. */
function secretsOf(row: SecretColumns, nowIso: string, ctx: ClaimContext): string[] | null {
  try {
    const secrets = [decryptSecret(row.secret, ctx.masterKey)];
    if (row.previous !== null && row.previousExpiresAt !== null && row.previousExpiresAt > nowIso) {
      secrets.push(decryptSecret(row.previous, ctx.masterKey));
    }
    return secrets;
  } catch (error) {
    // decryptSecret's errors name the cause (no key, wrong key, damaged value), never the value.
    ctx.logger?.error('webhook secret cannot be decrypted: delivery fails secret_unreadable', {
      endpointId: row.endpointId,
      deliveryId: row.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}

/**
 * Claims up to `limit` due deliveries of active endpoints, oldest first, with a lease: one
 * statement `UPDATE … WHERE id IN (SELECT … LIMIT n [FOR UPDATE SKIP LOCKED])` inside a write
 * transaction (SQLite `BEGIN IMMEDIATE` serializes claimers; PostgreSQL skips rows another worker
 * is claiming), so several processes never hold the same delivery.
 */
export async function claimDeliveries(ctx: ClaimContext): Promise<ClaimedDelivery[]> {
  const nowIso = ctx.now.toISOString();
  const leaseIso = new Date(ctx.now.getTime() + ctx.leaseMs).toISOString();
  const claimed = await ctx.store.transaction((trx) =>
    claimDeliveryRows(trx, {
      holder: ctx.workerId,
      nowIso,
      leaseUntil: leaseIso,
      limit: ctx.limit,
      dialect: ctx.store.dialect,
    }),
  );
  if (claimed.length === 0) return [];
  const rows = await ctx.store.db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .select([
      'd.id',
      'd.endpoint_id as endpointId',
      'd.event_id as eventId',
      'd.attempts',
      'd.replay_requested_at as replayRequestedAt',
      'd.is_test as isTest',
      'd.created_at as createdAt',
      'w.url',
      'e.payload',
      'w.secret_ciphertext as secret',
      'w.previous_secret_ciphertext as previous',
      'w.previous_secret_expires_at as previousExpiresAt',
    ])
    .where('d.id', 'in', claimed)
    .where('d.locked_by', '=', ctx.workerId)
    .orderBy('d.created_at')
    .orderBy('d.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    attempts: row.attempts,
    manualAttempt: row.replayRequestedAt !== null,
    isTest: row.isTest === 1,
    url: row.url,
    payload: row.payload,
    secrets: secretsOf(row, nowIso, ctx),
  }));
}
