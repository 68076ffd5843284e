import { API, collectFolder, fillPath, LIMITS, SERVER_MSG } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { insertCaller } from '../../../test/users';

let t: TestApp;
let works: string[];
const UNKNOWN_WORK = '9000000000000000001';
type Headers = Record<string, string>;

async function folders(headers: Headers) {
  const res = await t.get(API.folderList, {}, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: Array<ReturnType<typeof collectFolder.parse>>; total: number };
}

async function createFolder(headers: Headers, cateName: string, extra: Record<string, unknown> = {}) {
  const res = await t.send('POST', API.createFolder, { cateName, ...extra }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return collectFolder.parse(res.json().data).cateId;
}

const adds = (headers: Headers, body: Record<string, unknown>) =>
  t.send('POST', API.collectAdds, body, headers);
const edit = (headers: Headers, body: Record<string, unknown>) =>
  t.send('POST', API.collectEdit, body, headers);

async function heldIn(headers: Headers, workId: string) {
  const res = await t.get(fillPath(API.workFolders, { dataId: workId }), {}, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as string[];
}

/** Everything a collect write can move, to prove a refused one moved nothing. */
async function snapshot() {
  const db = t.database.db;
  const [entries, folderCounts, workCounts] = await Promise.all([
    db
      .selectFrom('collect_entries')
      .select(['folder_id', 'work_id'])
      .orderBy('folder_id')
      .orderBy('work_id')
      .execute(),
    db.selectFrom('collect_folders').select(['id', 'work_count']).orderBy('id').execute(),
    db.selectFrom('works').select(['id', 'collect_count']).orderBy('id').execute(),
  ]);
  return { entries, folderCounts, workCounts };
}

async function collectCount(workId: string) {
  const row = await t.database.db
    .selectFrom('works')
    .select('collect_count')
    .where('id', '=', workId)
    .executeTakeFirstOrThrow();
  return row.collect_count;
}

beforeAll(async () => {
  t = await createTestApp();
  const lines = Array.from({ length: 4 }, () => buildWorkLine());
  ({ ids: works } = await insertWorks(t.database.db, lines));
});
afterAll(() => t.close());

describe('collecting', () => {
  it('adds to the default folder, then to named ones, counting users and entries', async () => {
    const { headers } = await insertCaller(t);
    const work = works[0]!;
    const start = await collectCount(work);
    const defaultId = (await folders(headers)).rows[0]!.cateId;
    const f1 = await createFolder(headers, 'f1');
    const f2 = await createFolder(headers, 'f2');

    let res = await adds(headers, { dataId: work, status: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([defaultId]);
    expect(await collectCount(work)).toBe(start + 1);
    res = await adds(headers, { dataId: work });
    expect(res.json().data).toEqual([defaultId]);

    res = await adds(headers, { dataId: work, cateIds: [f1, f2, f1], cateId: f2 });
    expect(res.json().data).toEqual([defaultId, f1, f2]);
    expect(await heldIn(headers, work)).toEqual([defaultId, f1, f2]);
    expect(await collectCount(work)).toBe(start + 1);
    expect((await folders(headers)).rows.map((f) => f.count)).toEqual([1, 1, 1]);

    res = await adds(headers, { dataId: work, status: 9, cateIds: [f1] });
    expect(res.json().data).toEqual([defaultId, f2]);
    res = await edit(headers, { dataId: work, cateIds: [f1], status: 0 });
    expect(res.json().data).toEqual([f1]);
    expect((await folders(headers)).rows.map((f) => f.count)).toEqual([0, 1, 0]);
    expect(await collectCount(work)).toBe(start + 1);

    res = await edit(headers, { dataId: work, cateIds: [], status: 9 });
    expect(res.json().data).toEqual([]);
    expect(await collectCount(work)).toBe(start);
    expect((await folders(headers)).rows.map((f) => f.count)).toEqual([0, 0, 0]);

    await adds(headers, { dataId: work, cateIds: [f2] });
    expect(await collectCount(work)).toBe(start + 1);
    res = await edit(headers, { dataId: work, cateIds: [] });
    expect(res.json().data).toEqual([]);
    await adds(headers, { dataId: work, cateIds: [f1, f2] });
    res = await adds(headers, { dataId: work, status: 9 });
    expect(res.json().data).toEqual([]);
    expect(await collectCount(work)).toBe(start);
  });

  it(`holds a work in at most ${LIMITS.foldersPerWork} folders, changing nothing past it`, async () => {
    const { headers } = await insertCaller(t);
    const work = works[1]!;
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) ids.push(await createFolder(headers, `folder ${i}`));
    let res = await adds(headers, { dataId: work, cateIds: ids.slice(0, 4) });
    expect(res.json().data).toHaveLength(4);
    const before = await snapshot();

    res = await adds(headers, { dataId: work, cateIds: ids.slice(4, 6) });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(SERVER_MSG.tooManyFolders);
    res = await edit(headers, { dataId: work, cateIds: ids });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(SERVER_MSG.tooManyFolders);
    expect(await snapshot()).toEqual(before);

    res = await adds(headers, { dataId: work, cateId: ids[4] });
    expect(res.json().data).toHaveLength(5);
  });

  it('refuses bad input and unknown works with a message, changing nothing', async () => {
    const { headers } = await insertCaller(t);
    const before = await snapshot();
    const cases: Array<[typeof adds, Record<string, unknown>, number]> = [
      [adds, { dataId: 'abc' }, 400],
      [adds, { dataId: works[0], cateIds: 'notalist' }, 400],
      [adds, { dataId: works[0], cateIds: ['x'] }, 400],
      [adds, { dataId: works[0], status: 3 }, 400],
      [edit, { dataId: works[0], cateIds: { a: 1 } }, 400],
      [adds, { dataId: UNKNOWN_WORK }, 404],
      [edit, { dataId: UNKNOWN_WORK, cateIds: [] }, 404],
      [adds, { dataId: works[0], cateIds: [UNKNOWN_WORK] }, 404],
    ];
    for (const [call, body, status] of cases) {
      const res = await call(headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().msg).toBeTruthy();
    }
    const bad = await t.get(fillPath(API.workFolders, { dataId: 'abc' }), {}, headers);
    expect(bad.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps one row per folder and exact counts under parallel collects of the same work', async () => {
    const { user, headers } = await insertCaller(t);
    const work = works[2]!;
    const start = await collectCount(work);
    const f1 = await createFolder(headers, 'p1');
    const f2 = await createFolder(headers, 'p2');
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => adds(headers, { dataId: work })),
      adds(headers, { dataId: work, cateIds: [f1] }),
      adds(headers, { dataId: work, cateIds: [f2] }),
      adds(headers, { dataId: work, cateIds: [f1, f2] }),
    ]);
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db
      .selectFrom('collect_entries')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(3);
    expect(await collectCount(work)).toBe(start + 1);
    expect((await folders(headers)).rows.map((f) => f.count)).toEqual([1, 1, 1]);

    await Promise.all(Array.from({ length: 4 }, () => edit(headers, { dataId: work, status: 9 })));
    expect(await collectCount(work)).toBe(start);
    expect((await folders(headers)).rows.map((f) => f.count)).toEqual([0, 0, 0]);
  });

  it('lists collected works newest first, in one folder or in all (each work once)', async () => {
    const { headers } = await insertCaller(t);
    const f1 = await createFolder(headers, 'list');
    await adds(headers, { dataId: works[0] });
    await adds(headers, { dataId: works[1], cateIds: [f1] });
    await adds(headers, { dataId: works[2] });
    await adds(headers, { dataId: works[0], cateIds: [f1] });

    const ids = (res: { json(): { rows: Array<{ id: string }> } }) => res.json().rows.map((r) => r.id);
    let res = await t.get(API.collectList, { pageNum: 1 }, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res)).toEqual([works[0], works[2], works[1]]);
    expect(res.json().total).toBe(3);
    expect(res.json().rows[0].addTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    res = await t.get(API.collectList, { cateId: f1 }, headers);
    expect(ids(res)).toEqual([works[0], works[1]]);
    expect(res.json().total).toBe(2);
    res = await t.get(API.collectList, { pageNum: 2, pageSize: 2 }, headers);
    expect(ids(res)).toEqual([works[1]]);

    for (const query of [{ pageSize: 101 }, { pageNum: 0 }, { cateId: 'x' }]) {
      expect((await t.get(API.collectList, query, headers)).statusCode).toBe(400);
    }
  });
});

describe('isolation', () => {
  it('never lets user B read or change user A’s folders', async () => {
    const a = await insertCaller(t);
    const b = await insertCaller(t);
    const work = works[3]!;
    const aFolder = await createFolder(a.headers, 'A only');
    await adds(a.headers, { dataId: work, cateIds: [aFolder] });
    const before = await snapshot();

    const refusals = [
      await adds(b.headers, { dataId: work, cateIds: [aFolder] }),
      await adds(b.headers, { dataId: work, cateId: aFolder, status: 9 }),
      await edit(b.headers, { dataId: work, cateIds: [aFolder] }),
      await t.get(API.collectList, { cateId: aFolder }, b.headers),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: SERVER_MSG.folderNotFound });
    }
    expect(await snapshot()).toEqual(before);

    expect((await folders(b.headers)).rows.map((f) => f.cateId)).not.toContain(aFolder);
    expect(await heldIn(b.headers, work)).toEqual([]);
    expect((await t.get(API.collectList, {}, b.headers)).json()).toMatchObject({ rows: [], total: 0 });
    // B uncollecting the work touches only B's (empty) entries.
    await edit(b.headers, { dataId: work, status: 9 });
    expect(await snapshot()).toEqual(before);
    expect(await heldIn(a.headers, work)).toEqual([aFolder]);
  });
});
