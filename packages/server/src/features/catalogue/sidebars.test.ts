import { API, ENTITY_TABLES, fillPath, type ImportLineInput, STAFF_API } from '@yingku/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { insertRoleCaller } from '../../../test/staff';
import { ENTITY_KINDS } from '../../db/schema';

// The sidebars (makers, labels… and performers of a channel, most works first) page for page
// against a plain count of the links of visible works: the page reads the count indexes alone
// and the totals come from the counters of migration 0019 (decision 051).

let t: TestApp;
let staff: Record<string, string>;
let workIds: string[];
const CHANNELS = ['censored', 'uncensored', 'western'] as const;
const MOD_ID = { censored: 1, uncensored: 2, western: 3 } as const;

/** A fixed pseudo-random draw, so ties and gaps in the counts are the same every run. */
function draw(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
}

function lines(): ImportLineInput[] {
  const pick = draw(7);
  const some = (prefix: string, pool: number) => [
    ...new Set(Array.from({ length: 1 + pick(3) }, () => `${prefix} ${pick(pool)}`)),
  ];
  return Array.from({ length: 90 }, (_, i) =>
    buildWorkLine({
      channel: CHANNELS[i % 3]!,
      number: `SIDE-${String(i).padStart(3, '0')}`,
      makers: some('Maker', 9),
      labels: some('Label', 7),
      series: some('Series', 6),
      directors: some('Director', 8),
      items: some('Item', 5),
      performers: some('Performer', 23),
    }),
  );
}

/** Entities of a kind with visible works in a channel: id and count, most works first. */
async function expected(kind: (typeof ENTITY_TABLES)[number], channel: number, sortChannel = channel) {
  const { rows } = await sql<{ id: string; name: string; count: number }>`
    SELECT e.id::text, e.name, c.count FROM (
      SELECT l.entity_id,
        count(*) FILTER (WHERE w.channel = ${channel})::int AS count,
        count(*) FILTER (WHERE w.channel = ${sortChannel})::int AS sort
      FROM ${sql.table(ENTITY_KINDS[kind].link)} l JOIN works w ON w.id = l.work_id
      WHERE NOT w.hidden GROUP BY l.entity_id
    ) c JOIN ${sql.table(ENTITY_KINDS[kind].table)} e ON e.id = c.entity_id
    WHERE c.count > 0 ORDER BY c.sort DESC, e.id`.execute(t.database.db);
  return rows;
}

/** Every page of a sidebar, `pageSize` at a time, and the total each page said. */
async function allPages(path: string, query: Record<string, string | number>, pageSize: number) {
  const rows: Array<{ id: string; name: string; count: number }> = [];
  const totals = new Set<number>();
  for (let pageNum = 1; ; pageNum += 1) {
    const res = await t.get(path, { ...query, pageNum, pageSize });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { rows: typeof rows; total: number };
    totals.add(body.total);
    rows.push(...body.rows.map((r) => ({ id: r.id, name: r.name, count: r.count })));
    if (body.rows.length < pageSize) return { rows, totals: [...totals] };
  }
}

async function expectEverySidebarExact() {
  for (const kind of ENTITY_TABLES) {
    for (const modName of CHANNELS) {
      const want = await expected(kind, MOD_ID[modName]);
      const got = await allPages(API.tagList, { tableName: kind, modId: MOD_ID[modName] }, 4);
      expect(got.rows, `${kind} in ${modName}`).toEqual(want);
      expect(got.totals, `${kind} in ${modName}`).toEqual([want.length]);
    }
  }
  for (const modName of CHANNELS) {
    for (const sort of ['count', 'uncensoredCount'] as const) {
      const channel = MOD_ID[modName];
      const want = await expected('performer', channel, sort === 'count' ? channel : 2);
      const got = await allPages(API.performerList, { modName, sort }, 5);
      expect(got.rows, `performers of ${modName} by ${sort}`).toEqual(want);
      expect(got.totals).toEqual([want.length]);
    }
  }
}

beforeAll(async () => {
  // No reused answers: every page is read again after each write, however it is written.
  t = await createTestApp({ catalogueCacheMs: 0 });
  staff = (await insertRoleCaller(t, ['member', 'content'])).headers;
  workIds = (await insertWorks(t.database.db, lines())).ids;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('sidebars', () => {
  it('page through every kind and channel as a count of the links would, with its total', async () => {
    await expectEverySidebarExact();
  });

  it('follow hiding works, a new work and showing them again', async () => {
    // As staff do (which also drops any cached answer): works of each channel.
    const hide = async (hidden: boolean) => {
      for (const id of [workIds[0]!, workIds[4]!, workIds[11]!]) {
        const res = await t.send('POST', fillPath(STAFF_API.work, { id }), { hidden }, staff);
        expect(res.statusCode, res.body).toBe(200);
      }
    };
    await hide(true);
    await expectEverySidebarExact();
    await insertWorks(t.database.db, [
      buildWorkLine({ channel: 'censored', number: 'SIDE-NEW', makers: ['Maker new'], performers: ['Solo'] }),
    ]);
    await expectEverySidebarExact();
    await hide(false);
    await expectEverySidebarExact();
  });

  it('answers a page past the end with no rows and the same total', async () => {
    const res = await t.get(API.tagList, { tableName: 'maker', modId: 1, pageNum: 999, pageSize: 4 });
    const body = res.json() as { rows: unknown[]; total: number };
    expect(body.rows).toEqual([]);
    expect(body.total).toBe((await expected('maker', 1)).length);
  });
});
