import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { type BulkSink, copyStatement } from './bulk-sink';

/**
 * A PostgreSQL sink on one connection: one transaction holds the whole load, so a failure
 * leaves the database as it was. No statement timeout (an index build on 8M rows takes a while);
 * generous memory for index builds and the foreign-key checks that run when constraints return.
 */
export async function openPostgresSink(url: string): Promise<BulkSink> {
  const client = new pg.Client({
    connectionString: url,
    options:
      '-c statement_timeout=0 -c TimeZone=UTC -c maintenance_work_mem=1GB -c work_mem=256MB ' +
      '-c max_parallel_maintenance_workers=2 -c synchronous_commit=off',
  });
  await client.connect();
  return {
    kind: 'postgres',
    async migrate() {
      const database = await openDatabase({ url, poolSize: 1 });
      try {
        await migrateToLatest(database.db);
      } finally {
        await database.close();
      }
    },
    async exec(statement) {
      await client.query(statement);
    },
    async rows<T>(query: string) {
      return (await client.query(query)).rows as T[];
    },
    async copy(table, columns, chunks, progress) {
      const target = client.query(copyFrom(copyStatement(table, columns, 'STDIN')));
      // The generator runs only as fast as PostgreSQL takes the rows (stream backpressure), so
      // generating on this core and parsing on the server's overlap with flat memory.
      const source = Readable.from(
        (function* () {
          for (const chunk of chunks) {
            progress(chunk.rows);
            yield chunk.text;
          }
        })(),
        { objectMode: false },
      );
      await pipeline(source, target);
    },
    async size() {
      const { rows } = await client.query<{ size: string }>('SELECT pg_database_size(current_database()) AS size');
      return Number(rows[0]!.size);
    },
    close: () => client.end(),
  };
}
