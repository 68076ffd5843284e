import { ENTITY_MATCH_KINDS, LIMITS, type ModId, SUGGESTED_ENTITY_KINDS } from '@yingku/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app';
import { buildWorkLine, insertWorks } from '../../../../test/factories';
import { LISTED_CHANNELS } from '../../../db/entity-names';
import { ENTITY_KINDS } from '../../../db/schema';
import { createCatalogueAdminService } from '../../catalogue-admin/catalogue-admin.service';
import { createEntitySearchRepo, type EntityMatchRow } from './entities.repo';
import { createSuggestRepo } from './suggest.repo';

// The name index of migration 0017 against the entity tables it is kept from: whatever the
// keyword's length, channel or kinds, a search answers what a plain query over the entity
// tables answers, and renames, count changes and deletes reach it through the triggers.

let t: TestApp;
let repo: ReturnType<typeof createEntitySearchRepo>;

// Fictional names only: CJK syllables and Latin words recombined, so that a character or a
// pair is in many names, with counts spread by how often each name is drawn.
const CJK = ['星', '月', '花', '雨', '雪', '风', '云', '海'];
const LATIN = ['Ava', 'Lumi', 'Nova', 'Sol', 'Mira'];
const performerName = (i: number) =>
  i % 3 === 0
    ? `${LATIN[i % 5]} ${LATIN[(i * 7 + 1) % 5]}${i}`
    : `${CJK[i % 8]}${CJK[(i * 3 + 1) % 8]}${CJK[(i * 5 + 2) % 8]}${i}`;

/** Deterministic draws: name `i` is in about `1 / (1 + i % 9)` of the works. */
const draws = (work: number, pool: number, per: number) =>
  Array.from({ length: per }, (_, k) => (work * 31 + k * 17 + ((work * k) % 7) * 11) % pool);

beforeAll(async () => {
  t = await createTestApp();
  repo = createEntitySearchRepo(t.database.prepared);
  const channels = ['censored', 'uncensored', 'western'] as const;
  const lines = Array.from({ length: 150 }, (_, w) =>
    buildWorkLine({
      channel: channels[w % 3 === 2 ? 1 : w % 5 === 4 ? 2 : 0],
      performers: [...new Set(draws(w, 140, 4).map(performerName))],
      makers: [`${CJK[w % 8]}${CJK[(w + 3) % 8]}片商${w % 23}`],
      series: [`${CJK[(w * 5) % 8]}之系列${w % 17}`],
      labels: [`Label ${LATIN[w % 5]} ${w % 13}`],
      tags: [{ group: '题材', name: `${CJK[w % 8]}主题${w % 6}` }],
    }),
  );
  await insertWorks(t.database.db, lines);
});

afterAll(async () => {
  await t.close();
});

/** The plain answer: every entity row holding the keyword, from its own table, sorted and cut. */
async function oracle(folded: string, channel: ModId | undefined, perKind: number) {
  const found: EntityMatchRow[] = [];
  for (const kind of ENTITY_MATCH_KINDS) {
    const { table } = ENTITY_KINDS[kind];
    const channels = LISTED_CHANNELS[kind].filter((c) => channel === undefined || c === channel);
    const candidates: Array<EntityMatchRow & { exact: boolean }> = [];
    for (const c of channels) {
      const count =
        kind === 'performer'
          ? sql.ref(c === 1 ? 'censored_count' : 'uncensored_count')
          : sql.ref('work_count');
      const ofChannel = kind === 'performer' ? sql`true` : sql`channel = ${c}`;
      const { rows } = await sql<{ id: string; name: string; name_cn: string | null; count: number }>`
        SELECT id, name, name_cn, ${count} AS count FROM ${sql.table(table)}
        WHERE ${ofChannel} AND ${count} > 0
          AND (strpos(lower(name), ${folded}) > 0 OR strpos(lower(coalesce(name_cn, '')), ${folded}) > 0)`.execute(
        t.database.db,
      );
      for (const row of rows) {
        const exact = row.name.toLowerCase() === folded || row.name_cn?.toLowerCase() === folded;
        candidates.push({ kind, ...row, channel: c, exact });
      }
    }
    const byId = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);
    candidates.sort(
      (a, b) =>
        Number(b.exact) - Number(a.exact) || b.count - a.count || byId(a.id, b.id) || a.channel - b.channel,
    );
    const seen = new Set<string>();
    found.push(
      ...candidates
        .filter((row) => !seen.has(row.id) && seen.add(row.id))
        .slice(0, perKind)
        .map(({ exact: _exact, ...row }) => row),
    );
  }
  return found;
}

const KEYWORDS = [
  // One character, a pair, longer CJK parts, Latin parts in any length, a whole name.
  '星',
  '雨',
  '1',
  '星月',
  '花雨',
  '片商',
  '星月花',
  '之系列1',
  'a',
  'lu',
  'lumi',
  'nova m',
  'sol mira',
  'label ava',
  performerName(4).toLowerCase(),
  '无人之名',
];

describe('entity names (migration 0017) answer as the entity tables do', () => {
  it.each(KEYWORDS)('%s, in every channel and in each', async (keyword) => {
    for (const channel of [undefined, 1, 2, 3] as const) {
      for (const perKind of [LIMITS.entityMatchesPerKind, LIMITS.suggestedEntitiesPerKind]) {
        const [got, expected] = await Promise.all([
          repo.searchEntities(keyword, channel, perKind),
          oracle(keyword, channel, perKind),
        ]);
        expect(got, `${keyword} in ${channel ?? 'all'}, ${perKind} a kind`).toEqual(expected);
      }
    }
  });

  // The search box asks for works and names in one statement, with the parts of every spelling
  // of the keyword side by side: it finds what each read finds alone.
  it.each([
    [null, ['星月花']],
    ['TEST0001', ['星', 'lu']],
    ['TEST', ['测试作品 1', 'nova m']],
    [null, ['片商', '之系列1', 'sol mira']],
    // Prefixes whose next one skips the surrogates, or has none at their length.
    [null, ['测\u{d7ff}', '\u{10ffff}']],
  ])(
    'the search box finds what its reads find alone (number %s, spellings %j)',
    async (compact, spellings) => {
      const suggestRepo = createSuggestRepo(t.database.prepared);
      const limit = LIMITS.suggestedWorks;
      const perKind = LIMITS.suggestedEntitiesPerKind;
      const startingWith = async (key: string, prefix: string, channel: ModId | undefined) =>
        (
          await sql<{ id: string; channel: ModId; number: string; title: string }>`
          SELECT id, channel, number, title FROM works
          WHERE NOT hidden AND starts_with(${sql.raw(key)}, ${prefix})
            AND (${channel ?? null}::smallint IS NULL OR channel = ${channel ?? null})
          ORDER BY ${sql.raw(key)} COLLATE "C", id LIMIT ${limit}`.execute(t.database.db)
        ).rows;
      const numberKey = `upper(regexp_replace(number, '[^A-Za-z0-9]', '', 'g'))`;
      for (const channel of [undefined, 1, 2, 3] as const) {
        const got = await suggestRepo.suggest({
          compact,
          spellings,
          channel,
          limit,
          kinds: SUGGESTED_ENTITY_KINDS,
          perKind,
        });
        expect(got, `in ${channel ?? 'all'}`).toEqual({
          byNumber: compact === null ? [] : await startingWith(numberKey, compact, channel),
          byTitle: await Promise.all(spellings.map((s) => startingWith('lower(title)', s, channel))),
          names: await Promise.all(
            spellings.map((s) => repo.searchEntities(s, channel, perKind, SUGGESTED_ENTITY_KINDS)),
          ),
        });
      }
    },
  );

  it('finds more than a kind shows for a common character, and asks only the kinds given', async () => {
    const rows = await repo.searchEntities('星', undefined, 3, ['maker', 'series']);
    expect(rows.map((row) => row.kind)).toEqual(['maker', 'maker', 'maker', 'series', 'series', 'series']);
  });

  it('follows a rename, in either script, through the triggers', async () => {
    const { rows } = await sql<{ id: string }>`
      UPDATE makers SET name = '改名片商', name_cn = '新名字' WHERE name = ${'星雨片商0'} RETURNING id`.execute(
      t.database.db,
    );
    expect(rows).toHaveLength(1);
    expect(await repo.searchEntities('星雨片商0', undefined, 6, ['maker'])).toEqual([]);
    expect(await repo.searchEntities('改名', undefined, 6, ['maker'])).toEqual([
      expect.objectContaining({ id: rows[0]!.id, name: '改名片商', name_cn: '新名字' }),
    ]);
    expect(await repo.searchEntities('新名', undefined, 6, ['maker'])).toHaveLength(1);
    expect(await repo.searchEntities('改名片商', undefined, 6)).toEqual(
      await oracle('改名片商', undefined, 6),
    );
  });

  it('follows counts: a hidden work leaves its names, a name with no works left is no match', async () => {
    const [line] = [
      buildWorkLine({
        performers: ['独一无二的名字'],
        makers: ['独家片商'],
        tags: [{ group: '题材', name: '独家' }],
      }),
    ];
    const {
      ids: [id],
    } = await insertWorks(t.database.db, [line!]);
    expect(await repo.searchEntities('独', undefined, 6)).toEqual(await oracle('独', undefined, 6));
    expect((await repo.searchEntities('独一无二', undefined, 6)).map((row) => row.count)).toEqual([1]);

    const admin = createCatalogueAdminService({ db: t.database.db, onChange: () => undefined });
    await admin.update(id!, { hidden: true });
    expect(await repo.searchEntities('独', undefined, 6)).toEqual([]);
    expect(await repo.searchEntities('独一无二', undefined, 6)).toEqual([]);

    await admin.update(id!, { hidden: false });
    expect(await repo.searchEntities('独', undefined, 6)).toEqual(await oracle('独', undefined, 6));
    expect(await repo.searchEntities('独', undefined, 6)).toHaveLength(3);
  });

  it('forgets a deleted entity, with its grams', async () => {
    const { rows } = await sql<{ id: string }>`
      DELETE FROM series WHERE name = ${'星之系列0'} RETURNING id`.execute(t.database.db);
    expect(rows).toHaveLength(1);
    const left = await sql<{ n: number }>`
      SELECT (SELECT count(*) FROM entity_names WHERE kind = 'series' AND id = ${rows[0]!.id})::int
        + (SELECT count(*) FROM entity_name_grams WHERE kind = 'series' AND id = ${rows[0]!.id})::int AS n`.execute(
      t.database.db,
    );
    expect(left.rows[0]!.n).toBe(0);
    expect(await repo.searchEntities('之系列', 1, 6)).toEqual(await oracle('之系列', 1, 6));
  });

  it('keeps one row per listed channel: a maker moved to another channel moves with it', async () => {
    await sql`UPDATE makers SET channel = 3 WHERE name = ${'月雪片商1'} AND channel = 1`.execute(
      t.database.db,
    );
    const { rows } = await sql<{ kind: string; channel: number }>`
      SELECT n.kind, n.channel FROM entity_names n JOIN makers m ON m.id = n.id
      WHERE n.kind = 'maker' AND m.name = ${'月雪片商1'}`.execute(t.database.db);
    expect(rows).toEqual([{ kind: 'maker', channel: 3 }]);
    expect(await repo.searchEntities('月雪', undefined, 6)).toEqual(await oracle('月雪', undefined, 6));
  });
});
