import { API, fillPath, SERVER_MSG, STAFF_API } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { expectBadRequest, expectLoginDialog, expectStaffOnly, insertRoleCaller } from '../../../test/staff';
import { insertCaller } from '../../../test/users';

let t: TestApp;
let works: string[];
const DAY = 24 * 60 * 60 * 1000;
type Headers = Record<string, string>;
interface StaffRow {
  id: string;
  workId: string;
  userId: string;
  userName: string;
  url: string;
  status: number;
  doneTime: string | null;
  doneBy: string | null;
}

const vip = () => insertCaller(t, { levelId: 2, vipUntil: new Date(Date.now() + 30 * DAY) });
async function requestOf(workId: string, headers: Headers, url?: string): Promise<string> {
  const res = await t.send('POST', API.cloudDownload, { censoredId: workId, url }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}
const queue = (headers: Headers, query: Record<string, string | number | undefined> = {}) =>
  t.get(STAFF_API.downloads, { pageSize: 100, ...query }, headers);
const markDone = (id: string, headers: Headers) =>
  t.send('POST', fillPath(STAFF_API.downloadDone, { id }), {}, headers);
const stored = (id: string) =>
  t.database.db.selectFrom('cloud_downloads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  works = (await insertWorks(t.database.db, [buildWorkLine(), buildWorkLine(), buildWorkLine()])).ids;
});
afterAll(() => t.close());

describe('the console’s cloud-download queue', () => {
  it('lists every user’s requests, requested first and oldest first, or one status', async () => {
    const staff = await insertRoleCaller(t, ['member', 'content']);
    const alice = await vip();
    const bob = await vip();
    const a0 = await requestOf(works[0]!, alice.headers, 'https://example.com/a');
    const b0 = await requestOf(works[0]!, bob.headers);
    const a1 = await requestOf(works[1]!, alice.headers);
    expect((await markDone(a0, staff.headers)).statusCode).toBe(200);

    const all = await queue(staff.headers);
    expect(all.statusCode, all.body).toBe(200);
    const rows = all.json().rows as StaffRow[];
    expect(all.json().total).toBe(3);
    expect(rows.map((r) => r.id)).toEqual([b0, a1, a0]);
    expect(rows[0]).toEqual({
      id: b0,
      workId: works[0],
      modId: 1,
      number: expect.any(String),
      title: expect.any(String),
      status: 0,
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      doneTime: null,
      userId: bob.user.id,
      userName: bob.user.userName,
      url: '',
      doneBy: null,
    });
    expect(rows[2]).toMatchObject({ userName: alice.user.userName, url: 'https://example.com/a' });

    const done = (await queue(staff.headers, { status: 1 })).json();
    expect(done.rows.map((r: StaffRow) => r.id)).toEqual([a0]);
    expect(done.total).toBe(1);
    const open = (await queue(staff.headers, { status: '0', pageNum: 2, pageSize: 1 })).json();
    expect(open.rows.map((r: StaffRow) => r.id)).toEqual([a1]);
    expect(open.total).toBe(2);
    expectBadRequest(await queue(staff.headers, { status: 2 }), 'status');
  });

  it('marks a request done with who and when; again changes nothing; the user sees status 1', async () => {
    const staff = await insertRoleCaller(t, ['member', 'content']);
    const admin = await insertRoleCaller(t, ['member', 'admin']);
    const user = await vip();
    const id = await requestOf(works[2]!, user.headers);

    const res = await markDone(id, staff.headers);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().data as StaffRow;
    expect(row).toMatchObject({ id, status: 1, doneBy: staff.user.userName, userId: user.user.id });
    expect(row.doneTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const first = await stored(id);
    expect(first).toMatchObject({ status: 1, done_by: staff.user.id });

    // An admin passes the staff check; a request already done keeps its first marker and time.
    const again = await markDone(id, admin.headers);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(row);
    expect(await stored(id)).toEqual(first);

    const mine = await t.get(API.cloudDownloads, { censoredId: works[2] }, user.headers);
    expect(mine.json().rows).toEqual([expect.objectContaining({ id, status: 1, doneTime: row.doneTime })]);
    // Asking again for a done title answers the done request.
    const asked = await t.send('POST', API.cloudDownload, { censoredId: works[2] }, user.headers);
    expect(asked.json()).toMatchObject({ msg: SERVER_MSG.cloudAlreadyRequested, data: { id, status: 1 } });
  });

  it('marks a request once when two staff mark it at once', async () => {
    const [one, two] = [
      await insertRoleCaller(t, ['member', 'content']),
      await insertRoleCaller(t, ['member', 'content']),
    ];
    const id = await requestOf(works[1]!, (await vip()).headers);
    const answers = await Promise.all([markDone(id, one.headers), markDone(id, two.headers)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const marker = (await stored(id)).done_by;
    expect([one.user.id, two.user.id]).toContain(marker);
    const names = answers.map((a) => a.json().data.doneBy);
    expect(new Set(names).size).toBe(1);
  });

  it('answers 404 for an unknown request and 400 for an id that is not one', async () => {
    const staff = await insertRoleCaller(t, ['member', 'content']);
    const res = await markDone('9000000000000000001', staff.headers);
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 404,
      body: { code: 404, msg: SERVER_MSG.cloudDownloadNotFound },
    });
    expectBadRequest(await markDone('abc', staff.headers), 'id');
  });

  it('refuses a member (403 仅限客服人员) and a visitor (the login dialog); nothing changes', async () => {
    const member = await vip();
    const id = await requestOf(works[0]!, member.headers);
    const before = await stored(id);
    expectStaffOnly(await queue(member.headers));
    expectStaffOnly(await markDone(id, member.headers));
    // Refused before the input is read: a bad id or filter still gets the role's answer.
    expectStaffOnly(await markDone('abc', member.headers));
    expectStaffOnly(await queue(member.headers, { status: 7 }));
    expectLoginDialog(await queue({}));
    expectLoginDialog(await markDone(id, {}));
    expect(await stored(id)).toEqual(before);
  });
});
