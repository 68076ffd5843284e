import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { loadDemoCatalogueIfEmpty } from '../src/db/seed/demo-catalogue';
import type { TestDatabaseImages } from './database-images';

export interface TestDatabaseOptions {
  /** With the demo catalogue loaded (3,000 works), as a fresh site starts. */
  demo?: boolean;
}

/**
 * A fresh, migrated database for one test file: PGlite in memory by default; with DATABASE_URL
 * set, a new database created on that PostgreSQL server (UTF-8 ctype, so CJK trigrams work) and
 * dropped again by `close()`.
 *
 * Each is a copy of an image the run built once (test/database-images.ts, vitest's global set-up):
 * a PGlite data directory loaded from a dump, or a PostgreSQL database created from a template.
 * Outside such a run the database is migrated (and seeded) here.
 */
export async function createTestDatabase({ demo = false }: TestDatabaseOptions = {}): Promise<Database> {
  const images = providedImages();
  const image = demo ? images?.demo : images?.migrated;
  const adminUrl = process.env.DATABASE_URL;
  let database: Database;
  if (image && image.kind === 'pglite' && !adminUrl) {
    database = await openDatabase({
      dataDir: 'memory://',
      loadDataDir: new Blob([await readFile(image.dump)]),
    });
  } else if (image && image.kind === 'postgres' && adminUrl) {
    database = await openPostgresCopy(adminUrl, image.template);
  } else {
    database = await createEmptyTestDatabase();
    await migrateToLatest(database.db);
  }
  if (demo && !images?.demo) await loadDemoCatalogueIfEmpty(database.db);
  return database;
}

/** Like {@link createTestDatabase}, but not migrated: for tests of the migrations themselves. */
export async function createEmptyTestDatabase(): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return openDatabase({ dataDir: 'memory://' });
  return openPostgresCopy(adminUrl, 'template0');
}

async function openPostgresCopy(adminUrl: string, template: string): Promise<Database> {
  const created = await createPostgresTestDatabase(adminUrl, template);
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
 * work), for tests that hand its URL to server processes which migrate it themselves; or, given
 * a `template`, a copy of that database.
 */
export async function createPostgresTestDatabase(
  adminUrl: string,
  template = 'template0',
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `yk_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(
      `CREATE DATABASE ${name} TEMPLATE ${template} ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
    );
  } finally {
    await admin.end();
  }

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** The images of this run's global set-up; none when the file runs outside vitest's projects. */
function providedImages(): TestDatabaseImages | undefined {
  try {
    return inject('testDatabaseImages');
  } catch {
    return undefined;
  }
}
