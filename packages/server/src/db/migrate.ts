import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
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

/**
 * Every migration, in order. Listed here rather than read from disk so the same list runs under
 * tsx, vitest and any bundle. Landed migrations never change; add a new file instead.
 */
const MIGRATIONS: Record<string, Migration> = {
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
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the database to the latest schema; throws with the failing migration's name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema can be migrated
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String((error as Error).message ?? error)}`);
  }
}

/** Brings the database up to (and including) the named migration: for tests of a migration. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema can be migrated
export async function migrateUpTo(db: Kysely<any>, name: keyof typeof MIGRATIONS): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw error;
}
