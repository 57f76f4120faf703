import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Migration `0100_webhook_dispatch`: an index for lease sweeps. Numbered far from the service's
 * own migrations so both can grow independently.
 */
export const webhookDispatchMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createIndex('webhook_deliveries_lease')
      .on('webhook_deliveries')
      .columns(['status', 'lease_expires_at'])
      .execute();
  },
};
