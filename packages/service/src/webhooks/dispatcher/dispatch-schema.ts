import type { Kysely, Migration } from 'kysely';
import type { Database } from '../../store.js';

/** `webhook_deliveries` as the dispatcher sees it: the base table plus its own column. */
export type DispatchDeliveriesTable = Database['webhook_deliveries'] & {
  /** 1 while a replay's single manual attempt is queued or in flight (migration 0100). */
  manual_attempt: number;
};

/** The database with the dispatcher's extra column. */
export type DispatchDatabase = Omit<Database, 'webhook_deliveries'> & {
  webhook_deliveries: DispatchDeliveriesTable;
};

/** Views a store's Kysely instance with the dispatcher's columns (the same connection). */
export function toDispatchDb(db: Kysely<Database>): Kysely<DispatchDatabase> {
  return db as unknown as Kysely<DispatchDatabase>;
}

/**
 * Migration `0100_webhook_dispatch`: the replay marker and an index for lease sweeps. Numbered
 * far from the service's own migrations so both can grow independently.
 */
export const webhookDispatchMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('webhook_deliveries')
      .addColumn('manual_attempt', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_lease')
      .on('webhook_deliveries')
      .columns(['status', 'lease_expires_at'])
      .execute();
  },
};
