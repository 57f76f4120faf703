import { TransmuteError } from '@transmute/contract';
import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { ListParams } from '../kernel/service-types.js';
import type { CoreContext } from '../kernel/context.js';

const VALIDITY_MS = 72 * 3_600_000;

/** What a cursor binds: the list operation, the account and its filters (CONTRACT §6). */
export interface CursorScope {
  operation: string;
  accountId: string;
  filters: Record<string, string | undefined>;
}

function filterKey(filters: Record<string, string | undefined>): string {
  return Object.keys(filters)
    .sort()
    .map((key) => `${key}=${filters[key] ?? ''}`)
    .join('&');
}

/** Signs a position for the next page. */
export function encodeCursor(ctx: CoreContext, scope: CursorScope, position: unknown): string {
  return ctx.signer.sign('cursor', {
    o: scope.operation,
    a: scope.accountId,
    f: filterKey(scope.filters),
    p: position,
    t: ctx.now().getTime(),
  });
}

/** Verifies a cursor against its scope; throws `invalid_cursor` when tampered, expired or foreign. */
export function decodeCursor(ctx: CoreContext, scope: CursorScope, cursor: string): unknown {
  const invalid = (): TransmuteError =>
    new TransmuteError('invalid_cursor', 'The cursor is invalid, expired, or belongs to another list.');
  if (cursor.length === 0 || cursor.length > 512) throw invalid();
  const payload = ctx.signer.verify('cursor', cursor);
  if (typeof payload !== 'object' || payload === null) throw invalid();
  const { o, a, f, p, t } = payload as Record<string, unknown>;
  if (o !== scope.operation || a !== scope.accountId || f !== filterKey(scope.filters)) throw invalid();
  const age = ctx.now().getTime() - (typeof t === 'number' ? t : Number.NaN);
  if (!(age <= VALIDITY_MS && age >= -60_000)) throw invalid();
  return p;
}

/** A keyset position: the last item's (created_at, id). */
export interface KeysetPosition {
  c: string;
  i: string;
}

/** Checks the shape of a decoded keyset position. */
export function toKeysetPosition(value: unknown): KeysetPosition {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (typeof record.c !== 'string' || typeof record.i !== 'string') {
    throw new TransmuteError('invalid_cursor', 'The cursor is invalid.');
  }
  return { c: record.c, i: record.i };
}

/** Builds a page from `limit + 1` rows fetched newest first. */
export function toPage<TRow extends { created_at: string; id: string }, TItem>(
  ctx: CoreContext,
  scope: CursorScope,
  rows: TRow[],
  limit: number,
  map: (row: TRow) => TItem,
): { data: TItem[]; page: { next_cursor: string | null; has_more: boolean } } {
  const hasMore = rows.length > limit;
  const items = hasMore ? rows.slice(0, limit) : rows;
  const last = items.at(-1);
  const next =
    hasMore && last !== undefined ? encodeCursor(ctx, scope, { c: last.created_at, i: last.id }) : null;
  return { data: items.map(map), page: { next_cursor: next, has_more: next !== null } };
}

/**
 * Runs a list query newest first (`created_at` desc, then `id` desc) from the cursor's position,
 * fetching `limit + 1` rows so {@link toPage} knows whether more follow. Keyset order stays stable
 * while new rows arrive: no duplicates, no gaps.
 */
export async function fetchNewestFirst<TDatabase, TTable extends keyof TDatabase, TRow>(
  ctx: CoreContext,
  scope: CursorScope,
  query: SelectQueryBuilder<TDatabase, TTable, TRow>,
  params: ListParams,
): Promise<TRow[]> {
  let keyset = query;
  if (params.cursor !== undefined) {
    const position = toKeysetPosition(decodeCursor(ctx, scope, params.cursor));
    keyset = keyset.where(
      sql<SqlBool>`(created_at < ${position.c} or (created_at = ${position.c} and id < ${position.i}))`,
    );
  }
  return keyset
    .orderBy(sql`created_at`, 'desc')
    .orderBy(sql`id`, 'desc')
    .limit(params.limit + 1)
    .execute();
}
