import type { WorksListQuery } from '@yingku/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/connection';
import { createTestDatabase } from '../../../../test/db';
import { buildWorkLine, insertWorks } from '../../../../test/factories';
import { createCatalogueService } from '../catalogue.service';

/**
 * The search planner (decision 016) picks a read per keyword: gather a rare word at once, walk
 * the newest works for a common one, walk and estimate for one in between. Whichever it picks,
 * the page must be the matches in list order, and `total` exact or past the page.
 */
const WORKS = 600;

/** Title of the i-th work: every word's frequency is known. */
function titleOf(i: number): string {
  const words = ['样本'];
  if (i % 2 === 0) words.push('common'); // 50 %: the walk finds the page and more at once
  if (i % 7 === 0) words.push('lantern'); // ~14 %: the walk fills the page, not the look-ahead
  if (i % 11 === 0) words.push('lanterm torn'); // every bigram of "lantern" without the word
  if (i % 120 === 0) words.push('rarity'); // 5 works: gathered exactly
  return words.join(' ');
}

function dayOf(i: number): string {
  const day = new Date(Date.UTC(2026, 10, 20) - Math.floor(i / 3) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

let database: Database;
let service: ReturnType<typeof createCatalogueService>;

beforeAll(async () => {
  database = await createTestDatabase();
  await insertWorks(
    database.db,
    Array.from({ length: WORKS }, (_, i) =>
      buildWorkLine({
        number: `SRCH-${String(i + 1).padStart(3, '0')}`,
        title: titleOf(i),
        pubDate: dayOf(i),
      }),
    ),
  );
  await sql`ANALYZE`.execute(database.db);
  service = createCatalogueService({ database, today: () => '2026-11-20' });
}, 60_000);

afterAll(async () => {
  await database?.close();
});

/** The matching numbers in list order (newest first, then id), straight from the table. */
async function expected(word: string): Promise<string[]> {
  const result = await sql<{ number: string }>`
    SELECT number FROM works WHERE title LIKE ${`%${word}%`} AND NOT hidden
    ORDER BY pub_date DESC, id DESC`.execute(database.db);
  return result.rows.map((r) => r.number);
}

async function search(keyword: string, pageNum: number, pageSize = 24) {
  const query = { keyword, pageNum, pageSize, sort: 'pubTime', date: 999 } as WorksListQuery;
  const { rows, total } = await service.listWorks(query);
  return { numbers: rows.map((r) => r.number), total };
}

describe('search pages, whichever read answers them', () => {
  it.each(['common', 'lantern', 'rarity'])('“%s”: each page is the matches in list order', async (word) => {
    const all = await expected(word);
    for (const pageNum of [1, 2, 3]) {
      const { numbers, total } = await search(word, pageNum);
      expect(numbers, `page ${pageNum}`).toEqual(all.slice((pageNum - 1) * 24, pageNum * 24));
      // Exact, or an estimate that lies past the page while more matches exist.
      if (all.length > pageNum * 24) expect(total).toBeGreaterThan(pageNum * 24);
      else expect(total).toBe(all.length);
    }
  });

  it('counts a rare word exactly', async () => {
    expect((await search('rarity', 1)).total).toBe(5);
  });

  it('does not take a word for its bigrams', async () => {
    expect((await search('lanterm', 1)).numbers).toEqual((await expected('lanterm')).slice(0, 24));
  });
});
