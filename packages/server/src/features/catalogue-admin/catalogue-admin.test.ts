import { API, fillPath, SERVER_MSG, type StaffWorkRow, VIDEO_MSG, STAFF_API } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { expectBadRequest, expectLoginDialog, expectStaffOnly, insertRoleCaller } from '../../../test/staff';
import { insertCaller } from '../../../test/users';

let t: TestApp;
let staff: Headers;
/** SSIS-001 (censored, newest added), ABC-123 (uncensored), SSIS-010 (censored, oldest added). */
let ids: { ssis1: string; abc: string; ssis10: string };
type Headers = Record<string, string>;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  staff = (await insertRoleCaller(t, ['member', 'content'])).headers;
  // One call per work: ids are time-ordered, so the last inserted is the newest.
  const [ssis10] = (await insertWorks(t.database.db, [buildWorkLine({ number: 'SSIS-010' })])).ids;
  const [abc] = (
    await insertWorks(t.database.db, [buildWorkLine({ number: 'ABC-123', channel: 'uncensored' })])
  ).ids;
  const [ssis1] = (await insertWorks(t.database.db, [buildWorkLine({ number: 'SSIS-001' })])).ids;
  ids = { ssis1: ssis1!, abc: abc!, ssis10: ssis10! };
});
afterAll(() => t.close());

const list = async (query: Record<string, string | number | undefined>, headers = staff) => {
  const res = await t.get(STAFF_API.works, query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: StaffWorkRow[]; total: number };
};
const numbers = async (keyword?: string) => (await list({ keyword })).rows.map((r) => r.number);
const update = (id: string, body: Record<string, unknown>, headers = staff) =>
  t.send('POST', fillPath(STAFF_API.work, { id }), body, headers);
const workRow = (id: string) =>
  t.database.db.selectFrom('works').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('GET /v2/admin/works', () => {
  it('lists every work newest added first, with the console row', async () => {
    const { rows, total } = await list({});
    expect(rows.map((r) => r.number)).toEqual(['SSIS-001', 'ABC-123', 'SSIS-010']);
    expect(total).toBe(3);
    expect(rows[1]).toEqual({
      id: ids.abc,
      number: 'ABC-123',
      title: expect.any(String),
      modName: 'uncensored',
      pubTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      isOnline: 0,
      hidden: false,
      picSmall: 'demo/cover/ABC-123-s.svg',
    });
    const paged = await list({ pageNum: 2, pageSize: 2 });
    expect([paged.rows.map((r) => r.number), paged.total]).toEqual([['SSIS-010'], 3]);
  });

  it('finds a work by its number in any spelling, a letter prefix, or its id', async () => {
    for (const spelling of ['ssis001', 'SSIS-001', 'ssis-00001', ' ｓｓｉｓ００１ ', 'SSIS_1']) {
      expect(await numbers(spelling), spelling).toEqual(['SSIS-001']);
    }
    expect(await numbers('abc123')).toEqual(['ABC-123']);
    expect(await numbers('ssis')).toEqual(['SSIS-001', 'SSIS-010']);
    expect(await numbers(ids.ssis10)).toEqual(['SSIS-010']);
    expect((await list({ keyword: 'ssis' })).total).toBe(2);
    for (const nothing of ['XYZ-999', '中文标题', '%', '_', '99999999999999999999999']) {
      expect(await list({ keyword: nothing }), nothing).toMatchObject({ rows: [], total: 0 });
    }
    // An empty keyword lists everything.
    expect((await list({ keyword: '  ' })).total).toBe(3);
  });

  it('refuses a keyword over 64 characters and bad paging (400)', async () => {
    expectBadRequest(await t.get(STAFF_API.works, { keyword: 'a'.repeat(65) }, staff), SERVER_MSG.badRequest);
    for (const query of [{ pageNum: 0 }, { pageSize: 101 }, { pageNum: 'x' }]) {
      expectBadRequest(await t.get(STAFF_API.works, query, staff), SERVER_MSG.badRequest);
    }
  });
});

describe('POST /v2/admin/works/{id}', () => {
  it('switches online viewing of a work with a made video: a VIP gets its stream, then loses it', async () => {
    // A made video, as the pipeline leaves it: ready, and the one the work plays.
    const media = await t.database.db
      .insertInto('work_media')
      .values({
        work_id: ids.ssis10,
        status: 'ready',
        source_key: 'sources/made',
        rungs: JSON.stringify([{ name: '360p', width: 640, height: 360, percent: 100 }]),
        rung_limit: null,
        duration_seconds: 60,
        failure: null,
        failure_detail: null,
        owner_pid: null,
        created_by: null,
        started_at: null,
        finished_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('works')
      .set({ media_id: media.id })
      .where('id', '=', ids.ssis10)
      .execute();
    const vip = (await insertCaller(t, { levelId: 2, vipUntil: new Date(Date.now() + 30 * DAY) })).headers;
    const stream = () => t.get(fillPath(API.videoStream, { id: ids.ssis10 }), {}, vip);
    expect((await stream()).json()).toEqual({ code: 402, msg: SERVER_MSG.notOnline });

    const on = await update(ids.ssis10, { isOnline: 1 });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ id: ids.ssis10, isOnline: 1, hidden: false });
    expect((await workRow(ids.ssis10)).is_online).toBe(1);
    const res = await stream();
    expect(res.statusCode).toBe(200);
    expect(res.json().data.m3u8Url).toMatch(new RegExp(`/${ids.ssis10}/${media.id}/master\\.m3u8$`));
    // The works list and detail show it online at once (the read cache was cleared).
    const detail = await t.get(fillPath(API.workDetail, { id: ids.ssis10 }));
    expect(detail.json().data.isOnline).toBe(1);

    expect((await update(ids.ssis10, { isOnline: 0 })).json().data.isOnline).toBe(0);
    expect((await stream()).json()).toEqual({ code: 402, msg: SERVER_MSG.notOnline });
    expect((await t.get(fillPath(API.workDetail, { id: ids.ssis10 }))).json().data.isOnline).toBe(0);
  });

  it('refuses 开启在线 for a work without a made video (409), changing nothing', async () => {
    const before = await workRow(ids.ssis1);
    const res = await update(ids.ssis1, { isOnline: 1, hidden: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 409, msg: VIDEO_MSG.noVideoToPlay });
    expect(await workRow(ids.ssis1)).toEqual(before);
    // Switching it off (or hiding it) needs no video.
    expect((await update(ids.ssis1, { isOnline: 0 })).statusCode).toBe(200);
  });

  it('refuses bad input with a clear 400 and an unknown work with 404, changing nothing', async () => {
    const before = await workRow(ids.abc);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, SERVER_MSG.nothingToChange],
      [{ appId: 'x' }, SERVER_MSG.nothingToChange],
      [{ isOnline: 2 }, SERVER_MSG.isOnlineInvalid],
      [{ isOnline: '1' }, SERVER_MSG.isOnlineInvalid],
      [{ isOnline: null }, SERVER_MSG.isOnlineInvalid],
      [{ hidden: 'true' }, SERVER_MSG.hiddenInvalid],
      [{ hidden: 1 }, SERVER_MSG.hiddenInvalid],
      [{ isOnline: 1, hidden: 'no' }, SERVER_MSG.hiddenInvalid],
    ];
    for (const [body, msg] of cases) expectBadRequest(await update(ids.abc, body), msg);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const res = await update(id, { hidden: true });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().code).toBe(400);
    }
    const missing = await update('999999999', { hidden: true, isOnline: 1 });
    expect({ status: missing.statusCode, body: missing.json() }).toEqual({
      status: 404,
      body: { code: 404, msg: SERVER_MSG.workNotFound },
    });
    const notJson = await t.app.inject({
      method: 'POST',
      url: `/prod-api${fillPath(STAFF_API.work, { id: ids.abc })}`,
      headers: { ...staff, 'content-type': 'application/json' },
      payload: '{"hidden":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await workRow(ids.abc)).toEqual(before);
  });
});

describe('who may use the catalogue console', () => {
  it('refuses a member (403 仅限客服人员) and a visitor (403 login dialog); nothing changes', async () => {
    const member = await insertCaller(t);
    const before = await workRow(ids.ssis1);
    const calls = (headers: Headers) => [
      t.get(STAFF_API.works, {}, headers),
      update(ids.ssis1, { hidden: true }, headers),
      update(ids.ssis1, { isOnline: 1 }, headers),
      // Bad input too: the role is checked before the input is read.
      update(ids.ssis1, { isOnline: 'bad' }, headers),
      t.send('POST', STAFF_API.imports, { content: JSON.stringify(buildWorkLine()) }, headers),
      t.send('POST', STAFF_API.imports, { content: '' }, headers),
      t.get(STAFF_API.imports, {}, headers),
      t.get(fillPath(STAFF_API.import, { id: '1001' }), {}, headers),
    ];
    for (const res of await Promise.all(calls(member.headers))) expectStaffOnly(res);
    for (const res of await Promise.all(calls({}))) expectLoginDialog(res);
    expect(await workRow(ids.ssis1)).toEqual(before);
    const jobs = await t.database.db.selectFrom('import_jobs').select('id').execute();
    expect(jobs).toEqual([]);
  });

  it('lets an admin in', async () => {
    const admin = await insertRoleCaller(t, ['member', 'admin']);
    expect((await list({}, admin.headers)).total).toBe(3);
  });
});
