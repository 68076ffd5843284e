import { MOD_ID, type ModName } from '@yingku/contract';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app';
import { buildWorkLine, insertWorks } from '../../../../test/factories';
import { daysBefore, todayInShanghai } from '../../../lib/site-time';
import { chooseSearchStrategy, type SearchStrategyName } from './planner';
import { searchTerms } from './text';

/**
 * Each search strategy, through the API on a real database, answers the same works as a plain
 * query of what was asked for, in list order, page after page. Word frequencies are set so the
 * counted strategies take their walks as well as their gatherings.
 */
const WORKS = 480;
const PAGE_SIZE = 24;
const today = todayInShanghai();
const CHANNELS: ModName[] = ['censored', 'uncensored', 'western'];

/** Title of the i-th work: every word's frequency is known. */
function titleOf(i: number): string {
  const words = ['作品'];
  if (i % 2 === 0) words.push('海'); // 50 %: a short word the newest works are full of
  if (i % 3 === 0) words.push('夜');
  if (i % 5 === 0) words.push('lantern');
  if (i % 37 === 0) words.push('龙'); // 13 works: a short word gathered
  return words.join(' ');
}

let t: TestApp;
let tagId: string;

beforeAll(async () => {
  t = await createTestApp();
  await insertWorks(
    t.database.db,
    Array.from({ length: WORKS }, (_, i) =>
      buildWorkLine({
        channel: CHANNELS[i % 3]!,
        number: `SRCH-${String(i + 1).padStart(3, '0')}`,
        title: titleOf(i),
        pubDate: daysBefore(today, Math.floor(i / 4)),
        tags: i % 4 === 0 ? [{ group: '类型', name: '剧情' }] : [],
        magnets:
          i % 2 === 0
            ? [
                {
                  name: 'm',
                  infoHash: (i % 16).toString(16).repeat(40),
                  length: 1,
                  createTime: '2024-01-02 10:00:00',
                },
              ]
            : [],
      }),
    ),
  );
  await sql`ANALYZE`.execute(t.database.db);
  tagId = (await sql<{ id: string }>`SELECT id FROM tags WHERE name = '剧情'`.execute(t.database.db)).rows[0]!
    .id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

interface Query {
  keyword: string;
  modName?: ModName;
  date?: number;
  isDht?: 1;
  tagsId?: string;
}

/** The filter the catalogue service makes of the query, for the strategy it must pick. */
function strategyOf(query: Query): SearchStrategyName {
  return chooseSearchStrategy({
    channels: query.modName ? [MOD_ID[query.modName]] : [],
    sinceDate: query.date ? daysBefore(today, query.date) : undefined,
    onlyWithMagnets: query.isDht === 1,
    terms: searchTerms(query.keyword),
    entities: query.tagsId ? [{ kind: 'tag', id: query.tagsId }] : [],
  });
}

/** The works a query asks for, straight from the table, in list order (newest first, then id). */
async function expected(query: Query, matches: RawBuilder<unknown>): Promise<string[]> {
  const parts = [sql`NOT w.hidden`, matches];
  if (query.modName) parts.push(sql`w.channel = ${MOD_ID[query.modName]}`);
  if (query.date) parts.push(sql`w.pub_date >= ${daysBefore(today, query.date)}::date`);
  if (query.isDht) parts.push(sql`w.has_magnet`);
  if (query.tagsId)
    parts.push(sql`w.id IN (SELECT work_id FROM work_tags WHERE entity_id = ${query.tagsId})`);
  const result = await sql<{ number: string }>`
    SELECT w.number FROM works w WHERE ${sql.join(parts, sql` AND `)}
    ORDER BY w.pub_date DESC, w.id DESC`.execute(t.database.db);
  return result.rows.map((r) => r.number);
}

const titleHas = (word: string) => sql`w.title LIKE ${`%${word}%`}`;

/** A case per path: the strategy it must take, the query, and what it asks for. */
const CASES: Array<[SearchStrategyName, string, () => Query, RawBuilder<unknown>]> = [
  ['number-key', 'a number in another spelling', () => ({ keyword: 'srch7' }), sql`w.number = 'SRCH-007'`],
  [
    'number-key',
    'a partial number (planned again)',
    () => ({ keyword: 'srch-00' }),
    sql`w.number LIKE 'SRCH-00%'`,
  ],
  ['short-word', 'a common short word (walked)', () => ({ keyword: '海' }), titleHas('海')],
  [
    'short-word',
    'a rare one on a tab, with magnets',
    () => ({ keyword: '龙', modName: 'censored', isDht: 1 }),
    titleHas('龙'),
  ],
  [
    'long-words',
    'a long word with a rare bigram (gathered)',
    () => ({ keyword: 'lantern' }),
    titleHas('lantern'),
  ],
  [
    'walk-first',
    'two short words',
    () => ({ keyword: '海 夜' }),
    sql`${titleHas('海')} AND ${titleHas('夜')}`,
  ],
  ['walk-first', 'a short word in a window', () => ({ keyword: '海', date: 30 }), titleHas('海')],
  ['capped-gather', 'a short word with a tag', () => ({ keyword: '海', tagsId: tagId }), titleHas('海')],
  [
    'capped-gather',
    'a number among words',
    () => ({ keyword: 'SRCH-013 海' }),
    sql`w.number = 'SRCH-013' AND ${titleHas('海')}`,
  ],
];

describe('each search strategy answers the works asked for', () => {
  it.each(CASES)('%s: %s', async (strategy, _, queryOf, matches) => {
    const query = queryOf();
    expect(strategyOf(query)).toBe(strategy);
    const all = await expected(query, matches);
    expect(all.length, 'the case matches some works').toBeGreaterThan(0);
    for (const pageNum of [1, 2]) {
      const res = await t.get('/v2/works/detail/list', { ...query, pageNum, pageSize: PAGE_SIZE });
      expect(res.statusCode, res.body).toBe(200);
      const { rows, total } = res.json() as { rows: Array<{ number: string }>; total: number };
      const end = pageNum * PAGE_SIZE;
      expect(
        rows.map((r) => r.number),
        `page ${pageNum}`,
      ).toEqual(all.slice(end - PAGE_SIZE, end));
      // Exact, or a bound or estimate that lies past the page while more matches exist.
      if (all.length > end) expect(total).toBeGreaterThan(end);
      else expect(total).toBe(all.length);
    }
  });
});
