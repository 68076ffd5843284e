import { API, fillPath, libraryWork, MSG, SERVER_MSG } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { insertCaller } from '../../../test/users';

let t: TestApp;
let works: string[];
const UNKNOWN_WORK = '9000000000000000001';

async function likeCount(workId: string) {
  const row = await t.database.db
    .selectFrom('works')
    .select('like_count')
    .where('id', '=', workId)
    .executeTakeFirstOrThrow();
  return row.like_count;
}

async function likeRows(userId: string) {
  return t.database.db.selectFrom('likes').selectAll().where('user_id', '=', userId).execute();
}

beforeAll(async () => {
  t = await createTestApp();
  ({ ids: works } = await insertWorks(t.database.db, [buildWorkLine(), buildWorkLine(), buildWorkLine()]));
});
afterAll(() => t.close());

describe('without a token', () => {
  it('answers 403 on every library call, whatever the input, and changes nothing', async () => {
    const before = await likeCount(works[0]!);
    const calls = [
      t.send('POST', API.like, { dataId: works[0], status: 0 }),
      t.send('POST', API.like, { dataId: 'not-a-number' }),
      t.get(API.likeList),
      t.get(API.folderList),
      t.send('POST', API.createFolder, { cateName: 'x' }),
      t.get(fillPath(API.workFolders, { dataId: works[0]! })),
      t.send('POST', API.collectAdds, { dataId: works[0] }),
      t.send('POST', API.collectEdit, { dataId: works[0], cateIds: [] }),
      t.get(API.collectList),
      t.send('POST', API.copy, {}),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ code: 403, msg: MSG.default403 });
    }
    expect(await likeCount(works[0]!)).toBe(before);
  });

  it('answers 401 to a forged token', async () => {
    const res = await t.get(API.likeList, {}, { authorization: 'Bearer not.a.token' });
    expect(res.statusCode).toBe(401);
  });
});

describe('likes', () => {
  it('likes and unlikes idempotently, moving like_count only on a real change', async () => {
    const { user, headers } = await insertCaller(t);
    const work = works[0]!;
    const start = await likeCount(work);
    const like = (status: number) => t.send('POST', API.like, { dataId: work, status }, headers);

    let res = await like(0);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ like: true });
    expect(await likeCount(work)).toBe(start + 1);
    res = await like(0);
    expect(res.json().data).toEqual({ like: true });
    expect(await likeCount(work)).toBe(start + 1);
    expect(await likeRows(user.id)).toHaveLength(1);

    res = await like(9);
    expect(res.json().data).toEqual({ like: false });
    expect(await likeCount(work)).toBe(start);
    res = await t.send('POST', API.like, { dataId: work, status: '9' }, headers);
    expect(res.statusCode).toBe(200);
    expect(await likeCount(work)).toBe(start);
    expect(await likeRows(user.id)).toHaveLength(0);
  });

  it('keeps one row and an exact count under parallel likes of the same work', async () => {
    const { user, headers } = await insertCaller(t);
    const work = works[1]!;
    const start = await likeCount(work);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => t.send('POST', API.like, { dataId: work, status: 0 }, headers)),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    expect(await likeRows(user.id)).toHaveLength(1);
    expect(await likeCount(work)).toBe(start + 1);

    await Promise.all(
      Array.from({ length: 6 }, () => t.send('POST', API.like, { dataId: work, status: 9 }, headers)),
    );
    expect(await likeRows(user.id)).toHaveLength(0);
    expect(await likeCount(work)).toBe(start);
  });

  it('refuses an unknown work (404) and bad input (400), changing nothing', async () => {
    const { user, headers } = await insertCaller(t);
    let res = await t.send('POST', API.like, { dataId: UNKNOWN_WORK, status: 0 }, headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: SERVER_MSG.workNotFound });
    for (const body of [
      { dataId: 'abc', status: 0 },
      { dataId: works[0], status: 5 },
      { dataId: works[0] },
      { dataId: Number(works[0]), status: 0 },
      { dataId: `-${works[0]}`, status: 0 },
    ]) {
      res = await t.send('POST', API.like, body, headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toMatch(SERVER_MSG.badRequest);
    }
    expect(await likeRows(user.id)).toHaveLength(0);
  });

  it('lists the caller’s liked works newest first, paged, as catalogue list items', async () => {
    const { headers } = await insertCaller(t);
    for (const work of works) {
      const res = await t.send('POST', API.like, { dataId: work, status: 0 }, headers);
      expect(res.statusCode).toBe(200);
    }
    let res = await t.get(API.likeList, { pageNum: 1, pageSize: 10 }, headers);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { rows: unknown[]; total: number };
    expect(body.total).toBe(3);
    const rows = body.rows.map((row) => libraryWork.strict().parse(row));
    expect(rows.map((r) => r.id)).toEqual([...works].reverse());
    expect(rows[0]!.addTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const catalogue = await t.get(API.worksList, { keyword: rows[0]!.number });
    const { addTime: _addTime, ...listItem } = rows[0]!;
    expect(catalogue.json().rows).toContainEqual(listItem);

    res = await t.get(API.likeList, { pageNum: 2, pageSize: 2 }, headers);
    expect(res.json().rows.map((r: { id: string }) => r.id)).toEqual([works[0]]);
    expect(res.json().total).toBe(3);

    res = await t.get(API.likeList, { pageSize: 100000 }, headers);
    expect(res.statusCode).toBe(400);
  });

  it('keeps each user’s likes their own', async () => {
    const a = await insertCaller(t);
    const b = await insertCaller(t);
    await t.send('POST', API.like, { dataId: works[2], status: 0 }, a.headers);
    const count = await likeCount(works[2]!);
    // B unliking a work only A likes removes nothing of A's.
    const res = await t.send('POST', API.like, { dataId: works[2], status: 9 }, b.headers);
    expect(res.statusCode).toBe(200);
    expect(await likeCount(works[2]!)).toBe(count);
    expect(await likeRows(a.user.id)).toHaveLength(1);
    expect((await t.get(API.likeList, {}, b.headers)).json()).toMatchObject({ rows: [], total: 0 });
  });
});

describe('work detail flags', () => {
  it('shows the caller’s own like and collect, never another user’s or a cached one', async () => {
    const work = works[0]!;
    const a = await insertCaller(t);
    const b = await insertCaller(t);
    const path = fillPath(API.workDetail, { id: work });
    // Fill the catalogue cache anonymously first.
    let res = await t.get(path);
    expect(res.json()).toMatchObject({ like: false, collect: false });

    await t.send('POST', API.like, { dataId: work, status: 0 }, a.headers);
    res = await t.get(path, {}, a.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ like: true, collect: false, data: { id: work } });

    await t.send('POST', API.collectAdds, { dataId: work }, a.headers);
    res = await t.get(path, {}, a.headers);
    expect(res.json()).toMatchObject({ like: true, collect: true });

    for (const headers of [undefined, b.headers]) {
      res = await t.get(path, {}, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ like: false, collect: false, data: { id: work } });
    }

    await t.send('POST', API.collectEdit, { dataId: work, cateIds: [], status: 9 }, a.headers);
    res = await t.get(path, {}, a.headers);
    expect(res.json()).toMatchObject({ like: true, collect: false });

    res = await t.get(path, {}, { authorization: 'Bearer forged' });
    expect(res.statusCode).toBe(401);
  });
});

describe('copy quota', () => {
  async function setCopies(userId: string, copies: number) {
    await t.database.db.updateTable('copy_counts').set({ copies }).where('user_id', '=', userId).execute();
  }
  const copy = (headers: Record<string, string>, body: Record<string, unknown> = {}) =>
    t.send('POST', API.copy, body, headers);

  it('counts a member’s copies and allows exactly one of parallel copies at 99', async () => {
    const { user, headers } = await insertCaller(t);
    let res = await copy(headers, { dataId: works[0] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ allowed: true, count: 1, limit: 100 });
    expect((await copy(headers)).json().data).toEqual({ allowed: true, count: 2, limit: 100 });

    await setCopies(user.id, 99);
    const results = await Promise.all(Array.from({ length: 4 }, () => copy(headers)));
    const answers = results.map((r) => r.json().data as { allowed: boolean; count: number });
    expect(answers.filter((a) => a.allowed)).toEqual([{ allowed: true, count: 100, limit: 100 }]);
    expect(answers.filter((a) => !a.allowed)).toHaveLength(3);

    res = await copy(headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      msg: MSG.memberCopyCap,
      data: { allowed: false, count: 100, limit: 100 },
    });
    const row = await t.database.db
      .selectFrom('copy_counts')
      .select('copies')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.copies).toBe(100);
  });

  it('has no cap for a VIP in force, and the cap again once VIP has run out', async () => {
    const vip = await insertCaller(t, { levelId: 2, vipUntil: new Date(Date.now() + 86_400_000) });
    expect((await copy(vip.headers)).json().data).toEqual({ allowed: true, count: 1, limit: null });
    await setCopies(vip.user.id, 150);
    expect((await copy(vip.headers)).json().data).toEqual({ allowed: true, count: 151, limit: null });

    const lapsed = await insertCaller(t, { levelId: 2, vipUntil: new Date(Date.now() - 86_400_000) });
    expect((await copy(lapsed.headers)).json().data).toEqual({ allowed: true, count: 1, limit: 100 });
    await setCopies(lapsed.user.id, 100);
    expect((await copy(lapsed.headers)).json().data).toEqual({ allowed: false, count: 100, limit: 100 });
  });

  it('refuses bad input without counting', async () => {
    const { user, headers } = await insertCaller(t);
    for (const body of [{ dataId: 'abc' }, { dataId: 12 }, { infoHash: 'xyz' }]) {
      const res = await copy(headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const rows = await t.database.db
      .selectFrom('copy_counts')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(0);
  });
});
