import { API, LIKE_STATUS } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createTestDatabase } from '../../../test/db';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { insertUser, loginAs } from '../../../test/users';
import type { Database } from '../../db/connection';

// DATABASE_READ_URL in server-process.ts opens a second database and hands it to buildApp as
// `readDatabase`. Here that second database holds different content from the primary, so
// each answer shows which one it came from.
let t: TestApp;
let replica: Database;
const SHARED_ID = '7000000000000000001';
const fixedId = (id: string) => () => id;

beforeAll(async () => {
  replica = await createTestDatabase();
  t = await createTestApp({}, { readDatabase: replica });
  const shared = buildWorkLine({ number: 'REPL-001' });
  await insertWorks(t.database.db, [{ ...shared, title: '主库里的标题' }], { newId: fixedId(SHARED_ID) });
  await insertWorks(replica.db, [{ ...shared, title: '副本里的标题' }], { newId: fixedId(SHARED_ID) });
  await insertWorks(t.database.db, [buildWorkLine({ number: 'ONLYPRIMARY-001' })]);
  await insertWorks(replica.db, [buildWorkLine({ number: 'ONLYREPLICA-001' })]);
});

afterAll(async () => {
  await t.close();
  await replica.close();
});

describe('catalogue reads with a read replica', () => {
  it('lists and searches what the replica holds', async () => {
    const list = await t.get(API.worksList, { pageSize: 100 });
    const numbers = (list.json().rows as Array<{ number: string }>).map((r) => r.number).sort();
    expect(numbers).toEqual(['ONLYREPLICA-001', 'REPL-001']);
    const search = await t.get(API.worksList, { keyword: 'ONLYPRIMARY' });
    expect(search.json().total).toBe(0);
  });

  it("answers details from the replica and the caller's own flags from the primary", async () => {
    const user = await insertUser(t.database.db);
    const auth = await loginAs(t, user);
    // The like is written to the primary (the replica has no such user at all).
    const liked = await t.send('POST', API.like, { dataId: SHARED_ID, status: LIKE_STATUS.like }, auth);
    expect(liked.statusCode).toBe(200);

    const detail = await t.get(API.workDetail.replace(':id', SHARED_ID), {}, auth);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ data: { title: '副本里的标题' }, like: true });
  });
});
