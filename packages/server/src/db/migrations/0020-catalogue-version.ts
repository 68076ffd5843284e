import { type Kysely, sql } from 'kysely';

/** Link tables: a work's entities, which a search can be narrowed by. */
const LINKS = [
  'work_makers',
  'work_labels',
  'work_series',
  'work_directors',
  'work_items',
  'work_performers',
  'work_tags',
] as const;

/**
 * What a keyword search's page shows or is decided by: its columns and what a keyword, a filter
 * and the default order read. The rankings' counters (collects, ratings, reviews) are not here:
 * a like moves them, and a cached ranking may lag them by the cache's time to live.
 */
const LISTED = `id, channel, number, number_key, title, pub_date, pic_small, pic_big, is_online,
  has_magnet, hidden, search_text, title_grams`;

/**
 * The catalogue's version (issue 18): one row whose number moves, in the writing transaction, with
 * every write that can change a keyword search's answer — works inserted or deleted, a work's
 * listed columns changed, links added, moved or removed. The search cache keys its entries by it,
 * so an import or a hide, from any process, is seen by every server at its next search. A reader
 * sees the new number only once the write has committed, and so never stores an old answer under it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = async (statement: string) => {
    await sql.raw(statement).execute(db);
  };
  await run(`CREATE TABLE catalogue_version (
    id boolean PRIMARY KEY DEFAULT true CHECK (id),
    version bigint NOT NULL DEFAULT 0)`);
  await run(`INSERT INTO catalogue_version DEFAULT VALUES`);

  const bump = `UPDATE catalogue_version SET version = version + 1`;
  for (const [fn, rows] of [
    ['catalogue_version_inserted', 'new_rows'],
    ['catalogue_version_deleted', 'old_rows'],
  ] as const) {
    await run(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM ${rows}) THEN
          ${bump};
        END IF;
        RETURN NULL;
      END $$`);
  }
  await run(`CREATE FUNCTION catalogue_version_works_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT ${LISTED} FROM new_rows EXCEPT SELECT ${LISTED} FROM old_rows) THEN
        ${bump};
      END IF;
      RETURN NULL;
    END $$`);
  await run(`CREATE FUNCTION catalogue_version_links_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT * FROM new_rows EXCEPT SELECT * FROM old_rows) THEN
        ${bump};
      END IF;
      RETURN NULL;
    END $$`);

  for (const table of ['works', ...LINKS]) {
    const update = table === 'works' ? 'catalogue_version_works_update' : 'catalogue_version_links_update';
    await run(`CREATE TRIGGER ${table}_version_insert AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_inserted()`);
    await run(`CREATE TRIGGER ${table}_version_update AFTER UPDATE ON ${table}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${update}()`);
    await run(`CREATE TRIGGER ${table}_version_delete AFTER DELETE ON ${table}
      REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_deleted()`);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = async (statement: string) => {
    await sql.raw(statement).execute(db);
  };
  for (const table of ['works', ...LINKS]) {
    for (const op of ['insert', 'update', 'delete'])
      await run(`DROP TRIGGER IF EXISTS ${table}_version_${op} ON ${table}`);
  }
  await run(`DROP FUNCTION IF EXISTS catalogue_version_inserted(), catalogue_version_deleted(), catalogue_version_works_update(),
    catalogue_version_links_update()`);
  await run(`DROP TABLE IF EXISTS catalogue_version`);
}
