import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, openDatabase } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { loadDemoCatalogue } from '../src/db/seed/demo-catalogue';

/** One image a test database is copied from. */
export type TestDatabaseImage =
  | { kind: 'pglite'; /** a `dumpDataDir()` tarball */ dump: string }
  | { kind: 'postgres'; /** a database to use as CREATE DATABASE's template */ template: string };

export interface TestDatabaseImages {
  /** Every migration applied, no rows. */
  migrated: TestDatabaseImage;
  /** Migrated, with the demo catalogue; PGlite only (PostgreSQL's few demo tests seed their own). */
  demo?: TestDatabaseImage;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseImages: TestDatabaseImages;
  }
}

/**
 * vitest's global set-up for the server and browser projects: migrates a database (and loads the
 * demo catalogue into a second) once per run, so each test file copies it in well under a second
 * instead of running every migration and the demo load itself (decision 039).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.DATABASE_URL;
  const { images, dispose } = adminUrl ? await postgresImages(adminUrl) : await pgliteImages();
  project.provide('testDatabaseImages', images);
  return dispose;
}

async function pgliteImages() {
  const dir = await mkdtemp(path.join(tmpdir(), 'yingku-test-db-'));
  const dump = async (name: string, database: Database) => {
    const file = path.join(dir, `${name}.tar`);
    const tarball = await database.dumpDataDir!();
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
    return { kind: 'pglite', dump: file } as const;
  };
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrateToLatest(database.db);
    const migrated = await dump('migrated', database);
    await loadDemoCatalogue(database.db);
    const demo = await dump('demo', database);
    return {
      images: { migrated, demo } satisfies TestDatabaseImages,
      dispose: () => rm(dir, { recursive: true, force: true }),
    };
  } finally {
    await database.close();
  }
}

async function postgresImages(adminUrl: string) {
  const template = `yk_image_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(
    `CREATE DATABASE ${template} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
  );
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 1 });
  try {
    await migrateToLatest(database.db);
  } finally {
    // A template must have no connections when it is copied.
    await database.close();
  }
  return {
    images: { migrated: { kind: 'postgres', template } } satisfies TestDatabaseImages,
    dispose: () => admin(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`),
  };
}
