import { sql, type Kysely } from 'kysely';
import type { Readiness, ReadinessCheck } from '../kernel/service-types.js';
import type { ServiceContext } from '../kernel/context.js';
import { createMigrator } from '../storage/migrations.js';
import type { WorkerPool } from '../worker/worker-pool.js';

/** What {@link createReadinessCheck} needs besides the context. */
export interface ReadinessSources {
  pool: WorkerPool;
  /** True once `close()` began: the process answers not ready so load balancers drain it. */
  closing: () => boolean;
}

async function probe(run: () => Promise<string>): Promise<ReadinessCheck> {
  try {
    return { ok: true, detail: await run() };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The `/readyz` checks: store and blob store reachable, every migration applied, workers claiming
 * (when this process runs workers), and not shutting down. Migrations are looked up until they are
 * all seen applied once; the other checks run on every call.
 */
export function createReadinessCheck(
  ctx: ServiceContext,
  sources: ReadinessSources,
): () => Promise<Readiness> {
  let migrated = false;
  const migrations = async (): Promise<string> => {
    if (migrated) return 'all applied';
    const migrator = await createMigrator(ctx.store.db as unknown as Kysely<unknown>, ctx.store.dialect);
    const pending = (await migrator.getMigrations()).filter((m) => m.executedAt === undefined);
    if (pending.length > 0)
      throw new Error(`${String(pending.length)} pending, first ${pending[0]?.name ?? ''}`);
    migrated = true;
    return 'all applied';
  };
  return async () => {
    const [store, blobStore, migrationState] = await Promise.all([
      probe(async () => {
        await sql`select 1`.execute(ctx.store.db);
        return `${ctx.store.dialect} reachable`;
      }),
      probe(async () => {
        await ctx.blobs.listKeys(null, 1);
        return 'reachable';
      }),
      probe(migrations),
    ]);
    const workerState = sources.pool.state();
    const checks: Readiness['checks'] = {
      store,
      blob_store: blobStore,
      migrations: migrationState,
      workers: { ok: workerState.ok, detail: workerState.detail },
      shutdown: sources.closing() ? { ok: false, detail: 'shutting down' } : { ok: true, detail: 'running' },
    };
    return { ready: Object.values(checks).every((check) => check.ok), checks };
  };
}
