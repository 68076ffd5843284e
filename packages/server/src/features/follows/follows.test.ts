import { FOLLOW_LIMITS, FOLLOWS_API, libraryWork, MSG, SERVER_MSG } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { insertCaller } from '../../../test/users';
import { importCatalogue } from '../catalogue-import/catalogue-import.service';

let t: TestApp;
const PAST_INT64 = '9223372036854775808';
const UNKNOWN = '9000000000000000001';

async function entityId(table: 'performers' | 'makers' | 'series' | 'directors', name: string) {
  const row = await t.database.db
    .selectFrom(table)
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

let performer: string;
let maker: string;
let series: string;
let director: string;
let westernOnly: string;
let westernSeries: string;
/** The performer's works, oldest first: published 10, 9, … 1 days ago. */
let performerWorks: string[];

beforeAll(async () => {
  t = await createTestApp();
  const lines = Array.from({ length: 10 }, (_, i) =>
    buildWorkLine({ performers: ['关注演员甲'], pubDate: daysAgo(10 - i) }),
  );
  ({ ids: performerWorks } = await insertWorks(t.database.db, lines));
  await insertWorks(t.database.db, [
    buildWorkLine({
      makers: ['关注厂商乙'],
      series: ['关注系列丙'],
      directors: ['关注导演丁'],
      pubDate: daysAgo(20),
    }),
    buildWorkLine({ channel: 'western', performers: ['欧美演员戊'], series: ['欧美系列己'] }),
  ]);
  performer = await entityId('performers', '关注演员甲');
  maker = await entityId('makers', '关注厂商乙');
  series = await entityId('series', '关注系列丙');
  director = await entityId('directors', '关注导演丁');
  westernOnly = await entityId('performers', '欧美演员戊');
  westernSeries = await entityId('series', '欧美系列己');
});
afterAll(() => t.close());

const follow = (headers: Record<string, string>, kind: string, entityId: string, status = 0) =>
  t.send('POST', FOLLOWS_API.follow, { kind, entityId, status }, headers);

async function followRows(userId: string) {
  return t.database.db.selectFrom('follows').selectAll().where('user_id', '=', userId).execute();
}

describe('without a token', () => {
  it('answers 403 on every call and changes nothing', async () => {
    const calls = [
      t.send('POST', FOLLOWS_API.follow, { kind: 'performer', entityId: performer, status: 0 }),
      t.send('POST', FOLLOWS_API.follow, { kind: 'nope' }),
      t.get(FOLLOWS_API.followList),
      t.get(FOLLOWS_API.followKeys),
      t.get(FOLLOWS_API.feed),
      t.get(FOLLOWS_API.feedNew),
      t.send('POST', FOLLOWS_API.feedSeen, {}),
      t.send('POST', FOLLOWS_API.mark, { dataId: performerWorks[0], mark: 'watched' }),
      t.get(FOLLOWS_API.markList, { mark: 'watched' }),
      t.get(FOLLOWS_API.markOf.replace(':dataId', performerWorks[0]!)),
      t.get(FOLLOWS_API.watchedIds),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ code: 403, msg: MSG.default403 });
    }
    expect(await t.database.db.selectFrom('follows').selectAll().execute()).toHaveLength(0);
    expect(await t.database.db.selectFrom('work_marks').selectAll().execute()).toHaveLength(0);
  });

  it('answers 401 to a forged token', async () => {
    const res = await t.get(FOLLOWS_API.feed, {}, { authorization: 'Bearer not.a.token' });
    expect(res.statusCode).toBe(401);
  });
});

describe('follows', () => {
  it('follows and unfollows each kind idempotently, listing them newest first', async () => {
    const { user, headers } = await insertCaller(t);
    for (const [kind, id] of [
      ['performer', performer],
      ['maker', maker],
      ['series', series],
      ['director', director],
    ] as const) {
      for (let i = 0; i < 2; i += 1) {
        const res = await follow(headers, kind, id);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data).toEqual({ followed: true });
      }
    }
    expect(await followRows(user.id)).toHaveLength(4);
    let res = await t.get(FOLLOWS_API.followList, {}, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(4);
    expect(res.json().rows.map((r: { kind: string }) => r.kind)).toEqual([
      'director',
      'series',
      'maker',
      'performer',
    ]);
    expect(res.json().rows[3]).toMatchObject({ id: performer, name: '关注演员甲', modName: 'censored' });
    res = await t.get(FOLLOWS_API.followKeys, {}, headers);
    expect(new Set(res.json().data)).toEqual(
      new Set([`performer:${performer}`, `maker:${maker}`, `series:${series}`, `director:${director}`]),
    );

    res = await t.get(FOLLOWS_API.followList, { pageNum: 2, pageSize: 3 }, headers);
    expect(res.json().rows.map((r: { id: string }) => r.id)).toEqual([performer]);

    for (let i = 0; i < 2; i += 1) {
      res = await follow(headers, 'maker', maker, 9);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ followed: false });
    }
    expect(await followRows(user.id)).toHaveLength(3);
    expect((await t.get(FOLLOWS_API.followList, {}, headers)).json().total).toBe(3);
  });

  it('keeps one row under parallel follows of the same entity', async () => {
    const { user, headers } = await insertCaller(t);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => follow(headers, 'performer', performer)),
    );
    for (const res of results) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ followed: true });
    }
    expect(await followRows(user.id)).toHaveLength(1);
    expect((await t.get(FOLLOWS_API.followList, {}, headers)).json().total).toBe(1);
  });

  it('refuses unknown and unlisted entities (404) and bad input (400), changing nothing', async () => {
    const { user, headers } = await insertCaller(t);
    for (const [kind, id] of [
      ['performer', UNKNOWN],
      ['maker', UNKNOWN],
      ['performer', westernOnly],
      ['series', westernSeries],
      // An id of one kind is not an entity of another.
      ['director', performer === director ? UNKNOWN : performer],
    ]) {
      const res = await follow(headers, kind!, id!);
      expect(res.statusCode, `${kind} ${id}`).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: SERVER_MSG.entityNotFound });
    }
    let res = await follow(headers, 'performer', UNKNOWN, 9);
    expect(res.statusCode).toBe(404);
    for (const body of [
      { kind: 'label', entityId: performer, status: 0 },
      { kind: 'performer', entityId: PAST_INT64, status: 0 },
      { kind: 'performer', entityId: 'abc', status: 0 },
      { kind: 'performer', entityId: Number(performer), status: 0 },
      { kind: 'performer', entityId: performer, status: 5 },
      { kind: 'performer', entityId: performer },
      { kind: 'perf\u0000ormer', entityId: performer, status: 0 },
    ]) {
      res = await t.send('POST', FOLLOWS_API.follow, body, headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(400);
      expect(res.json().msg).toMatch(SERVER_MSG.badRequest);
    }
    expect(await followRows(user.id)).toHaveLength(0);
  });

  it(`caps a member at ${FOLLOW_LIMITS.followsPerMember} follows with a clear 400`, async () => {
    const { user, headers } = await insertCaller(t);
    await t.database.db.insertInto('member_tallies').values({ user_id: user.id, follows: 0 }).execute();
    await follow(headers, 'performer', performer);
    await t.database.db
      .updateTable('member_tallies')
      .set({ follows: FOLLOW_LIMITS.followsPerMember })
      .where('user_id', '=', user.id)
      .execute();
    let res = await follow(headers, 'maker', maker);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: SERVER_MSG.tooManyFollows });
    // A follow already held still answers yes, and unfollowing makes room again.
    res = await follow(headers, 'performer', performer);
    expect(res.json().data).toEqual({ followed: true });
    expect(await followRows(user.id)).toHaveLength(1);
    await follow(headers, 'performer', performer, 9);
    res = await follow(headers, 'maker', maker);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('the feed', () => {
  const ids = (res: { json(): { rows: { id: string }[] } }) => res.json().rows.map((r) => r.id);

  it('lists the followed entities’ works newest first, each once, paged', async () => {
    const { headers } = await insertCaller(t);
    await follow(headers, 'performer', performer);
    await follow(headers, 'maker', maker);
    await follow(headers, 'director', director);
    let res = await t.get(FOLLOWS_API.feed, { pageSize: 4 }, headers);
    expect(res.statusCode, res.body).toBe(200);
    const newest = [...performerWorks].reverse();
    expect(ids(res)).toEqual(newest.slice(0, 4));
    expect(res.json().total).toBe(5);
    const row = libraryWork.strict().parse(res.json().rows[0]);
    expect(row.addTime).toBe(row.pubTime);
    res = await t.get(FOLLOWS_API.feed, { pageNum: 3, pageSize: 4 }, headers);
    // The maker's and director's one work (20 days old) comes once, last.
    expect(ids(res)).toHaveLength(3);
    expect(ids(res).slice(0, 2)).toEqual(newest.slice(8));
    expect(res.json().total).toBe(11);
    res = await t.get(FOLLOWS_API.feed, { pageNum: 4, pageSize: 4 }, headers);
    expect(res.json()).toMatchObject({ rows: [], total: 12 });
  });

  it('orders works of one day by id, leaves hidden works out and stops at the feed depth', async () => {
    const { headers } = await insertCaller(t);
    await follow(headers, 'performer', performer);
    const { ids: sameDay } = await insertWorks(t.database.db, [
      buildWorkLine({ performers: ['关注演员甲'], pubDate: daysAgo(30) }),
      buildWorkLine({ performers: ['关注演员甲'], pubDate: daysAgo(30) }),
    ]);
    let res = await t.get(FOLLOWS_API.feed, { pageNum: 2, pageSize: 10 }, headers);
    expect(ids(res)).toEqual([...sameDay].sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1)));
    await t.database.db.updateTable('works').set({ hidden: true }).where('id', '=', sameDay[0]!).execute();
    res = await t.get(FOLLOWS_API.feed, { pageNum: 2, pageSize: 10 }, headers);
    expect(ids(res)).toEqual([sameDay[1]]);
    await t.database.db.updateTable('works').set({ hidden: true }).where('id', '=', sameDay[1]!).execute();
    const depth = FOLLOW_LIMITS.feedDepth / 10;
    res = await t.get(FOLLOWS_API.feed, { pageNum: depth + 1, pageSize: 10 }, headers);
    expect(res.json()).toMatchObject({ rows: [], total: FOLLOW_LIMITS.feedDepth });
  });

  it('counts new works on the badge, shows a newly imported work, and resets on a visit', async () => {
    const { headers } = await insertCaller(t);
    await follow(headers, 'performer', performer);
    // A first follow is not a flood of news: the marker starts at the feed's top.
    let res = await t.get(FOLLOWS_API.feedNew, {}, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ count: 0 });

    const line = buildWorkLine({ performers: ['关注演员甲'] });
    const report = await importCatalogue(t.database.db, [JSON.stringify(line)]);
    expect(report.inserted).toBe(1);
    const { id: imported } = await t.database.db
      .selectFrom('works')
      .select('id')
      .where('number', '=', line.number)
      .executeTakeFirstOrThrow();
    expect((await t.get(FOLLOWS_API.feedNew, {}, headers)).json().data).toEqual({ count: 1 });
    res = await t.get(FOLLOWS_API.feed, {}, headers);
    expect(ids(res)[0]).toBe(imported);

    res = await t.send('POST', FOLLOWS_API.feedSeen, {}, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.get(FOLLOWS_API.feedNew, {}, headers)).json().data).toEqual({ count: 0 });

    // Someone else's visit resets nobody else's count.
    const other = await insertCaller(t);
    await follow(other.headers, 'performer', performer);
    await insertWorks(t.database.db, [buildWorkLine({ performers: ['关注演员甲'] })]);
    await t.send('POST', FOLLOWS_API.feedSeen, {}, other.headers);
    expect((await t.get(FOLLOWS_API.feedNew, {}, headers)).json().data).toEqual({ count: 1 });
  });

  it(`caps the badge at ${FOLLOW_LIMITS.feedNewMax}`, async () => {
    const { user, headers } = await insertCaller(t);
    await follow(headers, 'performer', performer);
    await t.database.db
      .updateTable('member_tallies')
      .set({ feed_seen_pub_date: null, feed_seen_work_id: null })
      .where('user_id', '=', user.id)
      .execute();
    await insertWorks(
      t.database.db,
      Array.from({ length: FOLLOW_LIMITS.feedNewMax }, () =>
        buildWorkLine({ performers: ['关注演员甲'], pubDate: daysAgo(400) }),
      ),
    );
    expect((await t.get(FOLLOWS_API.feedNew, {}, headers)).json().data).toEqual({
      count: FOLLOW_LIMITS.feedNewMax,
    });
  });

  it('is empty for a member who follows nobody', async () => {
    const { headers } = await insertCaller(t);
    expect((await t.get(FOLLOWS_API.feed, {}, headers)).json()).toMatchObject({ rows: [], total: 0 });
    expect((await t.get(FOLLOWS_API.feedNew, {}, headers)).json().data).toEqual({ count: 0 });
    expect((await t.send('POST', FOLLOWS_API.feedSeen, {}, headers)).statusCode).toBe(200);
  });
});

describe('想看 and 看过', () => {
  const mark = (headers: Record<string, string>, dataId: string, value: string) =>
    t.send('POST', FOLLOWS_API.mark, { dataId, mark: value }, headers);
  const markOf = (headers: Record<string, string>, dataId: string) =>
    t.get(FOLLOWS_API.markOf.replace(':dataId', dataId), {}, headers);

  it('sets, switches and clears one mark per work, listing each newest first', async () => {
    const { user, headers } = await insertCaller(t);
    const [a, b, c] = performerWorks as [string, string, string];
    let res = await mark(headers, a, 'want');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ mark: 'want' });
    expect((await markOf(headers, a)).json().data).toEqual({ mark: 'want' });
    await mark(headers, b, 'want');
    await mark(headers, c, 'watched');
    res = await t.get(FOLLOWS_API.markList, { mark: 'want' }, headers);
    expect(res.json().total).toBe(2);
    expect(res.json().rows.map((r: { id: string }) => r.id)).toEqual([b, a]);
    libraryWork.strict().parse(res.json().rows[0]);

    res = await mark(headers, a, 'watched');
    expect(res.json().data).toEqual({ mark: 'watched' });
    res = await mark(headers, a, 'watched');
    expect(res.json().data).toEqual({ mark: 'watched' });
    expect((await t.get(FOLLOWS_API.markList, { mark: 'want' }, headers)).json()).toMatchObject({ total: 1 });
    res = await t.get(FOLLOWS_API.markList, { mark: 'watched' }, headers);
    expect(res.json().total).toBe(2);
    expect(res.json().rows.map((r: { id: string }) => r.id)).toEqual([a, c]);
    res = await t.get(FOLLOWS_API.markList, { mark: 'watched', pageNum: 2, pageSize: 1 }, headers);
    expect(res.json().rows.map((r: { id: string }) => r.id)).toEqual([c]);
    expect((await t.get(FOLLOWS_API.watchedIds, {}, headers)).json().data).toEqual([a, c]);

    res = await mark(headers, a, 'none');
    expect(res.json().data).toEqual({ mark: null });
    await mark(headers, a, 'none');
    expect((await markOf(headers, a)).json().data).toEqual({ mark: null });
    expect((await t.get(FOLLOWS_API.markList, { mark: 'watched' }, headers)).json()).toMatchObject({
      total: 1,
    });
    const rows = await t.database.db
      .selectFrom('work_marks')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('keeps one row under parallel marks and each member’s marks their own', async () => {
    const a = await insertCaller(t);
    const b = await insertCaller(t);
    const work = performerWorks[4]!;
    const results = await Promise.all(Array.from({ length: 6 }, () => mark(a.headers, work, 'watched')));
    for (const res of results) expect(res.statusCode).toBe(200);
    expect((await t.get(FOLLOWS_API.markList, { mark: 'watched' }, a.headers)).json().total).toBe(1);
    expect((await markOf(b.headers, work)).json().data).toEqual({ mark: null });
    expect((await t.get(FOLLOWS_API.watchedIds, {}, b.headers)).json().data).toEqual([]);
  });

  it('refuses unknown works (404) and bad input (400), changing nothing', async () => {
    const { user, headers } = await insertCaller(t);
    let res = await mark(headers, UNKNOWN, 'want');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: SERVER_MSG.workNotFound });
    expect((await markOf(headers, UNKNOWN)).statusCode).toBe(404);
    for (const body of [
      { dataId: performerWorks[0], mark: 'love' },
      { dataId: performerWorks[0] },
      { dataId: PAST_INT64, mark: 'want' },
      { dataId: 'abc', mark: 'want' },
      { dataId: Number(performerWorks[0]), mark: 'want' },
      { dataId: performerWorks[0], mark: 'want\u0000' },
    ]) {
      res = await t.send('POST', FOLLOWS_API.mark, body, headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toMatch(SERVER_MSG.badRequest);
    }
    for (const query of [{ mark: 'love' }, {}, { mark: 'want', pageSize: 100000 }]) {
      res = await t.get(FOLLOWS_API.markList, query, headers);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
    expect((await markOf(headers, PAST_INT64)).statusCode).toBe(400);
    const rows = await t.database.db
      .selectFrom('work_marks')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(0);
  });
});
