import { type Kysely, sql } from 'kysely';

/** The entity tables a keyword search looks in for names (issue 17). */
const TABLES = ['performers', 'makers', 'labels', 'series', 'directors', 'items', 'tags'] as const;

/**
 * Trigram indexes over the lower-cased name and Chinese name of every entity table, so a search
 * for a performer's, maker's or series' name (3+ characters, in any script) reads the index
 * instead of the whole table (issue 17). Shorter keywords scan these small tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await sql
      .raw(`CREATE INDEX ${table}_name_trgm ON ${table} USING gin (lower(name) gin_trgm_ops)`)
      .execute(db);
    await sql
      .raw(
        `CREATE INDEX ${table}_name_cn_trgm ON ${table} USING gin (lower(coalesce(name_cn, '')) gin_trgm_ops)`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await sql.raw(`DROP INDEX IF EXISTS ${table}_name_trgm`).execute(db);
    await sql.raw(`DROP INDEX IF EXISTS ${table}_name_cn_trgm`).execute(db);
  }
}
