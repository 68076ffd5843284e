import {
  COUNTED_TABLES,
  COUNTER_TABLES,
  recountStatements,
  TOTAL_TABLES,
} from '../../src/features/catalogue-write/catalogue-counts.repo';
import { ENTITY_NAME_TABLES, NAMED_TABLES } from '../../src/db/entity-names';
import { ratingsRecountSql } from '../../src/features/reviews/reviews.repo';
import type { BulkSink } from './bulk-sink';

/** Every table the bench data writes, parents first. */
export const LOADED_TABLES = [
  'tag_groups', 'tags', 'makers', 'labels', 'series', 'directors', 'items', 'performers', 'works',
  'work_makers', 'work_labels', 'work_series', 'work_directors', 'work_items', 'work_performers',
  'work_tags', 'magnets', 'users', 'collect_folders', 'likes', 'collect_entries', 'work_ratings',
  'follows', 'member_tallies',
  ...COUNTER_TABLES,
] as const;

const tableArray = `ARRAY[${LOADED_TABLES.map((t) => `'${t}'`).join(', ')}]::regclass[]`;

/** A constraint or index to take away for the load and put back after it. */
interface SchemaObject {
  name: string;
  table: string;
  /** `p` primary key, `u` unique, `f` foreign key, `i` a plain index. */
  kind: 'p' | 'u' | 'f' | 'i';
  definition: string;
}

/** Whether the catalogue or the user tables hold anything: then only --reset may write. */
export async function existingRows(sink: BulkSink): Promise<{ works: boolean; users: boolean }> {
  const [row] = await sink.rows<{ works: boolean; users: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM works) AS works, EXISTS (SELECT 1 FROM users) AS users`,
  );
  return row!;
}

/**
 * Empties the loaded tables, and with CASCADE whatever hangs on them (orders, messages, logins
 * of those users). Also what lets COPY … FREEZE write rows already frozen and all-visible: the
 * tables were emptied in the loading transaction.
 */
export async function truncateLoaded(sink: BulkSink): Promise<void> {
  // The cascade reaches the audit log (its actors are users), which refuses TRUNCATE on a real
  // site (decision 071); a bench database is generated whole, so its log goes with it.
  await sink.exec(`ALTER TABLE staff_actions DISABLE TRIGGER staff_actions_no_truncate`);
  await sink.exec(`TRUNCATE ${LOADED_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
  await sink.exec(`ALTER TABLE staff_actions ENABLE TRIGGER staff_actions_no_truncate`);
}

/**
 * The constraints and indexes of the loaded tables, as the catalog defines them (so whatever a
 * later migration adds is covered too): primary and unique keys, foreign keys from or to the
 * loaded tables, and plain indexes.
 */
async function schemaObjects(sink: BulkSink): Promise<SchemaObject[]> {
  const constraints = await sink.rows<SchemaObject>(`
    SELECT c.conname AS name, c.conrelid::regclass::text AS table, c.contype AS kind,
      pg_get_constraintdef(c.oid) AS definition
    FROM pg_constraint c
    WHERE (c.contype IN ('p', 'u') AND c.conrelid = ANY(${tableArray}))
      OR (c.contype = 'f' AND (c.conrelid = ANY(${tableArray}) OR c.confrelid = ANY(${tableArray})))
    ORDER BY c.conrelid::regclass::text, c.conname`);
  const indexes = await sink.rows<SchemaObject>(`
    SELECT i.indexrelid::regclass::text AS name, i.indrelid::regclass::text AS table, 'i' AS kind,
      pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i
    WHERE i.indrelid = ANY(${tableArray})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid)
    ORDER BY i.indrelid::regclass::text, 1`);
  return [...constraints, ...indexes];
}

/** What {@link dropForLoad} took away, to put back in {@link restoreAfterLoad}. */
export type Dropped = SchemaObject[];

/**
 * Takes away foreign keys always (a per-row trigger lookup; checking them in one join after the
 * load is far cheaper), and unless `keepIndexes`, the keys and indexes too: building a b-tree
 * from sorted data beats inserting millions of rows one by one into a dozen of them (measured:
 * see docs/decisions/014-bench-data.md). Inside the loading transaction, so a failure puts
 * everything back.
 */
export async function dropForLoad(sink: BulkSink, keepIndexes: boolean): Promise<Dropped> {
  const all = await schemaObjects(sink);
  const dropped = all.filter((o) => o.kind === 'f' || !keepIndexes);
  for (const o of dropped.filter((d) => d.kind === 'f')) await sink.exec(`ALTER TABLE ${o.table} DROP CONSTRAINT ${o.name}`);
  for (const o of dropped.filter((d) => d.kind === 'p' || d.kind === 'u')) {
    await sink.exec(`ALTER TABLE ${o.table} DROP CONSTRAINT ${o.name}`);
  }
  for (const o of dropped.filter((d) => d.kind === 'i')) await sink.exec(`DROP INDEX ${o.name}`);
  return dropped;
}

/**
 * Puts back keys, then indexes, then foreign keys (whose check needs the keys), each timed.
 * A foreign key coming back checks every row, so the loaded data is proven consistent.
 */
export async function restoreAfterLoad(
  sink: BulkSink,
  dropped: Dropped,
  report: (what: string, ms: number) => void,
): Promise<void> {
  const order = { p: 0, u: 1, i: 2, f: 3 } as const;
  for (const o of [...dropped].sort((a, b) => order[a.kind] - order[b.kind])) {
    const started = Date.now();
    await sink.exec(
      o.kind === 'i' ? o.definition : `ALTER TABLE ${o.table} ADD CONSTRAINT ${o.name} ${o.definition}`,
    );
    report(`${o.kind === 'i' ? 'index' : o.kind === 'f' ? 'foreign key' : 'key'} ${o.name}`, Date.now() - started);
  }
}

/** Moves each identity past the ids the load wrote, so the app's next insert does not collide. */
export async function syncIdentities(sink: BulkSink): Promise<void> {
  const identities = await sink.rows<{ table: string; column: string }>(`
    SELECT a.attrelid::regclass::text AS table, a.attname AS column
    FROM pg_attribute a
    WHERE a.attrelid = ANY(${tableArray}) AND a.attidentity <> '' AND NOT a.attisdropped`);
  for (const { table, column } of identities) {
    await sink.exec(`
      SELECT setval(pg_get_serial_sequence('${table}', '${column}'), max(${column}))
      FROM ${table} HAVING max(${column}) IS NOT NULL`);
  }
}

/**
 * Statistics for the planner, and on PostgreSQL a visibility map for index-only scans (this
 * server runs no autovacuum). PGlite runs none either, so it gets the same.
 */
export async function vacuumAnalyze(sink: BulkSink): Promise<void> {
  for (const table of [...LOADED_TABLES, ...TOTAL_TABLES, ...ENTITY_NAME_TABLES]) await sink.exec(`VACUUM (ANALYZE) ${table}`);
}

/**
 * The counters' triggers (migration 0007) and the entity names' (0017) off for the load — a
 * COPY would hand them millions of rows at once — and back on after it, once
 * {@link recountCounters} has filled what they keep. Inside the loading transaction.
 */
export async function setCounterTriggers(sink: BulkSink, enabled: boolean): Promise<void> {
  for (const table of [...COUNTED_TABLES, ...NAMED_TABLES]) {
    await sink.exec(`ALTER TABLE ${table} ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER USER`);
  }
}

/** The rated works' combined figures and ranking columns, by the statement the app runs per work. */
export async function recountRatings(sink: BulkSink): Promise<void> {
  await sink.exec(ratingsRecountSql('SELECT DISTINCT work_id FROM work_ratings'));
}

/** Fills the counters from the loaded rows: the same statements that repair them in the app. */
export async function recountCounters(sink: BulkSink): Promise<void> {
  for (const statement of recountStatements()) await sink.exec(statement);
}
