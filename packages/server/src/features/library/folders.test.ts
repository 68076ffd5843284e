import { API, collectFolder, fillPath, LIMITS, MSG, SERVER_MSG } from '@yingku/contract';
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

beforeAll(async () => {
  t = await createTestApp();
  ({ ids: works } = await insertWorks(t.database.db, [buildWorkLine()]));
});
afterAll(() => t.close());

describe('folders', () => {
  it('lists the default folder of a new user, and creates it for a user who lacks one', async () => {
    for (const defaultFolder of [true, false]) {
      const { headers } = await insertCaller(t, { defaultFolder });
      const { rows, total } = await folders(headers);
      expect(total).toBe(1);
      expect(rows).toEqual([
        expect.objectContaining({
          cateName: SERVER_MSG.defaultFolderName,
          isDefault: 1,
          count: 0,
          isPrivate: 0,
        }),
      ]);
      expect((await folders(headers)).total).toBe(1);
    }
  });

  it('creates folders without collecting, listing them after the default one', async () => {
    const { headers } = await insertCaller(t);
    let res = await t.send(
      'POST',
      API.createFolder,
      { cateName: '  旅行  ', description: '说明', isPrivate: 1, dataId: works[0] },
      headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      cateName: '旅行',
      description: '说明',
      isPrivate: 1,
      isDefault: 0,
      count: 0,
      dataId: works[0],
    });
    await createFolder(headers, '第二个', { isPrivate: '0' });
    const list = await folders(headers);
    expect(list.rows.map((f) => f.cateName)).toEqual([SERVER_MSG.defaultFolderName, '旅行', '第二个']);
    expect(list.total).toBe(3);
    const held = await t.get(fillPath(API.workFolders, { dataId: works[0]! }), {}, headers);
    expect(held.json()).toMatchObject({ code: 200, data: [] });

    res = await t.get(API.folderList, { pageNum: 2, pageSize: 2 }, headers);
    expect(res.json()).toMatchObject({ total: 3, rows: [{ cateName: '第二个' }] });
  });

  it('refuses a bad folder and an unknown work, creating nothing', async () => {
    const { headers } = await insertCaller(t);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{}, 400, MSG.folderNameRequired],
      [{ cateName: '   ' }, 400, MSG.folderNameRequired],
      [{ cateName: 'x'.repeat(LIMITS.folderNameMax + 1) }, 400, SERVER_MSG.folderNameTooLong],
      [{ cateName: 'ok', description: 'x'.repeat(201) }, 400, SERVER_MSG.folderDescriptionTooLong],
      [{ cateName: 'ok', isPrivate: 2 }, 400, SERVER_MSG.badRequest],
      [{ cateName: 'ok', dataId: 'abc' }, 400, SERVER_MSG.badRequest],
      [{ cateName: 'ok', dataId: UNKNOWN_WORK }, 404, SERVER_MSG.workNotFound],
    ];
    for (const [body, status, msg] of cases) {
      const res = await t.send('POST', API.createFolder, body, headers);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().msg).toContain(msg);
    }
    expect((await folders(headers)).total).toBe(1);
  });

  it(`stops at ${LIMITS.foldersPerUser} folders per user`, async () => {
    const { user, headers } = await insertCaller(t);
    await t.database.db
      .insertInto('collect_folders')
      .values(
        Array.from({ length: LIMITS.foldersPerUser - 1 }, (_, i) => ({ user_id: user.id, name: `f${i}` })),
      )
      .execute();
    const res = await t.send('POST', API.createFolder, { cateName: 'one more' }, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(SERVER_MSG.tooManyUserFolders);
    expect((await folders(headers)).total).toBe(LIMITS.foldersPerUser);
  });
});
