import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';

/**
 * A fresh, migrated database for one test file: PGlite in memory by default; with
 * DATABASE_URL set, a new database created on that PostgreSQL server (UTF-8 ctype, so CJK
 * trigrams work) and dropped again by `close()`.
 */
export async function createTestDatabase(): Promise<Database> {
  const database = await createEmptyTestDatabase();
  await migrateToLatest(database.db);
  return database;
}

/** Like {@link createTestDatabase}, but not migrated: for tests of the migrations themselves. */
export async function createEmptyTestDatabase(): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return openDatabase({ dataDir: 'memory://' });

  const created = await createPostgresTestDatabase(adminUrl);
  const database = await openDatabase({ url: created.url, poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * An empty database on the PostgreSQL server of `adminUrl` (UTF-8 ctype, so CJK trigrams
 * work), for tests that hand its URL to server processes which migrate it themselves.
 */
export async function createPostgresTestDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `yk_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(
    `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
  );
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
