import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmptyTestDatabase } from '../../test/db';
import type { Database } from './connection';
import {
  MIGRATION_NAMES,
  migrateToLatest,
  migrateUpTo,
  prepareSchema,
  requireCurrentSchema,
  SchemaTooOld,
  schemaState,
} from './migrate';

// Migrations apart from start (decision 072): a process checks the schema, `npm run migrate`
// brings it up to date. PostgreSQL's own faults (locks, kill -9, two at once) are in
// test/migrate-deploy.test.ts.
let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const LAST = MIGRATION_NAMES.at(-1)!;
const BEFORE_LAST = MIGRATION_NAMES.at(-2)! as Parameters<typeof migrateUpTo>[1];

describe('the schema a release needs', () => {
  it('names every migration an empty database lacks, and refuses to serve on it', async () => {
    database = await createEmptyTestDatabase();
    expect(await schemaState(database.db)).toEqual({ missing: MIGRATION_NAMES, newer: [] });
    await expect(requireCurrentSchema(database.db)).rejects.toBeInstanceOf(SchemaTooOld);
    await expect(prepareSchema(database.db, false)).rejects.toThrow(/npm run migrate/);
  });

  it('refuses a schema one migration behind, naming it; migrating applies just that one', async () => {
    database = await createEmptyTestDatabase();
    await migrateUpTo(database.db, BEFORE_LAST);
    const refused = await requireCurrentSchema(database.db).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SchemaTooOld);
    expect((refused as SchemaTooOld).missing).toEqual([LAST]);
    expect((refused as Error).message).toContain(LAST);
    expect(await migrateToLatest(database.db)).toEqual([LAST]);
    expect(await migrateToLatest(database.db)).toEqual([]);
    await requireCurrentSchema(database.db);
  });

  it('lets this release run on a schema a newer release migrated (expand, then contract)', async () => {
    database = await createEmptyTestDatabase();
    await prepareSchema(database.db, true);
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('9999-from-the-next-release', now()::text)`.execute(
      database.db,
    );
    expect(await schemaState(database.db)).toEqual({ missing: [], newer: ['9999-from-the-next-release'] });
    await requireCurrentSchema(database.db);
    // Nothing pending: migrating takes no lock and does not trip over the newer migration.
    expect(await migrateToLatest(database.db)).toEqual([]);
    await prepareSchema(database.db, true);
  });
});
