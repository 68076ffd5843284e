import {
  API,
  collectFolder,
  type CollectFolder,
  fillPath,
  SERVER_MSG,
  type SharedFolderAnswer,
} from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { insertCaller } from '../../../test/users';

// A public folder (docs/product.md §2) gets a read-only page, opened from the link its owner shares.

let t: TestApp;
let works: string[];
let owner: Record<string, string>;
let shared: CollectFolder;
let hidden: CollectFolder;

beforeAll(async () => {
  t = await createTestApp();
  ({ ids: works } = await insertWorks(
    t.database.db,
    Array.from({ length: 3 }, () => buildWorkLine()),
  ));
  ({ headers: owner } = await insertCaller(t));
  const create = async (cateName: string, isPrivate: 0 | 1) => {
    const res = await t.send('POST', API.createFolder, { cateName, description: '周末看', isPrivate }, owner);
    expect(res.statusCode, res.body).toBe(200);
    return collectFolder.parse(res.json().data);
  };
  shared = await create('公开的', 0);
  hidden = await create('私密的', 1);
  for (const work of works) {
    const res = await t.send(
      'POST',
      API.collectAdds,
      { dataId: work, cateIds: [shared.cateId, hidden.cateId] },
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

const open = (cateId: string, shareKey: string, query: Record<string, string | number> = {}) =>
  t.get(fillPath(API.sharedFolder, { cateId, shareKey }), query);

describe('GET /v2/folders/{cateId}/{shareKey}', () => {
  it('gives the owner a share key for a public folder only', () => {
    expect(shared.shareKey).toMatch(/^[\w-]{22}$/);
    expect(hidden.shareKey).toBeUndefined();
  });

  it('shows anyone with the link the folder and its works, newest add first, paged', async () => {
    const res = await open(shared.cateId, shared.shareKey!, { pageNum: 1, pageSize: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<SharedFolderAnswer>();
    expect(data.folder).toEqual({
      cateId: shared.cateId,
      cateName: '公开的',
      description: '周末看',
      count: 3,
    });
    expect(data.total).toBe(3);
    expect(data.rows.map((row) => row.id)).toEqual([works[2], works[1]]);
    const next = (
      await open(shared.cateId, shared.shareKey!, { pageNum: 2, pageSize: 2 })
    ).json<SharedFolderAnswer>();
    expect(next.data.rows.map((row) => row.id)).toEqual([works[0]]);
  });

  it('counts only the works it shows: a work staff hid leaves the page and the count', async () => {
    await t.database.db.updateTable('works').set({ hidden: true }).where('id', '=', works[1]!).execute();
    try {
      const { data } = (await open(shared.cateId, shared.shareKey!)).json<SharedFolderAnswer>();
      expect(data.rows.map((row) => row.id)).toEqual([works[2], works[0]]);
      expect(data.total).toBe(2);
      expect(data.folder.count).toBe(2);
    } finally {
      await t.database.db.updateTable('works').set({ hidden: false }).where('id', '=', works[1]!).execute();
    }
  });

  it('is one 404 for a wrong key, another folder’s key, a private folder or an unknown one', async () => {
    const { headers: other } = await insertCaller(t);
    const list = await t.get(API.folderList, {}, other);
    const othersDefault = collectFolder.parse(list.json().rows[0]);
    for (const [cateId, key] of [
      [shared.cateId, 'A'.repeat(22)],
      [shared.cateId, othersDefault.shareKey ?? 'x'],
      [hidden.cateId, shared.shareKey!],
      ['9000000000000000001', shared.shareKey!],
    ] as const) {
      const res = await open(cateId, key);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, msg: SERVER_MSG.folderNotFound });
    }
  });

  it('refuses an id past int64 and a key of other characters with a 400', async () => {
    expect((await open('99999999999999999999', shared.shareKey!)).statusCode).toBe(400);
    expect((await open(shared.cateId, 'a.b')).statusCode).toBe(400);
    expect((await open(shared.cateId, 'a%00b')).statusCode).toBe(400);
  });
});
