import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCountersExact } from '../../../test/catalogue-counts';
import { createEmptyTestDatabase } from '../../../test/db';
import type { Database } from '../connection';
import { migrateToLatest, migrateUpTo } from '../migrate';

// 0007 on a catalogue that already has works: the link copies and every counter are filled.

let database: Database;
const run = (statement: string) => sql.raw(statement).execute(database.db);

beforeAll(async () => {
  database = await createEmptyTestDatabase();
  await migrateUpTo(database.db, '0006-flood-counters');
  await run(`INSERT INTO works (id, channel, number, number_key, title, pub_date, search_text, title_grams,
      has_magnet, hidden) VALUES
    (1001, 1, 'MIG-1', 'MIG1', '海边', '2025-01-01', 'mig-1 海边', '{海,边,海边}', true, false),
    (1002, 1, 'MIG-2', 'MIG2', '海岸', '2025-01-01', 'mig-2 海岸', '{海,岸,海岸}', false, false),
    (1003, 2, 'MIG-3', 'MIG3', '海', '2025-02-01', 'mig-3 海', '{海}', true, false),
    (1004, 1, 'MIG-4', 'MIG4', '海边', '2025-03-01', 'mig-4 海边', '{海,边,海边}', true, true)`);
  await run(`INSERT INTO makers (id, channel, name, work_count) VALUES (1, 1, 'Maker', 2)`);
  await run(`INSERT INTO performers (id, name, censored_count, uncensored_count) VALUES (1, 'P', 2, 1)`);
  await run(`INSERT INTO work_makers (work_id, entity_id, channel, pub_date) VALUES
    (1001, 1, 1, '2025-01-01'), (1002, 1, 1, '2025-01-01'), (1004, 1, 1, '2025-03-01')`);
  await run(`INSERT INTO work_performers (work_id, entity_id, channel, pub_date) VALUES
    (1001, 1, 1, '2025-01-01'), (1003, 1, 2, '2025-02-01'), (1004, 1, 1, '2025-03-01')`);
  await migrateToLatest(database.db);
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe('migration 0007', () => {
  it('copies the works’ flags into their links and counts what is stored', async () => {
    await expectCountersExact(database.db);
    const grams = await sql<{ gram: string; channel: number; works: number; with_magnet: number }>`
      SELECT gram, channel, works, with_magnet FROM title_gram_counts WHERE gram = '海' ORDER BY channel`.execute(
      database.db,
    );
    // The hidden work (1004) counts nowhere.
    expect(grams.rows).toEqual([
      { gram: '海', channel: 1, works: 2, with_magnet: 1 },
      { gram: '海', channel: 2, works: 1, with_magnet: 1 },
    ]);
  });

  it('keeps counting after it: a hidden work shown again moves every counter', async () => {
    await run(`UPDATE works SET hidden = false WHERE id = 1004`);
    await expectCountersExact(database.db);
    const maker = await sql<{ works: number }>`
      SELECT works FROM entity_work_counts WHERE kind = 'maker' AND entity_id = 1`.execute(database.db);
    expect(maker.rows).toEqual([{ works: 3 }]);
  });
});
