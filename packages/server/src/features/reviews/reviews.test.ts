import { API, fillPath, MSG, REVIEW_LIMITS, REVIEWS_API, SERVER_MSG } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { expectBadRequest, expectStaffOnly, insertRoleCaller } from '../../../test/staff';
import { insertCaller } from '../../../test/users';

let t: TestApp;
const UNKNOWN_WORK = '9000000000000000001';

type Headers = { authorization: string };
const rate = (workId: string, body: Record<string, unknown>, headers: Headers) =>
  t.send('PUT', fillPath(REVIEWS_API.myRating, { id: workId }), body, headers);
const unrate = (workId: string, headers: Headers) =>
  t.send('POST', fillPath(REVIEWS_API.myRatingDelete, { id: workId }), {}, headers);
const summary = (workId: string, headers: Partial<Headers> = {}) =>
  t.get(fillPath(REVIEWS_API.workRatings, { id: workId }), {}, headers as Record<string, string>);
const reviews = (
  workId: string,
  query: Record<string, string | number> = {},
  headers: Partial<Headers> = {},
) => t.get(fillPath(REVIEWS_API.workReviews, { id: workId }), query, headers as Record<string, string>);
const helpful = (reviewId: string, headers: Headers) =>
  t.send('POST', fillPath(REVIEWS_API.reviewHelpful, { reviewId }), {}, headers);
const report = (reviewId: string, headers: Headers) =>
  t.send('POST', fillPath(REVIEWS_API.reviewReport, { reviewId }), {}, headers);

async function newWork(average = 0, evaluates = 0, extra: Parameters<typeof buildWorkLine>[0] = {}) {
  const { ids } = await insertWorks(t.database.db, [buildWorkLine({ average, evaluates, ...extra })]);
  return ids[0]!;
}

async function workRow(workId: string) {
  return t.database.db
    .selectFrom('works')
    .select(['average', 'evaluates', 'imported_average', 'imported_evaluates', 'rank_average', 'review_heat'])
    .where('id', '=', workId)
    .executeTakeFirstOrThrow();
}

const ratingRows = () => t.database.db.selectFrom('work_ratings').selectAll().execute();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('rating a work', () => {
  it('moves the combined average and evaluates on write, keeping the imported figures', async () => {
    const work = await newWork(4, 3);
    const { headers } = await insertCaller(t);
    let res = await rate(work, { stars: 1, review: '  节奏平稳，画面清楚。 ' }, headers);
    expect(res.statusCode, res.body).toBe(200);
    // (4 × 3 + 1) / (3 + 1)
    expect(res.json().data).toMatchObject({
      average: 3.25,
      evaluates: 4,
      stars: [1, 0, 0, 0, 0],
      reviewCount: 1,
    });
    expect(res.json().data.mine).toMatchObject({ stars: 1, review: '节奏平稳，画面清楚。', hidden: false });
    expect(await workRow(work)).toMatchObject({ imported_average: 4, imported_evaluates: 3, evaluates: 4 });

    // Changing it replaces it: still one rating.
    res = await rate(work, { stars: 5, review: null }, headers);
    expect(res.json().data).toMatchObject({
      average: 4.25,
      evaluates: 4,
      stars: [0, 0, 0, 0, 1],
      reviewCount: 0,
    });
    expect((await summary(work, headers)).json().data.mine).toMatchObject({ stars: 5, review: null });
    expect((await summary(work)).json().data.mine).toBeNull();

    res = await unrate(work, headers);
    expect(res.json().data).toMatchObject({ average: 4, evaluates: 3, stars: [0, 0, 0, 0, 0], mine: null });
    expect(await workRow(work)).toMatchObject({ average: 4, evaluates: 3 });
    expect((await unrate(work, headers)).json()).toEqual({ code: 404, msg: SERVER_MSG.ratingNotFound });
  });

  it('keeps members’ ratings when the catalogue import writes the work again', async () => {
    const line = buildWorkLine({ average: 3, evaluates: 2 });
    const { ids } = await insertWorks(t.database.db, [line]);
    const work = ids[0]!;
    const { headers } = await insertCaller(t);
    await rate(work, { stars: 5 }, headers);
    await insertWorks(t.database.db, [{ ...line, average: 4, evaluates: 4 }]);
    // (4 × 4 + 5) / 5
    expect(await workRow(work)).toMatchObject({
      imported_average: 4,
      imported_evaluates: 4,
      average: 4.2,
      evaluates: 5,
    });
    expect((await summary(work)).json().data.stars).toEqual([0, 0, 0, 0, 1]);
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const work = await newWork();
    const { headers } = await insertCaller(t);
    const before = await ratingRows();
    for (const stars of [0, 6, 2.5, '3', null, true]) {
      expectBadRequest(await rate(work, { stars }, headers), SERVER_MSG.starsInvalid);
    }
    expectBadRequest(await rate(work, { stars: 3, review: ' \n ' }, headers), SERVER_MSG.reviewEmpty);
    expectBadRequest(
      await rate(work, { stars: 3, review: '好'.repeat(REVIEW_LIMITS.reviewMax + 1) }, headers),
      SERVER_MSG.reviewTooLong,
    );
    expectBadRequest(await rate(work, { stars: 3, review: 'a\u0000b' }, headers), SERVER_MSG.badRequest);
    expectBadRequest(await rate('9223372036854775808', { stars: 3 }, headers), '编号超出范围');
    expectBadRequest(await rate('abc', { stars: 3 }, headers), '编号必须是正整数');
    expect(await ratingRows()).toEqual(before);
    // 500 characters (not UTF-16 units) is the limit.
    expect(
      (await rate(work, { stars: 3, review: '😀'.repeat(REVIEW_LIMITS.reviewMax) }, headers)).statusCode,
    ).toBe(200);
  });

  it('never reaches another member’s rating: each writes and deletes only their own', async () => {
    const work = await newWork();
    const first = await insertCaller(t);
    const second = await insertCaller(t);
    await rate(work, { stars: 2, review: '第一位会员的评论' }, first.headers);
    expect((await unrate(work, second.headers)).json()).toEqual({
      code: 404,
      msg: SERVER_MSG.ratingNotFound,
    });
    await rate(work, { stars: 5 }, second.headers);
    expect((await summary(work, first.headers)).json().data.mine).toMatchObject({
      stars: 2,
      review: '第一位会员的评论',
    });
    expect((await summary(work)).json().data).toMatchObject({ evaluates: 2, stars: [0, 1, 0, 0, 1] });
    for (const reviewId of ['9223372036854775808', '0x10', '-1']) {
      expectBadRequest(await helpful(reviewId, second.headers), SERVER_MSG.badRequest);
      expectBadRequest(await report(reviewId, second.headers), SERVER_MSG.badRequest);
    }
  });

  it('answers 404 for an unknown or hidden work, and 403 to a visitor', async () => {
    const hidden = await newWork();
    await t.database.db.updateTable('works').set({ hidden: true }).where('id', '=', hidden).execute();
    const { headers } = await insertCaller(t);
    for (const work of [UNKNOWN_WORK, hidden]) {
      expect((await rate(work, { stars: 3 }, headers)).json()).toEqual({
        code: 404,
        msg: SERVER_MSG.workNotFound,
      });
      expect((await summary(work)).statusCode).toBe(404);
      expect((await reviews(work)).statusCode).toBe(404);
    }
    const work = await newWork();
    const res = await t.send('PUT', fillPath(REVIEWS_API.myRating, { id: work }), { stars: 9 }, {});
    expect(res.json()).toEqual({ code: 403, msg: MSG.default403 });
  });

  it('limits how many rating writes a member makes in a window', async () => {
    const { headers } = await insertCaller(t);
    const work = await newWork();
    for (let i = 0; i < REVIEW_LIMITS.writes.max; i += 1) {
      expect((await rate(work, { stars: (i % 5) + 1 }, headers)).statusCode).toBe(200);
    }
    const res = await rate(work, { stars: 1, review: '再来一次' }, headers);
    expect(res.json()).toEqual({ code: 429, msg: SERVER_MSG.reviewsTooFrequent });
    expect((await summary(work, headers)).json().data.mine).toMatchObject({ review: null });
  });
});

describe('reviews', () => {
  it('lists newest or most helpful first, paged, with the caller’s marks', async () => {
    const work = await newWork();
    const members = await Promise.all([1, 2, 3].map(() => insertCaller(t)));
    for (const [i, m] of members.entries())
      await rate(work, { stars: 3 + i, review: `第${i + 1}条评论` }, m.headers);
    const newest = (await reviews(work, { pageSize: 2 })).json();
    expect(newest.total).toBe(3);
    expect(newest.rows.map((r: { review: string }) => r.review)).toEqual(['第3条评论', '第2条评论']);
    const page2 = (await reviews(work, { pageSize: 2, pageNum: 2 })).json();
    expect(page2.rows.map((r: { review: string }) => r.review)).toEqual(['第1条评论']);

    const first = page2.rows[0].reviewId as string;
    const [a, b, c] = members;
    let res = await helpful(first, b!.headers);
    expect(res.json().data).toEqual({ helpful: 1, marked: true });
    res = await helpful(first, b!.headers);
    expect(res.json().data).toEqual({ helpful: 1, marked: true });
    expect((await helpful(first, a!.headers)).json()).toEqual({
      code: 400,
      msg: SERVER_MSG.ownReviewHelpful,
    });
    const byHelpful = (await reviews(work, { order: 'helpful' }, c!.headers)).json();
    expect(byHelpful.rows[0]).toMatchObject({
      review: '第1条评论',
      helpful: 1,
      markedHelpful: false,
      mine: false,
    });
    const mine = (await reviews(work, { order: 'helpful' }, a!.headers)).json();
    expect(mine.rows[0]).toMatchObject({ mine: true });
    expectBadRequest(await reviews(work, { order: 'best' }), SERVER_MSG.badRequest);
    expect((await helpful('9000000000000000001', b!.headers)).json()).toEqual({
      code: 404,
      msg: SERVER_MSG.reviewNotFound,
    });
  });

  it('takes a report once per member', async () => {
    const work = await newWork();
    const author = await insertCaller(t);
    const reader = await insertCaller(t);
    const written = await rate(work, { stars: 2, review: '一般' }, author.headers);
    const reviewId = written.json().data.mine.reviewId as string;
    expect((await report(reviewId, reader.headers)).json().data).toEqual({ reported: true });
    expect((await report(reviewId, reader.headers)).json().data).toEqual({ reported: true });
    expect((await report(reviewId, author.headers)).json()).toEqual({
      code: 400,
      msg: SERVER_MSG.ownReviewReport,
    });
    const row = await t.database.db
      .selectFrom('work_ratings')
      .select('open_reports')
      .where('id', '=', reviewId)
      .executeTakeFirstOrThrow();
    expect(row.open_reports).toBe(1);
  });
});

describe('staff', () => {
  it('see reported reviews first, hide one (its stars stop counting) and restore it', async () => {
    const work = await newWork(4, 1);
    const author = await insertCaller(t);
    const reader = await insertCaller(t);
    const { headers: staff } = await insertRoleCaller(t, ['content']);
    const reviewId = (await rate(work, { stars: 1, review: '待处理的评论' }, author.headers)).json().data.mine
      .reviewId as string;
    await rate(await newWork(), { stars: 5, review: '更新的评论' }, reader.headers);
    await report(reviewId, reader.headers);

    const queue = (await t.get(REVIEWS_API.staffReviews, {}, staff)).json();
    expect(queue.rows[0]).toMatchObject({ reviewId, openReports: 1, hidden: false, stars: 1 });
    expectStaffOnly(await t.get(REVIEWS_API.staffReviews, {}, reader.headers));
    expectStaffOnly(
      await t.send('POST', fillPath(REVIEWS_API.staffReviewHide, { reviewId }), {}, reader.headers),
    );

    let res = await t.send('POST', fillPath(REVIEWS_API.staffReviewHide, { reviewId }), {}, staff);
    expect(res.json().data).toEqual({ reviewId, hidden: true });
    expect((await summary(work)).json().data).toMatchObject({ average: 4, evaluates: 1, reviewCount: 0 });
    expect((await reviews(work)).json().rows).toEqual([]);
    const after = (await t.get(REVIEWS_API.staffReviews, {}, staff)).json();
    expect(after.rows.find((r: { reviewId: string }) => r.reviewId === reviewId)).toMatchObject({
      hidden: true,
      openReports: 0,
    });
    // The author can no longer change or delete it, nor can anyone vote on it.
    expect((await rate(work, { stars: 5 }, author.headers)).json()).toEqual({
      code: 403,
      msg: SERVER_MSG.reviewHiddenByStaff,
    });
    expect((await unrate(work, author.headers)).statusCode).toBe(403);
    expect((await helpful(reviewId, reader.headers)).statusCode).toBe(404);
    expect((await summary(work, author.headers)).json().data.mine).toMatchObject({ hidden: true });

    res = await t.send('POST', fillPath(REVIEWS_API.staffReviewRestore, { reviewId }), {}, staff);
    expect(res.json().data).toEqual({ reviewId, hidden: false });
    expect((await summary(work)).json().data).toMatchObject({ average: 2.5, evaluates: 2, reviewCount: 1 });
    expect(
      (await t.send('POST', fillPath(REVIEWS_API.staffReviewHide, { reviewId: UNKNOWN_WORK }), {}, staff))
        .statusCode,
    ).toBe(404);
  });
});

describe('rankings', () => {
  it('高分推荐 ranks by the combined average only past the minimum count', async () => {
    const pubDate = '2020-02-02';
    const lone = await newWork(0, 0, { pubDate, channel: 'western' });
    const steady = await newWork(4, 10, { pubDate, channel: 'western' });
    const { headers } = await insertCaller(t);
    await rate(lone, { stars: 5 }, headers);
    // Each read its own page size: the catalogue's read cache would answer a repeat.
    const list = async (pageSize: number) =>
      (await t.get(API.worksList, { modName: 'western', sort: 'average', date: 999, pageSize }))
        .json()
        .rows.map((r: { id: string }) => r.id);
    let ids = await list(100);
    expect(ids.indexOf(steady)).toBeLessThan(ids.indexOf(lone));
    expect((await workRow(lone)).rank_average).toBe(0);
    for (let i = 1; i < REVIEW_LIMITS.minRatingsToRank; i += 1) {
      await rate(lone, { stars: 5 }, (await insertCaller(t)).headers);
    }
    ids = await list(99);
    expect(ids.indexOf(lone)).toBeLessThan(ids.indexOf(steady));
  });

  it('热门评论 ranks by recent reviews', async () => {
    const pubDate = '2020-03-03';
    const quiet = await newWork(5, 900, { pubDate, channel: 'uncensored' });
    const talked = await newWork(0, 0, { pubDate, channel: 'uncensored' });
    await rate(talked, { stars: 3, review: '值得一看' }, (await insertCaller(t)).headers);
    expect((await workRow(talked)).review_heat).toBeGreaterThan(0);
    expect((await workRow(quiet)).review_heat).toBe(0);
    const rows = (
      await t.get(API.worksList, { modName: 'uncensored', sort: 'evaluates', date: 999, pageSize: 100 })
    )
      .json()
      .rows.map((r: { id: string }) => r.id);
    expect(rows.indexOf(talked)).toBeLessThan(rows.indexOf(quiet));
  });
});
