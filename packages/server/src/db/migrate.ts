import { type Kysely, type MigrationProvider, Migrator, sql } from 'kysely';
import {
  buildPendingIndexes,
  checkConcurrentIndex,
  LOCK_NOT_AVAILABLE,
  type MigrationModule,
  pendingBackfills,
  pendingIndexes,
  registerBackfills,
  runBackfillRound,
  type BackfillRoundOptions,
} from './migration-steps';
import * as m0001 from './migrations/0001-catalogue';
import * as m0002 from './migrations/0002-accounts';
import * as m0003 from './migrations/0003-commerce';
import * as m0004 from './migrations/0004-support';
import * as m0005 from './migrations/0005-operations';
import * as m0006 from './migrations/0006-flood-counters';
import * as m0007 from './migrations/0007-catalogue-at-scale';
import * as m0008 from './migrations/0008-search-per-channel';
import * as m0009 from './migrations/0009-search-walk';
import * as m0010 from './migrations/0010-job-owners';
import * as m0011 from './migrations/0011-video';
import * as m0012 from './migrations/0012-entity-search';
import * as m0013 from './migrations/0013-suggest';
import * as m0014 from './migrations/0014-search-box-at-scale';
import * as m0015 from './migrations/0015-member-reviews';
import * as m0016 from './migrations/0016-follows-and-marks';
import * as m0017 from './migrations/0017-entity-names';
import * as m0018 from './migrations/0018-entity-names-statistics';
import * as m0019 from './migrations/0019-catalogue-totals';
import * as m0020 from './migrations/0020-catalogue-version';
import * as m0021 from './migrations/0021-day-counts-covering';
import * as m0022 from './migrations/0022-tag-month-counts';
import * as m0023 from './migrations/0023-stream-slots';
import * as m0024 from './migrations/0024-media-housekeeping';
import * as m0025 from './migrations/0025-account-recovery';
import * as m0026 from './migrations/0026-account-deletion';
import * as m0027 from './migrations/0027-staff-trust';
import * as m0028 from './migrations/0028-two-factor';
import * as m0029 from './migrations/0029-backfills';
import * as m0030 from './migrations/0030-nonce-fallback';

/**
 * Every migration, in order. Listed here rather than read from disk so the same list runs under
 * tsx, vitest and any bundle. Landed migrations never change; add a new file instead.
 */
export const MIGRATIONS: Readonly<Record<string, MigrationModule>> = {
  '0001-catalogue': m0001,
  '0002-accounts': m0002,
  '0003-commerce': m0003,
  '0004-support': m0004,
  '0005-operations': m0005,
  '0006-flood-counters': m0006,
  '0007-catalogue-at-scale': m0007,
  '0008-search-per-channel': m0008,
  '0009-search-walk': m0009,
  '0010-job-owners': m0010,
  '0011-video': m0011,
  '0012-entity-search': m0012,
  '0013-suggest': m0013,
  '0014-search-box-at-scale': m0014,
  '0015-member-reviews': m0015,
  '0016-follows-and-marks': m0016,
  '0017-entity-names': m0017,
  '0018-entity-names-statistics': m0018,
  '0019-catalogue-totals': m0019,
  '0020-catalogue-version': m0020,
  '0021-day-counts-covering': m0021,
  '0022-tag-month-counts': m0022,
  '0023-stream-slots': m0023,
  '0024-media-housekeeping': m0024,
  '0025-account-recovery': m0025,
  '0026-account-deletion': m0026,
  '0027-staff-trust': m0027,
  '0028-two-factor': m0028,
  '0029-backfills': m0029,
  '0030-nonce-fallback': m0030,
};

/** The names of every migration this release has, in order. */
export const MIGRATION_NAMES = Object.keys(MIGRATIONS);

/**
 * How long a migration's statement waits for a lock before it gives up (and the whole run rolls
 * back and is tried again): a migration queued behind a long query must not hold every request
 * queued behind itself (decision 072).
 */
export const MIGRATION_LOCK_TIMEOUT_MS = 5_000;
/** Tries of a run that gave up on a lock, the first one included, with a growing pause between. */
export const MIGRATION_TRIES = 6;

/** Each migration first sets its lock timeout on the run's transaction. */
function withLockTimeout(
  list: Readonly<Record<string, MigrationModule>>,
  lockTimeoutMs: number,
): Record<string, MigrationModule> {
  return Object.fromEntries(
    Object.entries(list).map(([name, migration]) => [
      name,
      {
        up: async (db) => {
          await sql`SELECT set_config('lock_timeout', ${`${lockTimeoutMs}ms`}, true)`.execute(db);
          await migration.up(db);
        },
        ...(migration.down ? { down: migration.down } : {}),
      },
    ]),
  );
}

/** A schema older than this release needs, and migrations are not run at start. */
export class SchemaTooOld extends Error {
  constructor(readonly missing: string[]) {
    super(
      `The database schema is older than this release needs: ${missing.length} migration(s) not applied ` +
        `(${missing.join(', ')}). Run \`npm run migrate\` first (or set MIGRATE_ON_START=true).`,
    );
  }
}

/**
 * What the database has applied, against this release: the migrations it lacks, and those it
 * has that this release does not know (a newer release migrated it: expand and contract lets
 * this one run on it, decision 072).
 */
export async function schemaState(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema can be read
  db: Kysely<any>,
  list: Readonly<Record<string, MigrationModule>> = MIGRATIONS,
): Promise<{ missing: string[]; newer: string[] }> {
  const table = await sql<{ t: string | null }>`SELECT to_regclass('kysely_migration')::text AS t`.execute(
    db,
  );
  const applied =
    table.rows[0]?.t == null
      ? []
      : (await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db)).rows.map(
          (row) => row.name,
        );
  const names = Object.keys(list);
  const known = new Set(names);
  const done = new Set(applied);
  // An applied migration whose concurrent index is not built yet is not finished either.
  const indexes = await pendingIndexes(db, appliedOf(list, done));
  return {
    missing: [
      ...names.filter((name) => !done.has(name)),
      ...indexes.map(({ migration, index }) => `${migration} (index ${index.name})`),
    ],
    newer: applied.filter((name) => !known.has(name)).sort(),
  };
}

function appliedOf(
  list: Readonly<Record<string, MigrationModule>>,
  done: Set<string>,
): Array<[string, MigrationModule]> {
  return Object.entries(list).filter(([name]) => done.has(name));
}

/** Refuses to go on with a schema older than this release needs (servers and workers on PostgreSQL). */
export async function requireCurrentSchema(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema can be read
  db: Kysely<any>,
  list: Readonly<Record<string, MigrationModule>> = MIGRATIONS,
): Promise<void> {
  const { missing } = await schemaState(db, list);
  if (missing.length > 0) throw new SchemaTooOld(missing);
}

export interface MigrateOptions {
  lockTimeoutMs?: number;
  tries?: number;
  /** Told of each try that gave up on a lock, before the pause. */
  onLockTimeout?: (attempt: number, pauseMs: number) => void;
  /** The pause before try `attempt + 1`; tests shorten it. */
  pauseMs?: (attempt: number) => number;
  /** The release's migrations; tests bring the next release's. */
  migrations?: Readonly<Record<string, MigrationModule>>;
}

/**
 * Brings the database to the latest schema and answers the migrations it applied (and the
 * concurrent indexes it built); throws with the failing migration's name. Every pending migration
 * runs in one transaction (all or none land; a run killed half-way leaves the schema as it was, and
 * the next run does it all), under an advisory lock (a second run at once waits, then finds nothing
 * to do). A run that gave up on a lock is tried again (decision 072). Then, outside any
 * transaction, the indexes the migrations declare are built CONCURRENTLY and their backfills are
 * recorded for the servers' job (decision 076). Nothing pending: no lock is taken at all, so a
 * release older than the schema may start with MIGRATE_ON_START on.
 */
export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema can be migrated
  db: Kysely<any>,
  options: MigrateOptions = {},
): Promise<string[]> {
  const list = options.migrations ?? MIGRATIONS;
  for (const [name, module] of Object.entries(list)) {
    for (const index of module.concurrentIndexes ?? []) checkConcurrentIndex(name, index);
  }
  if ((await schemaState(db, list)).missing.length === 0) return [];
  const lockTimeoutMs = options.lockTimeoutMs ?? MIGRATION_LOCK_TIMEOUT_MS;
  const tries = options.tries ?? MIGRATION_TRIES;
  const pauseMs = options.pauseMs ?? ((attempt: number) => Math.min(30_000, 1_000 * 2 ** (attempt - 1)));
  const migrations = withLockTimeout(list, lockTimeoutMs);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  let applied: string[];
  for (let attempt = 1; ; attempt += 1) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) {
      applied = (results ?? []).map((r) => r.migrationName);
      break;
    }
    const failed = results?.find((r) => r.status === 'Error');
    if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE && attempt < tries) {
      const pause = pauseMs(attempt);
      options.onLockTimeout?.(attempt, pause);
      await new Promise((resolve) => setTimeout(resolve, pause));
      continue;
    }
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String((error as Error).message ?? error)}`);
  }
  const done = appliedOf(list, new Set(await appliedNames(db)));
  const built = await buildPendingIndexes(db, done, {
    lockTimeoutMs,
    tries,
    pauseMs,
    ...(options.onLockTimeout ? { onLockTimeout: options.onLockTimeout } : {}),
  });
  await registerBackfills(db, done);
  return [...applied, ...built.map((index) => `index ${index}`)];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema can be read
async function appliedNames(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * One round of the backfill job the servers run (decision 076): batches of every unfinished
 * backfill this release knows, until `budgetMs` is spent (0: to the end, as `npm run migrate --
 * --backfills` does). Answers the rows filled, per backfill.
 */
export function runBackfills(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema can be migrated
  db: Kysely<any>,
  options: Partial<BackfillRoundOptions> & { migrations?: Readonly<Record<string, MigrationModule>> } = {},
): Promise<Record<string, number>> {
  const { migrations = MIGRATIONS, lockTimeoutMs = MIGRATION_LOCK_TIMEOUT_MS, ...round } = options;
  return runBackfillRound(db, Object.entries(migrations), { lockTimeoutMs, ...round });
}

export { pendingBackfills };

/**
 * What a process does with the schema before it serves: migrate (the embedded default, or
 * MIGRATE_ON_START), or refuse a schema older than it needs.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema can be migrated
export async function prepareSchema(db: Kysely<any>, migrateOnStart: boolean): Promise<void> {
  if (migrateOnStart) await migrateToLatest(db);
  else await requireCurrentSchema(db);
}

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the database up to (and including) the named migration: for tests of a migration. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema can be migrated
export async function migrateUpTo(db: Kysely<any>, name: keyof typeof MIGRATIONS): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw error;
}
