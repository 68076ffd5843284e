import type { ImportLineInput } from '@yingku/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/connection';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { createTestDatabase } from '../../../test/db';
import { inTransaction } from '../../db/executor';

let database: Database;
const hash = (c: string) => c.repeat(40);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const q = async <T>(query: string) => (await sql.raw<T>(query).execute(database.db)).rows;

/** Every catalogue row's version: equal snapshots mean nothing was written. */
async function rowVersions() {
  const tables = ['works', 'makers', 'labels', 'performers', 'tags', 'tag_groups', 'magnets'];
  const links = ['work_makers', 'work_labels', 'work_performers', 'work_tags'];
  const parts = [
    ...tables.map((t) => `SELECT '${t}' AS t, id::text AS k, xmin::text AS v FROM ${t}`),
    ...links.map((t) => `SELECT '${t}', work_id || '/' || entity_id, xmin::text FROM ${t}`),
  ];
  return q<{ t: string; k: string; v: string }>(`${parts.join(' UNION ALL ')} ORDER BY 1, 2`);
}

/** Stored counts that differ from a count of the link tables (should be none). */
async function countMismatches() {
  const plain = ['makers', 'labels', 'series', 'directors', 'items', 'tags'].map(
    (t) => `SELECT '${t}' AS t, e.name, e.work_count AS stored,
        (SELECT count(*) FROM work_${t} l WHERE l.entity_id = e.id)::int AS actual FROM ${t} e`,
  );
  const performers = [1, 2, 3].map(
    (c) => `SELECT 'performers.${c}', p.name, p.${['censored', 'uncensored', 'western'][c - 1]}_count,
        (SELECT count(*) FROM work_performers l WHERE l.entity_id = p.id AND l.channel = ${c})::int
      FROM performers p`,
  );
  const rows = await q<{ t: string; stored: number; actual: number }>(
    [...plain, ...performers].join(' UNION ALL '),
  );
  return rows.filter((r) => r.stored !== r.actual);
}

async function work(number: string) {
  const [row] = await q<{ id: string; title: string; has_magnet: boolean; updated_at: Date }>(
    `SELECT id, title, search_text, title_grams, has_magnet, updated_at, number_key
     FROM works WHERE number = '${number}'`,
  );
  return row!;
}

async function linked(link: string, number: string) {
  const table = link.replace('work_', '');
  const rows = await q<{ name: string; pub_date: string }>(
    `SELECT e.name, l.pub_date FROM ${link} l JOIN ${table} e ON e.id = l.entity_id
     JOIN works w ON w.id = l.work_id WHERE w.number = '${number}' ORDER BY e.name`,
  );
  return rows;
}

describe('upsertWorks', () => {
  const first: ImportLineInput[] = [
    buildWorkLine({
      number: 'WRT-001',
      title: '夏日 旅行',
      pubDate: '2024-03-01',
      makers: ['Maker A'],
      labels: [{ name: 'Label A', nameCn: '厂牌甲' }],
      performers: ['Performer A', 'Performer B', 'Performer A'],
      tags: [
        { group: '类型', name: '剧情' },
        { group: '画质', name: '高清' },
      ],
      magnets: [{ name: 'WRT-001', infoHash: hash('A'), length: 1000, createTime: '2024-03-02 10:00:00' }],
    }),
    buildWorkLine({
      number: 'WRT-002',
      pubDate: '2024-03-02',
      makers: ['Maker A'],
      performers: ['Performer A'],
    }),
    buildWorkLine({
      channel: 'uncensored',
      number: '010124-001',
      pubDate: '2024-01-01',
      makers: ['Maker A'],
      performers: ['Performer A'],
      tags: [{ group: '类型', name: '剧情' }],
    }),
  ];

  it('inserts works with their entities, links, magnets and counts', async () => {
    const result = await insertWorks(database.db, first);
    expect(result).toMatchObject({ inserted: 3, updated: 0, unchanged: 0 });
    expect(result.ids).toHaveLength(3);
    for (const id of result.ids) expect(id).toMatch(/^\d{16,19}$/);

    const w1 = await work('WRT-001');
    expect(w1).toMatchObject({ id: result.ids[0], search_text: 'wrt-001 夏日 旅行', has_magnet: true });
    expect(w1).toMatchObject({ number_key: 'WRT1', title_grams: ['夏', '夏日', '日', '旅', '旅行', '行'] });
    expect((await work('WRT-002')).has_magnet).toBe(false);

    expect(await linked('work_performers', 'WRT-001')).toEqual([
      { name: 'Performer A', pub_date: '2024-03-01' },
      { name: 'Performer B', pub_date: '2024-03-01' },
    ]);
    // Makers are per channel: the uncensored "Maker A" is another maker.
    expect(await q(`SELECT channel, name, work_count FROM makers ORDER BY channel`)).toEqual([
      { channel: 1, name: 'Maker A', work_count: 2 },
      { channel: 2, name: 'Maker A', work_count: 1 },
    ]);
    expect(await q(`SELECT name, name_cn, work_count FROM labels`)).toEqual([
      { name: 'Label A', name_cn: '厂牌甲', work_count: 1 },
    ]);
    expect(
      await q(`SELECT name, censored_count, uncensored_count, western_count FROM performers ORDER BY name`),
    ).toEqual([
      { name: 'Performer A', censored_count: 2, uncensored_count: 1, western_count: 0 },
      { name: 'Performer B', censored_count: 1, uncensored_count: 0, western_count: 0 },
    ]);
    expect(
      await q(`SELECT g.channel, g.name AS g, t.name, t.channel AS tc, t.work_count FROM tags t
               JOIN tag_groups g ON g.id = t.group_id ORDER BY g.channel, g.name`),
    ).toEqual([
      { channel: 1, g: '画质', name: '高清', tc: 1, work_count: 1 },
      { channel: 1, g: '类型', name: '剧情', tc: 1, work_count: 1 },
      { channel: 2, g: '类型', name: '剧情', tc: 2, work_count: 1 },
    ]);
    expect(await q(`SELECT number, number_key, info_hash, length FROM magnets`)).toEqual([
      { number: 'WRT-001', number_key: 'WRT1', info_hash: hash('a'), length: '1000' },
    ]);
    expect(await countMismatches()).toEqual([]);
  });

  it('writes nothing when the same lines come again', async () => {
    const before = await rowVersions();
    const result = await insertWorks(database.db, first);
    expect(result).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
    expect(await rowVersions()).toEqual(before);
  });

  it('updates a changed title, and only that work', async () => {
    const before = await work('WRT-002');
    const result = await insertWorks(database.db, [first[0]!, { ...first[1]!, title: '城市 故事' }]);
    expect(result).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 });
    const after = await work('WRT-002');
    expect(after).toMatchObject({ id: before.id, title: '城市 故事', search_text: 'wrt-002 城市 故事' });
    expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
  });

  it('replaces links with exactly the line’s set and keeps counts right', async () => {
    const line = {
      ...first[0]!,
      makers: ['Maker B'],
      labels: [],
      performers: ['Performer B', 'Performer C'],
      tags: [{ group: '类型', name: '剧情' }],
      magnets: [],
    };
    expect(await insertWorks(database.db, [line])).toMatchObject({ updated: 1 });
    expect((await linked('work_makers', 'WRT-001')).map((r) => r.name)).toEqual(['Maker B']);
    expect(await linked('work_labels', 'WRT-001')).toEqual([]);
    expect((await linked('work_performers', 'WRT-001')).map((r) => r.name)).toEqual([
      'Performer B',
      'Performer C',
    ]);
    // An entity left without works stays, with a zero count (lists show only counts above 0).
    expect(await q(`SELECT name, work_count FROM labels`)).toEqual([{ name: 'Label A', work_count: 0 }]);
    expect(await q(`SELECT name, censored_count, uncensored_count FROM performers ORDER BY name`)).toEqual([
      { name: 'Performer A', censored_count: 1, uncensored_count: 1 },
      { name: 'Performer B', censored_count: 1, uncensored_count: 0 },
      { name: 'Performer C', censored_count: 1, uncensored_count: 0 },
    ]);
    expect(await countMismatches()).toEqual([]);
    // Magnets are additive: a line without them keeps the stored ones.
    expect(await q(`SELECT count(*)::int AS n FROM magnets`)).toEqual([{ n: 1 }]);
    expect((await work('WRT-001')).has_magnet).toBe(true);
  });

  it('moves the links’ copied date when a work’s date changes', async () => {
    const line = { ...first[2]!, pubDate: '2023-12-31' };
    expect(await insertWorks(database.db, [line])).toMatchObject({ updated: 1 });
    for (const link of ['work_makers', 'work_performers', 'work_tags']) {
      expect((await linked(link, '010124-001')).map((r) => r.pub_date)).toEqual(['2023-12-31']);
    }
  });

  it('flags has_magnet when magnets arrive, and counts the line as updated', async () => {
    const line = {
      ...first[1]!,
      title: '城市 故事',
      magnets: [{ name: 'x', infoHash: hash('b'), length: 5, createTime: '2024-03-05', hd: true }],
    };
    expect(await insertWorks(database.db, [line])).toMatchObject({ updated: 1 });
    expect((await work('WRT-002')).has_magnet).toBe(true);
    expect(await insertWorks(database.db, [line])).toMatchObject({ unchanged: 1 });
    const [magnet] = await q<{ t: string }>(
      `SELECT to_char(create_time AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS t, hd
       FROM magnets WHERE info_hash = '${hash('b')}'`,
    );
    expect(magnet).toEqual({ t: '2024-03-05 00:00:00', hd: true });
  });

  it('fills in a Chinese name given later, counting the line as updated', async () => {
    const line = { ...first[1]!, title: '城市 故事', makers: [{ name: 'Maker A', nameCn: '片商甲' }] };
    const before = await q(`SELECT magnets.* FROM magnets`);
    expect(await insertWorks(database.db, [line])).toMatchObject({ updated: 1 });
    expect(await q(`SELECT name_cn FROM makers WHERE channel = 1 AND name = 'Maker A'`)).toEqual([
      { name_cn: '片商甲' },
    ]);
    expect(await q(`SELECT magnets.* FROM magnets`)).toEqual(before);
  });

  it('writes a work repeated in one call in order: inserted, then updated', async () => {
    const a = buildWorkLine({ number: 'WRT-100', title: '第一版' });
    const result = await insertWorks(database.db, [a, { ...a, title: '第二版' }, a]);
    expect(result).toMatchObject({ inserted: 1, updated: 2, unchanged: 0 });
    expect(new Set(result.ids).size).toBe(1);
    expect((await work('WRT-100')).title).toBe('第一版');
  });

  it('uses the given id maker for new works and the given transaction', async () => {
    const line = buildWorkLine({ number: 'WRT-200' });
    await inTransaction(database.db, async (trx) => {
      const result = await insertWorks(database.db, [line], { trx, newId: () => '1234567890123456789' });
      expect(result.ids).toEqual(['1234567890123456789']);
      throw new Error('roll back');
    }).catch(() => undefined);
    expect(await q(`SELECT id FROM works WHERE number = 'WRT-200'`)).toEqual([]);
    await insertWorks(database.db, [line], { newId: () => '1234567890123456789' });
    expect((await work('WRT-200')).id).toBe('1234567890123456789');
  });

  it('keeps every count equal to its links after many changes', async () => {
    const pool = ['P1', 'P2', 'P3', 'P4'];
    const lines = Array.from({ length: 40 }, (_, i) =>
      buildWorkLine({
        channel: (['censored', 'uncensored', 'western'] as const)[i % 3],
        number: `MIX-${i}`,
        performers: pool.filter((_, j) => (i + j) % 3 === 0),
        items: [`Item ${i % 4}`],
        tags: [{ group: '组', name: `标签${i % 5}` }],
      }),
    );
    await insertWorks(database.db, lines);
    const shuffled = lines.map((l, i) => ({
      ...l,
      performers: pool.filter((_, j) => (i + j) % 2 === 0),
      items: i % 2 ? [] : [`Item ${i % 3}`],
      tags: [{ group: '组', name: `标签${i % 2}` }],
    }));
    expect(await insertWorks(database.db, shuffled)).toMatchObject({ updated: 40 });
    expect(await countMismatches()).toEqual([]);
  });
});
