import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite runs embedded. */
  url?: string | undefined;
  /** PGlite data directory, or `memory://` for a throwaway in-memory database. */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

const PG_TYPE = { int8: 20, date: 1082 } as const;
/** SQLSTATE of a connection ended by the server's administrator (shutdown, DROP … FORCE). */
const ADMIN_SHUTDOWN = '57P01';

/**
 * Type parsers for this pool only (no global pg state): int8 stays a string, so 64-bit ids never
 * lose digits; `date` stays `YYYY-MM-DD`, so no time zone can shift it.
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_TYPE.int8 || oid === PG_TYPE.date) return (value: string) => value;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** Opens PostgreSQL when a URL is given, else PGlite: one dialect, one driver (node-postgres). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      types,
      // A runaway query must not hold a connection forever; custom plans suit skewed keywords.
      // Every API query reads a few index pages: JIT compiling (10–20 ms) and parallel workers
      // (started per query) only cost time there, and take the cores the other requests need.
      options:
        '-c statement_timeout=10000 -c plan_cache_mode=force_custom_plan -c TimeZone=UTC ' +
        '-c jit=off -c max_parallel_workers_per_gather=0',
    });
    // An idle connection the server ends (a restart, a failover, a dropped test database) is
    // reported here; without a listener Node would treat it as an uncaught error and exit. The
    // pool drops that connection and opens a new one when next needed.
    pool.on('error', (error) => {
      if ((error as { code?: string }).code !== ADMIN_SHUTDOWN) {
        console.warn(`PostgreSQL connection lost: ${error.message}`);
      }
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }

  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  await pglite.exec(`SET TimeZone = 'UTC'`);
  const pool = new pg.Pool({ ...createPgConfig(pglite), types, max: 1 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
