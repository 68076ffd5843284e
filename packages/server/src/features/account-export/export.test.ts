import { ACCOUNT_API, API, EXPORT_MSG } from '@yingku/contract';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildWorkLine, insertWorks } from '../../../test/factories';

let t: TestApp;
let works: string[];

beforeAll(async () => {
  t = await createTestApp();
  ({ ids: works } = await insertWorks(t.database.db, [buildWorkLine(), buildWorkLine()]));
});
afterAll(() => t.close());

const exportOf = (headers: Record<string, string>) => t.send('POST', ACCOUNT_API.export, {}, headers);

describe('导出我的数据', () => {
  it('is one zip of all the member has here, JSON and a CSV per list, and nothing of anyone else', async () => {
    const member = await registerAndLogin(t);
    const other = await registerAndLogin(t);
    const db = t.database.db;
    await t.send('POST', API.like, { dataId: works[0], status: 0 }, member.authHeader);
    await t.send('POST', API.like, { dataId: works[1], status: 0 }, other.authHeader);
    await t.send(
      'POST',
      API.createFolder,
      { cateName: '=SUM(A1)', description: '周末, "看"' },
      member.authHeader,
    );
    await t.send('POST', API.messageCreate, { message: '你好，请问怎么续费？' }, member.authHeader);
    await db
      .insertInto('work_ratings')
      .values({
        work_id: works[1]!,
        user_id: member.userId,
        stars: 4,
        review: '不错',
        reviewed_at: new Date(),
      })
      .execute();
    await db
      .insertInto('work_marks')
      .values({ work_id: works[0]!, user_id: member.userId, mark: 1 })
      .execute();
    await db
      .insertInto('play_positions')
      .values({ work_id: works[0]!, user_id: member.userId, position_seconds: 95 })
      .execute();

    const res = await exportOf(member.authHeader);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="yingku-.+\.zip"/);
    expect(res.headers['cache-control']).toBe('no-store');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const dir = `yingku-${member.userName}`;
    expect(Object.keys(files).sort()).toEqual(
      [
        'account.json',
        'cloud-requests.csv',
        'folders.csv',
        'follows.csv',
        'likes.csv',
        'marks.csv',
        'messages.csv',
        'orders.csv',
        'play-positions.csv',
        'ratings.csv',
      ].map((name) => `${dir}/${name}`),
    );
    const all = JSON.parse(strFromU8(files[`${dir}/account.json`]!));
    expect(all.account).toMatchObject({
      userId: member.userId,
      userName: member.userName,
      emailVerified: false,
    });
    expect(all.account).not.toHaveProperty('passwordHash');
    expect(all.likes.map((like: { workId: string }) => like.workId)).toEqual([works[0]]);
    expect(all.folders.map((folder: { name: string }) => folder.name).sort()).toEqual(
      ['=SUM(A1)', '默认收藏夹'].sort(),
    );
    expect(all.ratings).toEqual([expect.objectContaining({ workId: works[1], stars: 4, review: '不错' })]);
    expect(all.marks).toEqual([expect.objectContaining({ workId: works[0], mark: 1 })]);
    expect(all.playPositions).toEqual([expect.objectContaining({ workId: works[0], positionSeconds: 95 })]);
    expect(all.messages).toEqual([expect.objectContaining({ message: '你好，请问怎么续费？' })]);
    expect(all.logins).toHaveLength(1);
    expect(JSON.stringify(all)).not.toContain(other.userName);

    const likes = Buffer.from(files[`${dir}/likes.csv`]!).toString('utf8');
    expect(likes.startsWith('\uFEFFworkId,number,title,likedAt\r\n')).toBe(true);
    expect(likes.split('\r\n')).toHaveLength(3);
    const messages = strFromU8(files[`${dir}/messages.csv`]!);
    expect(messages).toContain('你好，请问怎么续费？');

    // One a day.
    expect((await exportOf(member.authHeader)).json()).toEqual({ code: 429, msg: EXPORT_MSG.oncePerDay });
  });

  it('lets one of two exports asked at once through, and refuses a visitor', async () => {
    const member = await registerAndLogin(t);
    const both = await Promise.all([exportOf(member.authHeader), exportOf(member.authHeader)]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 429]);
    expect((await exportOf({})).statusCode).toBe(403);
  });
});
