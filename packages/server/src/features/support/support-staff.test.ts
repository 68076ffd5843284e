import { API, fillPath, MSG, SERVER_MSG, STAFF_API } from '@yingku/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { insertRoleCaller } from '../../../test/staff';
import { insertCaller } from '../../../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

/** A logged-in user holding `role` (users.roles, read on every request). */
const insertRole = (role: 'support' | 'admin') => insertRoleCaller(t, [role]);

async function ask(headers: Headers, message: string): Promise<string> {
  const res = await t.send('POST', API.messageCreate, { message }, headers);
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
const reply = (id: string, message: string, headers: Headers) =>
  t.send('POST', fillPath(STAFF_API.reply, { id }), { message }, headers);
const staffClose = (id: string, headers: Headers) =>
  t.send('POST', fillPath(STAFF_API.close, { id }), {}, headers);
const inboxIds = async (headers: Headers, query: Record<string, string | number> = {}) => {
  const res = await t.get(STAFF_API.inbox, { pageSize: 100, ...query }, headers);
  expect(res.statusCode).toBe(200);
  return res.json() as { total: number; rows: { id: string; status: number; userName: string }[] };
};

describe('staff inbox', () => {
  it('puts threads awaiting a reply first, longest waiting first, then the rest by newest activity', async () => {
    const staff = await insertRole('support');
    const user = await insertCaller(t);
    const older = await ask(user.headers, '较早的问题');
    const answered = await ask(user.headers, '已回复的问题');
    const newer = await ask(user.headers, '较新的问题');
    const closed = await ask(user.headers, '已关闭的问题');
    await reply(answered, '已处理', staff.headers);
    await t.send('POST', API.messageClose, { id: closed }, user.headers);
    // A follow-up makes a replied thread wait again, and it has waited the shortest.
    const followed = await ask(user.headers, '追问的问题');
    await reply(followed, '请看说明', staff.headers);
    await t.send('POST', API.messageFollowUp, { messageId: followed, message: '还是不行' }, user.headers);

    const mine = new Set([older, answered, newer, closed, followed]);
    const all = await inboxIds(staff.headers);
    expect(all.rows.filter((r) => mine.has(r.id)).map((r) => [r.id, r.status])).toEqual([
      [older, 0],
      [newer, 0],
      [followed, 0],
      [closed, 9],
      [answered, 1],
    ]);
    expect(all.rows.find((r) => r.id === older)).toMatchObject({
      userId: user.user.id,
      userName: user.user.userName,
      message: '较早的问题',
      unread: false,
    });
    const awaiting = await inboxIds(staff.headers, { status: 0 });
    expect(awaiting.rows.every((r) => r.status === 0)).toBe(true);
    expect(awaiting.total).toBe(awaiting.rows.length);
    const onlyClosed = await inboxIds(staff.headers, { status: 9 });
    expect(onlyClosed.rows.map((r) => r.id)).toContain(closed);
    expect(onlyClosed.rows.every((r) => r.status === 9)).toBe(true);

    const page = await t.get(STAFF_API.inbox, { pageNum: 1, pageSize: 2 }, staff.headers);
    expect(page.json()).toMatchObject({ code: 200, total: all.total });
    expect(page.json().rows).toHaveLength(2);
  });

  it('refuses a bad status or page with 400', async () => {
    const staff = await insertRole('support');
    for (const query of [{ status: 2 }, { status: 'x' }, { pageNum: 0 }]) {
      expect((await t.get(STAFF_API.inbox, query, staff.headers)).statusCode).toBe(400);
    }
  });
});

describe('staff reply and the user’s new reply', () => {
  it('shows the thread to staff without marking it seen; a reply makes it 1 new reply until the user reads it', async () => {
    const staff = await insertRole('support');
    const user = await insertCaller(t);
    const id = await ask(user.headers, '会员到期时间不对');

    const res = await reply(id, '已为您核实，请重新登录。', staff.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 200,
      msg: MSG.submitted,
      data: { id, status: 1, unread: true },
    });
    expect((await entryRows(id)).map((e) => [e.type, e.author_id])).toEqual([
      [0, user.user.id],
      [1, staff.user.id],
    ]);

    const seen = await t.get(fillPath(STAFF_API.thread, { id }), {}, staff.headers);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      code: 200,
      data: {
        thread: { id, status: 1, unread: true, userId: user.user.id, userName: user.user.userName },
        entries: [
          { type: 0, message: '会员到期时间不对', authorName: null },
          { type: 1, message: '已为您核实，请重新登录。', authorName: staff.user.userName },
        ],
      },
    });
    expect(await threadRow(id)).toMatchObject({ unread: true });

    const list = await t.get(API.messageList, {}, user.headers);
    expect(list.json().rows[0]).toMatchObject({ id, status: 1, unread: true });
    const conversation = await t.get(fillPath(API.messageThread, { id }), {}, user.headers);
    expect(conversation.json().rows.map((r: { type: number }) => r.type)).toEqual([0, 1]);
    const after = await t.get(API.messageList, {}, user.headers);
    expect(after.json().rows[0]).toMatchObject({ id, status: 1, unread: false });
  });

  it('lets an admin do what staff do', async () => {
    const admin = await insertRole('admin');
    const user = await insertCaller(t);
    const id = await ask(user.headers, '管理员也能回复吗');
    expect((await t.get(STAFF_API.inbox, {}, admin.headers)).statusCode).toBe(200);
    expect((await reply(id, '可以', admin.headers)).statusCode).toBe(200);
    expect((await staffClose(id, admin.headers)).statusCode).toBe(200);
    expect(await threadRow(id)).toMatchObject({ status: 9 });
  });

  it('enforces reply lengths and refuses replies in a closed thread, storing nothing', async () => {
    const staff = await insertRole('support');
    const user = await insertCaller(t);
    const id = await ask(user.headers, '长度测试');
    expect((await reply(id, '答'.repeat(150), staff.headers)).statusCode).toBe(200);
    const long = await reply(id, '答'.repeat(151), staff.headers);
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain(SERVER_MSG.messageTooLong);
    expect((await reply(id, '  ', staff.headers)).json()).toEqual({ code: 400, msg: MSG.followUpEmpty });

    await t.send('POST', API.messageClose, { id }, user.headers);
    const refused = await reply(id, '还有补充', staff.headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 400, msg: SERVER_MSG.threadClosed });
    expect(await entryRows(id)).toHaveLength(2);
    expect(await threadRow(id)).toMatchObject({ status: 9 });
  });

  it('closes any thread (idempotently); the user can no longer follow up', async () => {
    const staff = await insertRole('support');
    const user = await insertCaller(t);
    const id = await ask(user.headers, '请关闭');
    await reply(id, '已处理', staff.headers);
    const res = await staffClose(id, staff.headers);
    expect(res.json()).toMatchObject({
      code: 200,
      msg: MSG.topicClosed,
      data: { id, status: 9, unread: true },
    });
    const closed = await threadRow(id);
    expect((await staffClose(id, staff.headers)).statusCode).toBe(200);
    expect(await threadRow(id)).toEqual(closed);
    const follow = await t.send(
      'POST',
      API.messageFollowUp,
      { messageId: id, message: '再问' },
      user.headers,
    );
    expect(follow.json()).toEqual({ code: 400, msg: SERVER_MSG.threadClosed });
  });

  it('answers 404 for an unknown thread and 400 for a bad id', async () => {
    const staff = await insertRole('support');
    const unknown = '999999999';
    for (const res of [
      await t.get(fillPath(STAFF_API.thread, { id: unknown }), {}, staff.headers),
      await reply(unknown, '你好', staff.headers),
      await staffClose(unknown, staff.headers),
    ]) {
      expect(res.json()).toEqual({ code: 404, msg: SERVER_MSG.threadNotFound });
    }
    for (const id of ['abc', '0', '-3']) {
      expect((await t.get(fillPath(STAFF_API.thread, { id }), {}, staff.headers)).statusCode).toBe(400);
      expect((await reply(id, '你好', staff.headers)).statusCode).toBe(400);
      expect((await staffClose(id, staff.headers)).statusCode).toBe(400);
    }
  });
});

describe('staff calls check the role on the server', () => {
  it('refuses a member (403 仅限客服人员) and a visitor (403 login dialog), and nothing changes', async () => {
    const member = await insertCaller(t);
    const id = await ask(member.headers, '我想看看别人的留言');
    const before = await threadRow(id);
    const calls = (headers: Headers) => [
      t.get(STAFF_API.inbox, {}, headers),
      t.get(fillPath(STAFF_API.thread, { id }), {}, headers),
      reply(id, '自问自答', headers),
      staffClose(id, headers),
      // A bad input still gets the role's answer, not a hint about the input.
      reply('abc', '', headers),
    ];
    for (const res of await Promise.all(calls(member.headers))) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 403, msg: SERVER_MSG.staffOnly });
    }
    for (const res of await Promise.all(calls({}))) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 403, msg: MSG.default403 });
    }
    expect(await threadRow(id)).toEqual(before);
    expect(await entryRows(id)).toHaveLength(1);
  });

  it('stops letting a user in as soon as the staff role is taken away', async () => {
    const staff = await insertRole('support');
    expect((await t.get(STAFF_API.inbox, {}, staff.headers)).statusCode).toBe(200);
    await t.database.db
      .updateTable('users')
      .set({ roles: sql<string[]>`ARRAY['member']::text[]` })
      .where('id', '=', staff.user.id)
      .execute();
    expect((await t.get(STAFF_API.inbox, {}, staff.headers)).json()).toEqual({
      code: 403,
      msg: SERVER_MSG.staffOnly,
    });
  });
});
