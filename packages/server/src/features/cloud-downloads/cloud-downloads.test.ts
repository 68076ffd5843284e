import { API, LIMITS, MSG, SERVER_MSG, SIGN_HEADERS } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { expectBadRequest, expectLoginDialog } from '../../../test/staff';
import { insertCaller, type UserOverrides } from '../../../test/users';

let t: TestApp;
let works: string[];
let hidden: string;
const DAY = 24 * 60 * 60 * 1000;
type Headers = Record<string, string>;

const ask = (body: Record<string, unknown>, headers: Headers = {}) =>
  t.send('POST', API.cloudDownload, body, headers);
const listOf = (headers: Headers, query: Record<string, string | number | undefined> = {}) =>
  t.get(API.cloudDownloads, query, headers);
const rowsOf = (userId: string) =>
  t.database.db.selectFrom('cloud_downloads').selectAll().where('user_id', '=', userId).execute();
const vip = (overrides: UserOverrides = {}) =>
  insertCaller(t, { levelId: 2, vipUntil: new Date(Date.now() + 30 * DAY), ...overrides });

beforeAll(async () => {
  t = await createTestApp();
  const { ids } = await insertWorks(
    t.database.db,
    Array.from({ length: 5 }, () => buildWorkLine()),
  );
  works = ids.slice(0, 4);
  hidden = ids[4]!;
  await t.database.db.updateTable('works').set({ hidden: true }).where('id', '=', hidden).execute();
});
afterAll(() => t.close());

describe('POST /web/cloud/file/download', () => {
  it('records a VIP request once and answers the same request when asked again', async () => {
    const { user, headers } = await vip();
    const first = await ask({ censoredId: works[0], url: '  magnet:?xt=urn:btih:abc  ' }, headers);
    expect(first.statusCode, first.body).toBe(200);
    const line = await t.database.db
      .selectFrom('works')
      .select(['number', 'title'])
      .where('id', '=', works[0]!)
      .executeTakeFirstOrThrow();
    expect(first.json()).toEqual({
      code: 200,
      msg: MSG.submitted,
      data: {
        id: expect.stringMatching(/^\d+$/),
        workId: works[0],
        modId: 1,
        number: line.number,
        title: line.title,
        status: 0,
        createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        doneTime: null,
      },
    });

    const again = await ask({ censoredId: works[0], url: 'https://example.com/other' }, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first.json(), msg: SERVER_MSG.cloudAlreadyRequested });
    const stored = await rowsOf(user.id);
    expect(stored).toHaveLength(1);
    // Trimmed, and the repeat changed nothing.
    expect(stored[0]).toMatchObject({ url: 'magnet:?xt=urn:btih:abc', status: 0, done_by: null });
  });

  it('keeps one request when the same VIP asks 20 times at once', async () => {
    const { user, headers } = await vip();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => ask({ censoredId: works[1] }, headers)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((a) => a.json().data.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.json().msg === MSG.submitted)).toHaveLength(1);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it('accepts the fields every web call carries (appId, isDht) and no url', async () => {
    const { headers } = await vip();
    const res = await ask({ censoredId: works[2], appId: 'yingku-web', isDht: 1 }, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.workId).toBe(works[2]);
  });

  it('refuses a visitor with the login dialog (403), recording nothing', async () => {
    const before = await t.database.db.selectFrom('cloud_downloads').select('id').execute();
    expectLoginDialog(await ask({ censoredId: works[0] }));
    // The login is asked for before the input is read.
    expectLoginDialog(await ask({ censoredId: 'abc' }));
    expect(await t.database.db.selectFrom('cloud_downloads').select('id').execute()).toEqual(before);
  });

  it.each([
    ['a member', { levelId: 1, vipUntil: null }],
    ['an expired VIP', { levelId: 2, vipUntil: new Date(Date.now() - DAY) }],
  ])('tells %s that cloud downloads are for VIPs (402), recording nothing', async (_who, overrides) => {
    const { user, headers } = await insertCaller(t, overrides);
    const res = await ask({ censoredId: works[0] }, headers);
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 402,
      body: { code: 402, msg: SERVER_MSG.cloudVipRequired },
    });
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('answers 404 for an unknown or hidden work, recording nothing', async () => {
    const { user, headers } = await vip();
    for (const id of ['9000000000000000001', hidden]) {
      const res = await ask({ censoredId: id }, headers);
      expect({ status: res.statusCode, body: res.json() }, id).toEqual({
        status: 404,
        body: { code: 404, msg: SERVER_MSG.workNotFound },
      });
    }
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('answers 400 with the reason for a bad id or url, recording nothing', async () => {
    const { user, headers } = await vip();
    for (const censoredId of ['abc', '0', '1.5', '99999999999999999999', 12]) {
      const res = await ask({ censoredId }, headers);
      expectBadRequest(res, 'censoredId');
    }
    expectBadRequest(await ask({}, headers), 'censoredId');
    expectBadRequest(await ask({ censoredId: 'abc' }, headers), '编号必须是正整数');
    const long = `https://example.com/${'x'.repeat(LIMITS.cloudUrlMax)}`;
    expectBadRequest(await ask({ censoredId: works[3], url: long }, headers), SERVER_MSG.cloudUrlTooLong);
    expectBadRequest(await ask({ censoredId: works[3], url: 42 }, headers), 'url');
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('is signed like every other call: an unsigned request is refused', async () => {
    const { headers } = await vip();
    const res = await t.app.inject({
      method: 'POST',
      url: `/prod-api${API.cloudDownload}`,
      payload: { censoredId: works[3] },
      headers,
    });
    expectBadRequest(res, SERVER_MSG.signatureMissing);
    const tampered = await t.app.inject({
      method: 'POST',
      url: `/prod-api${API.cloudDownload}`,
      payload: { censoredId: works[2] },
      headers: { ...headers, [SIGN_HEADERS.sign]: '0'.repeat(32) },
    });
    expect(tampered.statusCode).toBe(400);
  });
});

describe('GET /web/cloud/file/list', () => {
  it("lists only the caller's own requests, newest first, narrowed to one work on request", async () => {
    const me = await vip();
    const other = await vip();
    await ask({ censoredId: works[0] }, other.headers);
    for (const id of [works[0], works[1], works[2]]) {
      expect((await ask({ censoredId: id }, me.headers)).statusCode).toBe(200);
    }

    const res = await listOf(me.headers, { isDht: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.rows.map((r: { workId: string }) => r.workId)).toEqual([works[2], works[1], works[0]]);
    const mine = new Set((await rowsOf(me.user.id)).map((r) => r.id));
    expect(body.rows.every((r: { id: string }) => mine.has(r.id))).toBe(true);

    const one = (await listOf(me.headers, { censoredId: works[1] })).json();
    expect(one.total).toBe(1);
    expect(one.rows[0].workId).toBe(works[1]);
    const none = (await listOf(me.headers, { censoredId: works[3] })).json();
    expect(none).toEqual({ code: 200, msg: expect.any(String), rows: [], total: 0 });

    const paged = (await listOf(me.headers, { pageNum: 2, pageSize: 2 })).json();
    expect(paged.total).toBe(3);
    expect(paged.rows.map((r: { workId: string }) => r.workId)).toEqual([works[0]]);
  });

  it('leaves out requests of a work hidden since', async () => {
    const me = await vip();
    const [work] = (await insertWorks(t.database.db, [buildWorkLine()])).ids;
    await ask({ censoredId: work }, me.headers);
    expect((await listOf(me.headers)).json().total).toBe(1);
    await t.database.db.updateTable('works').set({ hidden: true }).where('id', '=', work!).execute();
    expect((await listOf(me.headers)).json()).toMatchObject({ rows: [], total: 0 });
    expect((await ask({ censoredId: work }, me.headers)).statusCode).toBe(404);
  });

  it('needs a login (403) and answers a member their (empty) list; 400 for a bad filter', async () => {
    expectLoginDialog(await listOf({}));
    const member = await insertCaller(t);
    expect((await listOf(member.headers)).json()).toMatchObject({ code: 200, rows: [], total: 0 });
    expectBadRequest(await listOf(member.headers, { censoredId: 'abc' }), 'censoredId');
    expectBadRequest(await listOf(member.headers, { pageSize: 1000 }), 'pageSize');
  });
});
