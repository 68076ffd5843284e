import { API, fillPath, MSG, SERVER_MSG } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { insertCaller } from '../../../test/users';
import { NEW_THREAD_QUOTA } from './support.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** Asks a question as the caller and answers the new thread's id. */
async function ask(headers: Headers, message = '请问会员能在几台设备上观看？'): Promise<string> {
  const res = await t.send('POST', API.messageCreate, { appId: t.config.appId, message }, headers);
  expect(res.statusCode).toBe(200);
  return res.json().data.id as string;
}

const threadRow = (id: string) =>
  t.database.db.selectFrom('support_threads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const entryRows = (threadId: string) =>
  t.database.db
    .selectFrom('support_entries')
    .selectAll()
    .where('thread_id', '=', threadId)
    .orderBy('id')
    .execute();
/** What a staff reply leaves behind, written straight to the tables (the console has its own tests). */
async function staffReplied(threadId: string, message = '您好，最多三台设备。') {
  const db = t.database.db;
  await db.insertInto('support_entries').values({ thread_id: threadId, type: 1, message }).execute();
  await db
    .updateTable('support_threads')
    .set({ status: 1, unread: true })
    .where('id', '=', threadId)
    .execute();
}
/** Wall-clock text of a timestamp in Asia/Shanghai (UTC+8, no daylight saving). */
const shanghai = (d: Date) =>
  new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

describe('POST /v2/message', () => {
  it('opens at most 5 new threads in 10 minutes per member, however many are sent at once', async () => {
    const { user, headers } = await insertCaller(t);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.send('POST', API.messageCreate, { appId: t.config.appId, message: `问题 ${i}` }, headers),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(NEW_THREAD_QUOTA.max);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.json()).toEqual({ code: 429, msg: SERVER_MSG.threadsTooFrequent });
    }
    const threads = await t.database.db
      .selectFrom('support_threads')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(threads).toHaveLength(NEW_THREAD_QUOTA.max);

    // Follow-ups in an open thread are not new threads: still taken.
    const followUp = await t.send(
      'POST',
      API.messageFollowUp,
      { appId: t.config.appId, messageId: threads[0]!.id, message: '补充一下' },
      headers,
    );
    expect(followUp.statusCode).toBe(200);
    // Another member asks as usual.
    await ask((await insertCaller(t)).headers);
  });

  it('opens a thread awaiting a reply, its question as the first entry, and answers it with 提交成功', async () => {
    const { user, headers } = await insertCaller(t);
    const res = await t.send(
      'POST',
      API.messageCreate,
      { appId: t.config.appId, message: '  无法播放  ' },
      headers,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      code: 200,
      msg: MSG.submitted,
      data: { message: '无法播放', status: 0, unread: false },
    });
    const row = await threadRow(body.data.id);
    expect(row).toMatchObject({ user_id: user.id, message: '无法播放', status: 0, unread: false });
    expect(body.data.createTime).toBe(shanghai(row.created_at as Date));
    expect(body.data.updateTime).toMatch(TIME);
    expect(await entryRows(body.data.id)).toMatchObject([
      { type: 0, author_id: user.id, message: '无法播放' },
    ]);
  });

  it('takes 150 characters, refuses 151 and an empty message, storing nothing', async () => {
    const { user, headers } = await insertCaller(t);
    const id = await ask(headers, '问'.repeat(150));
    expect((await threadRow(id)).message).toHaveLength(150);
    const long = await t.send('POST', API.messageCreate, { message: '问'.repeat(151) }, headers);
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain(SERVER_MSG.messageTooLong);
    for (const body of [{ message: '' }, { message: '   ' }, {}]) {
      const res = await t.send('POST', API.messageCreate, body, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg: MSG.followUpEmpty });
    }
    const stored = await t.database.db
      .selectFrom('support_threads')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toEqual([{ id }]);
  });

  it('gives a visitor the login dialog (403) on every call and stores nothing', async () => {
    const { headers } = await insertCaller(t);
    const id = await ask(headers);
    const calls = [
      t.send('POST', API.messageCreate, { message: '你好' }),
      t.send('POST', API.messageFollowUp, { messageId: id, message: '你好' }),
      t.get(API.messageList),
      t.get(fillPath(API.messageThread, { id })),
      t.send('POST', API.messageClose, { id }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 403, msg: MSG.default403 });
    }
    expect(await threadRow(id)).toMatchObject({ status: 0 });
    expect(await entryRows(id)).toHaveLength(1);
  });
});

describe('POST /v2/message/data', () => {
  it('adds a follow-up to the caller’s thread, which awaits a reply again', async () => {
    const { user, headers } = await insertCaller(t);
    const id = await ask(headers);
    await staffReplied(id);
    const before = await threadRow(id);
    const res = await t.send(
      'POST',
      API.messageFollowUp,
      { messageId: id, message: '那手机算吗？' },
      headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 200,
      msg: MSG.submitted,
      data: { id, status: 0, unread: false },
    });
    const after = await threadRow(id);
    expect(after).toMatchObject({ status: 0, unread: false });
    expect((after.updated_at as Date).getTime()).toBeGreaterThan((before.updated_at as Date).getTime());
    expect((await entryRows(id)).map((e) => [e.type, e.message, e.author_id])).toEqual([
      [0, '请问会员能在几台设备上观看？', user.id],
      [1, '您好，最多三台设备。', null],
      [0, '那手机算吗？', user.id],
    ]);
  });

  it('enforces the lengths of a follow-up: 150 taken, 151 and empty (请填写后提交) refused', async () => {
    const { headers } = await insertCaller(t);
    const id = await ask(headers);
    const ok = await t.send(
      'POST',
      API.messageFollowUp,
      { messageId: id, message: '追'.repeat(150) },
      headers,
    );
    expect(ok.statusCode).toBe(200);
    const long = await t.send(
      'POST',
      API.messageFollowUp,
      { messageId: id, message: '追'.repeat(151) },
      headers,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain(SERVER_MSG.messageTooLong);
    const empty = await t.send('POST', API.messageFollowUp, { messageId: id, message: ' ' }, headers);
    expect(empty.json()).toEqual({ code: 400, msg: MSG.followUpEmpty });
    expect(await entryRows(id)).toHaveLength(2);
  });

  it('does not find another user’s thread or an unknown one, and changes nothing', async () => {
    const a = await insertCaller(t);
    const b = await insertCaller(t);
    const id = await ask(a.headers);
    const before = await threadRow(id);
    for (const messageId of [id, '999999999']) {
      const res = await t.send('POST', API.messageFollowUp, { messageId, message: '插话' }, b.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: SERVER_MSG.threadNotFound });
    }
    expect(await threadRow(id)).toEqual(before);
    expect(await entryRows(id)).toHaveLength(1);
  });
});

describe('GET /v2/message/list', () => {
  it('lists only the caller’s threads, newest activity first, paged with the total', async () => {
    const { headers } = await insertCaller(t);
    const other = await insertCaller(t);
    await ask(other.headers, '别人的问题');
    const first = await ask(headers, '第一个');
    const second = await ask(headers, '第二个');
    const third = await ask(headers, '第三个');
    await staffReplied(second);
    // A follow-up is activity: the oldest thread comes to the top.
    await t.send('POST', API.messageFollowUp, { messageId: first, message: '还在吗' }, headers);

    const page1 = await t.get(API.messageList, { appId: t.config.appId, pageNum: 1, pageSize: 2 }, headers);
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({
      code: 200,
      total: 3,
      rows: [
        { id: first, message: '第一个', status: 0, unread: false },
        { id: third, message: '第三个', status: 0 },
      ],
    });
    const page2 = await t.get(API.messageList, { pageNum: 2, pageSize: 2 }, headers);
    expect(page2.json()).toMatchObject({ total: 3, rows: [{ id: second, status: 1, unread: true }] });
    expect(page2.json().rows[0].updateTime).toMatch(TIME);
  });

  it('refuses a bad page with 400', async () => {
    const { headers } = await insertCaller(t);
    for (const query of [{ pageNum: 0 }, { pageSize: 'x' }, { pageSize: 1000 }]) {
      expect((await t.get(API.messageList, query, headers)).statusCode).toBe(400);
    }
  });
});

describe('GET /v2/message/{id}', () => {
  it('answers the conversation oldest first and marks a new reply seen', async () => {
    const { headers } = await insertCaller(t);
    const id = await ask(headers);
    await staffReplied(id);
    const res = await t.get(fillPath(API.messageThread, { id }), {}, headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      code: 200,
      total: 2,
      rows: [
        { message: '请问会员能在几台设备上观看？', type: 0 },
        { message: '您好，最多三台设备。', type: 1 },
      ],
    });
    expect(Object.keys(body.rows[1]).sort()).toEqual(['createTime', 'message', 'type']);
    const entries = await entryRows(id);
    expect(body.rows[0].createTime).toBe(shanghai(entries[0]!.created_at as Date));
    expect(await threadRow(id)).toMatchObject({ status: 1, unread: false });
    const list = await t.get(API.messageList, {}, headers);
    expect(list.json().rows[0]).toMatchObject({ id, status: 1, unread: false });
  });

  it('answers a thread without replies with its question only', async () => {
    const { headers } = await insertCaller(t);
    const id = await ask(headers, '只有问题');
    const res = await t.get(fillPath(API.messageThread, { id }), {}, headers);
    expect(res.json()).toMatchObject({ total: 1, rows: [{ message: '只有问题', type: 0 }] });
  });

  it('does not find another user’s thread (its new reply stays new), nor an unknown one', async () => {
    const a = await insertCaller(t);
    const b = await insertCaller(t);
    const id = await ask(a.headers);
    await staffReplied(id);
    for (const target of [id, '999999999']) {
      const res = await t.get(fillPath(API.messageThread, { id: target }), {}, b.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: SERVER_MSG.threadNotFound });
    }
    expect(await threadRow(id)).toMatchObject({ status: 1, unread: true });
  });

  it('refuses bad ids with 400', async () => {
    const { headers } = await insertCaller(t);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const res = await t.get(fillPath(API.messageThread, { id }), {}, headers);
      expect(res.statusCode, id).toBe(400);
    }
  });
});

describe('POST /v2/message/update', () => {
  it('closes the caller’s thread with 已关闭该话题, and closing again changes nothing', async () => {
    const { headers } = await insertCaller(t);
    const id = await ask(headers);
    await staffReplied(id);
    const res = await t.send('POST', API.messageClose, { appId: t.config.appId, id }, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 200,
      msg: MSG.topicClosed,
      data: { id, status: 9, unread: false },
    });
    const closed = await threadRow(id);
    expect(closed).toMatchObject({ status: 9, unread: false });
    const again = await t.send('POST', API.messageClose, { id }, headers);
    expect(again.json()).toMatchObject({ code: 200, msg: MSG.topicClosed, data: { id, status: 9 } });
    expect(await threadRow(id)).toEqual(closed);
  });

  it('refuses follow-ups in a closed thread, storing nothing', async () => {
    const { headers } = await insertCaller(t);
    const id = await ask(headers);
    await t.send('POST', API.messageClose, { id }, headers);
    const res = await t.send('POST', API.messageFollowUp, { messageId: id, message: '再问一句' }, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: SERVER_MSG.threadClosed });
    expect(await entryRows(id)).toHaveLength(1);
    expect(await threadRow(id)).toMatchObject({ status: 9 });
  });

  it('does not close another user’s thread, and refuses bad ids with 400', async () => {
    const a = await insertCaller(t);
    const b = await insertCaller(t);
    const id = await ask(a.headers);
    const res = await t.send('POST', API.messageClose, { id }, b.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: SERVER_MSG.threadNotFound });
    expect(await threadRow(id)).toMatchObject({ status: 0 });
    for (const body of [{ id: 'x' }, { id: '0' }, { id: 5 }, {}]) {
      expect((await t.send('POST', API.messageClose, body, a.headers)).statusCode).toBe(400);
    }
    expect(
      (await t.send('POST', API.messageFollowUp, { messageId: 'x', message: '嗨' }, a.headers)).statusCode,
    ).toBe(400);
  });

  it('ends a follow-up racing a close consistently: closed, with the follow-up stored only if it was taken', async () => {
    const { headers } = await insertCaller(t);
    for (let round = 0; round < 3; round += 1) {
      const id = await ask(headers);
      const [follow, close] = await Promise.all([
        t.send('POST', API.messageFollowUp, { messageId: id, message: `并发${round}` }, headers),
        t.send('POST', API.messageClose, { id }, headers),
      ]);
      expect(close.statusCode).toBe(200);
      expect([200, 400]).toContain(follow.statusCode);
      expect(await threadRow(id)).toMatchObject({ status: 9 });
      expect(await entryRows(id)).toHaveLength(follow.statusCode === 200 ? 2 : 1);
    }
  });
});
