import { type Kysely, type Migration, sql } from 'kysely';
import { inTransaction } from './executor';

/**
 * What a migration may bring besides its transactional `up` (decision 076): indexes on large
 * tables, built `CONCURRENTLY` once the migration transaction has committed, and backfills of
 * large tables, done in batches by the running servers after the deploy. Neither holds a lock
 * that stops reads or writes for longer than one small batch.
 */
export interface MigrationModule extends Migration {
  concurrentIndexes?: readonly ConcurrentIndex[];
  backfills?: readonly Backfill[];
}

/** An index built with `CREATE [UNIQUE] INDEX CONCURRENTLY IF NOT EXISTS <name> ON …`. */
export interface ConcurrentIndex {
  name: string;
  create: string;
}

/** A large table's backfill, one batch at a time. */
export interface Backfill {
  name: string;
  /**
   * Fills at most `size` rows in the given transaction and answers how many it filled; 0 means
   * done. It must find the rows still to fill by itself (`WHERE new_column IS NULL … LIMIT size`),
   * so a batch repeated after a crash does no harm.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a backfill may touch any table
  batch(size: number, trx: Kysely<any>): Promise<number>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
type AnyDb = Kysely<any>;

/** Rows a backfill fills per transaction: small enough that its locks pass unnoticed. */
export const BACKFILL_BATCH_SIZE = 1_000;
/** How long one round of the servers' backfill job may run before it yields to the next tick. */
export const BACKFILL_ROUND_MS = 2_000;

/** PostgreSQL's lock_not_available: lock_timeout ran out. */
export const LOCK_NOT_AVAILABLE = '55P03';
/** The session lock that lets one `migrate` at a time build indexes (the other waits, then skips). */
const INDEX_BUILD_LOCK = 727_076;

const INDEX_NAME = /^[a-z_][a-z0-9_]*$/;

/** Refuses a declared index whose statement is not the one safe shape, before anything runs. */
export function checkConcurrentIndex(migration: string, index: ConcurrentIndex): void {
  const shape = new RegExp(`^CREATE (?:UNIQUE )?INDEX CONCURRENTLY IF NOT EXISTS ${index.name} ON `, 'i');
  if (!INDEX_NAME.test(index.name) || !shape.test(index.create.trim())) {
    throw new Error(
      `Migration ${migration} declares index ${index.name} as "${index.create}": write it as ` +
        `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${index.name} ON … (decision 076).`,
    );
  }
}

/** The declared indexes of the applied migrations that are not built, or were left invalid. */
export async function pendingIndexes(
  db: AnyDb,
  applied: ReadonlyArray<[string, MigrationModule]>,
): Promise<Array<{ migration: string; index: ConcurrentIndex; invalid: boolean }>> {
  const declared = applied.flatMap(([migration, module]) =>
    (module.concurrentIndexes ?? []).map((index) => ({ migration, index })),
  );
  if (declared.length === 0) return [];
  const { rows } = await sql<{ name: string; valid: boolean }>`
    SELECT c.relname AS name, i.indisvalid AS valid
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE c.relnamespace = current_schema()::regnamespace
      AND c.relname = ANY(${declared.map((d) => d.index.name)}::text[])`.execute(db);
  const state = new Map(rows.map((row) => [row.name, row.valid]));
  return declared
    .filter(({ index }) => state.get(index.name) !== true)
    .map((d) => ({ ...d, invalid: state.get(d.index.name) === false }));
}

export interface IndexBuildOptions {
  lockTimeoutMs: number;
  tries: number;
  pauseMs: (attempt: number) => number;
  onLockTimeout?: (attempt: number, pauseMs: number) => void;
}

/**
 * Builds every pending index, one at a time, on one session outside any transaction. A build
 * killed or timed out leaves an INVALID index behind: it is dropped (also CONCURRENTLY) and built
 * again. Waiting on a lock counts against `lock_timeout`, and a build that gave up is tried again.
 */
export async function buildPendingIndexes(
  db: AnyDb,
  applied: ReadonlyArray<[string, MigrationModule]>,
  options: IndexBuildOptions,
): Promise<string[]> {
  for (const [migration, module] of applied) {
    for (const index of module.concurrentIndexes ?? []) checkConcurrentIndex(migration, index);
  }
  if ((await pendingIndexes(db, applied)).length === 0) return [];
  return db.connection().execute(async (session) => {
    await sql`SELECT pg_advisory_lock(${INDEX_BUILD_LOCK})`.execute(session);
    const built: string[] = [];
    try {
      await sql`SELECT set_config('lock_timeout', ${`${options.lockTimeoutMs}ms`}, false)`.execute(session);
      // Read again under the lock: another `migrate` may have built them while this one waited.
      for (const { index } of await pendingIndexes(session, applied)) {
        for (let attempt = 1; ; attempt += 1) {
          try {
            const [state] = await pendingIndexes(session, [
              ['', { up: async () => {}, concurrentIndexes: [index] }],
            ]);
            if (state?.invalid)
              await sql.raw(`DROP INDEX CONCURRENTLY IF EXISTS ${index.name}`).execute(session);
            await sql.raw(index.create).execute(session);
            built.push(index.name);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE || attempt >= options.tries) {
              throw new Error(
                `Building index ${index.name} failed: ${String((error as Error).message ?? error)}`,
                {
                  cause: error,
                },
              );
            }
            const pause = options.pauseMs(attempt);
            options.onLockTimeout?.(attempt, pause);
            await new Promise((resolve) => setTimeout(resolve, pause));
          }
        }
      }
    } finally {
      // The session goes back to the pool: leave it as it was.
      await sql`SELECT set_config('lock_timeout', '0', false)`.execute(session);
      await sql`SELECT pg_advisory_unlock(${INDEX_BUILD_LOCK})`.execute(session);
    }
    return built;
  });
}

/** Records the applied migrations' backfills (once each), so the servers' job finds them. */
export async function registerBackfills(
  db: AnyDb,
  applied: ReadonlyArray<[string, MigrationModule]>,
): Promise<void> {
  for (const [migration, module] of applied) {
    for (const backfill of module.backfills ?? []) {
      await sql`INSERT INTO schema_backfills (name, migration) VALUES (${backfill.name}, ${migration})
        ON CONFLICT (name) DO NOTHING`.execute(db);
    }
  }
}

/** The backfills still to finish, by name. */
export async function pendingBackfills(db: AnyDb): Promise<string[]> {
  const table = await sql<{ t: string | null }>`SELECT to_regclass('schema_backfills')::text AS t`.execute(
    db,
  );
  if (table.rows[0]?.t == null) return [];
  const { rows } = await sql<{ name: string }>`
    SELECT name FROM schema_backfills WHERE finished_at IS NULL ORDER BY created_at, name`.execute(db);
  return rows.map((row) => row.name);
}

export interface BackfillRoundOptions {
  batchSize?: number;
  /** Stop starting batches after this long; 0 or less runs every backfill to its end. */
  budgetMs?: number;
  lockTimeoutMs: number;
}

/**
 * One round of the backfill job: batches of the unfinished backfills this release knows, each in
 * its own short transaction that first takes the backfill's row `FOR UPDATE SKIP LOCKED` — with
 * several servers running the job, one fills a batch while the others skip it. Answers the rows
 * filled, per backfill.
 */
export async function runBackfillRound(
  db: AnyDb,
  known: ReadonlyArray<[string, MigrationModule]>,
  { batchSize = BACKFILL_BATCH_SIZE, budgetMs = BACKFILL_ROUND_MS, lockTimeoutMs }: BackfillRoundOptions,
): Promise<Record<string, number>> {
  const pending = new Set(await pendingBackfills(db));
  const filled: Record<string, number> = {};
  if (pending.size === 0) return filled;
  const until = budgetMs > 0 ? Date.now() + budgetMs : Number.POSITIVE_INFINITY;
  for (const backfill of known.flatMap(([, module]) => module.backfills ?? [])) {
    if (!pending.has(backfill.name)) continue;
    let total = 0;
    while (Date.now() < until) {
      const rows = await inTransaction(db, async (trx) => {
        await sql`SELECT set_config('lock_timeout', ${`${lockTimeoutMs}ms`}, true)`.execute(trx);
        const mine = await sql`SELECT 1 FROM schema_backfills
          WHERE name = ${backfill.name} AND finished_at IS NULL FOR UPDATE SKIP LOCKED`.execute(trx);
        if (mine.rows.length === 0) return null;
        const done = await backfill.batch(batchSize, trx);
        await sql`UPDATE schema_backfills
          SET rows_done = rows_done + ${done}, updated_at = now(),
              finished_at = CASE WHEN ${done}::int = 0 THEN now() END
          WHERE name = ${backfill.name}`.execute(trx);
        return done;
      })
        // A batch that waited too long for a lock is tried at the next round.
        .catch((error: unknown) => {
          if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) return null;
          throw error;
        });
      if (rows === null || rows === 0) break;
      total += rows;
    }
    filled[backfill.name] = total;
  }
  return filled;
}
