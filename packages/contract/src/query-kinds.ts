import { JOB_STATUSES, WEBHOOK_DELIVERY_STATUSES } from './enums.js';

/** Bounds of a `limit` query parameter. */
export interface LimitBounds {
  min: number;
  max: number;
  /** The value when `limit` is absent. */
  default: number;
}

/** What a query kind of the operation table accepts. */
export interface QueryKindDefinition {
  limit: LimitBounds;
  /** Values of the `status` filter; null when the kind has none. */
  statuses: readonly string[] | null;
}

const PAGE_LIMIT: LimitBounds = { min: 1, max: 100, default: 20 };

/**
 * Ownership names a caller may put in a query: CONTRACT §4 ignores them there (ownership comes from
 * the credential alone) and rejects them only in bodies, so the strict query rule passes over them.
 */
export const IGNORED_QUERY_PARAMETERS: readonly string[] = ['account_id', 'organization_id'];

/** Longest `cursor` accepted; a longer one is `invalid_cursor`. */
export const MAX_CURSOR_LENGTH = 512;

/**
 * The query parameters of each query kind (CONTRACT §6 lists, §9 content pages): `limit` bounds
 * and the `status` filter. `none` takes no query. The router parses and the OpenAPI document
 * publishes them from here.
 */
export const QUERY_KINDS = {
  none: null,
  list: { limit: PAGE_LIMIT, statuses: null },
  listJobs: { limit: PAGE_LIMIT, statuses: JOB_STATUSES },
  listWebhookDeliveries: { limit: PAGE_LIMIT, statuses: WEBHOOK_DELIVERY_STATUSES },
  content: { limit: { min: 1, max: 1_048_576, default: 262_144 }, statuses: null },
} as const satisfies Record<string, QueryKindDefinition | null>;

/** Query parameters an operation takes (CONTRACT §6, §9). */
export type QueryKind = keyof typeof QUERY_KINDS;
