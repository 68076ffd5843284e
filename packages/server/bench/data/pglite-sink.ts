import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../../src/db/migrate';
import type { DB } from '../../src/db/schema';
import { type BulkSink, copyStatement } from './bulk-sink';

/** COPY text per PGlite call: the blob is copied into WASM memory (2 GB at most) in one piece. */
const BLOB_BYTES = 8 * 1024 * 1024;

/**
 * A PGlite sink. Opened here rather than through `openDatabase`, which hides the PGlite
 * instance that COPY from a blob needs; the extensions match connection.ts (pg_trgm), so the
 * server opens the data directory afterwards as it opens its own.
 */
export async function openPgliteSink(dataDir: string): Promise<BulkSink> {
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  await pglite.exec(`SET TimeZone = 'UTC'; SET maintenance_work_mem = '256MB'; SET work_mem = '64MB'`);
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const sink: BulkSink = {
    kind: 'pglite',
    // Through Kysely over the same PGlite, as the server migrates; never during a COPY.
    migrate: async () => {
      await migrateToLatest(db);
    },
    async exec(statement) {
      await pglite.exec(statement);
    },
    async rows<T>(query: string) {
      return (await pglite.query<T>(query)).rows;
    },
    async copy(table, columns, chunks, progress) {
      const statement = copyStatement(table, columns, `'/dev/blob'`);
      let parts: string[] = [];
      let bytes = 0;
      let rows = 0;
      const flush = async () => {
        if (parts.length === 0) return;
        await pglite.query(statement, [], { blob: new Blob(parts) });
        progress(rows);
        parts = [];
        bytes = 0;
        rows = 0;
      };
      for (const chunk of chunks) {
        parts.push(chunk.text);
        bytes += chunk.text.length * 2;
        rows += chunk.rows;
        if (bytes >= BLOB_BYTES) await flush();
      }
      await flush();
    },
    async size() {
      const rows = await sink.rows<{ size: string }>('SELECT pg_database_size(current_database()) AS size');
      return Number(rows[0]!.size);
    },
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
  return sink;
}
