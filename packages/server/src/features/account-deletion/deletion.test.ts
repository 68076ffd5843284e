import {
  ACCOUNT_API,
  API,
  DELETION_MSG,
  fillPath,
  PRIVACY_VERSION,
  REVIEWS_API,
  SERVER_MSG,
  STAFF_API,
} from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoggedInUser, registerAndLogin, uniqueUserName } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { logLines } from '../../../test/log-lines';
import { submitOrder } from '../../../test/orders';
import { expectBadRequest, insertRoleCaller } from '../../../test/staff';
import { createLibraryService } from '../library/library.service';
import { createReviewsService } from '../reviews/reviews.service';
import { createDeletionService } from './deletion.service';

let t: TestApp;
let works: string[];
const log = logLines();

beforeAll(async () => {
  // No cooling-off: a request is due at once, and the job is run by hand.
  t = await createTestApp({ accountDeletionDays: 0, logLevel: 'info' }, { logStream: log.stream });
  ({ ids: works } = await insertWorks(t.database.db, [buildWorkLine(), buildWorkLine(), buildWorkLine()]));
});
afterAll(() => t.close());

const askDeletion = (member: LoggedInUser, password = member.password) =>
  t.send('POST', ACCOUNT_API.deletion, { password }, member.authHeader);
const login = (member: LoggedInUser, password = member.password) =>
  t.send('POST', API.login, { userName: member.userName, password });
const rate = (member: LoggedInUser, workId: string, stars: number, review: string | null) =>
  t.send('PUT', fillPath(REVIEWS_API.myRating, { id: workId }), { stars, review }, member.authHeader);

const user = (id: string) =>
  t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const work = (id: string) =>
  t.database.db
    .selectFrom('works')
    .select(['like_count', 'collect_count', 'member_ratings', 'member_star_sum', 'review_count', 'average'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const events = () => log.lines.map((line) => line.event).filter(Boolean);

/** A member who liked, collected, rated, reviewed, voted, followed, marked, watched and wrote. */
async function busyMember(other: LoggedInUser) {
  const member = await registerAndLogin(t);
  const db = t.database.db;
  for (const workId of [works[0]!, works[1]!]) {
    expect(
      (await t.send('POST', API.like, { dataId: workId, status: 0 }, member.authHeader)).statusCode,
    ).toBe(200);
  }
  expect((await t.send('POST', API.collectAdds, { dataId: works[0] }, member.authHeader)).statusCode).toBe(
    200,
  );
  expect((await rate(member, works[0]!, 1, '画面清楚，节奏平稳。')).statusCode).toBe(200);
  expect((await rate(member, works[2]!, 2, null)).statusCode).toBe(200);
  // A helpful vote on someone else's review: it counts there.
  const reviewId = (
    await db
      .selectFrom('work_ratings')
      .select('id')
      .where('user_id', '=', other.userId)
      .where('work_id', '=', works[0]!)
      .executeTakeFirstOrThrow()
  ).id;
  const voted = await t.send(
    'POST',
    fillPath(REVIEWS_API.reviewHelpful, { reviewId }),
    {},
    member.authHeader,
  );
  expect(voted.statusCode, voted.body).toBe(200);
  await db.insertInto('follows').values({ user_id: member.userId, kind: 'maker', entity_id: '1' }).execute();
  await db.insertInto('work_marks').values({ user_id: member.userId, work_id: works[1]!, mark: 1 }).execute();
  await db
    .insertInto('play_positions')
    .values({ user_id: member.userId, work_id: works[1]!, position_seconds: 42 })
    .execute();
  expect(
    (await t.send('POST', API.messageCreate, { message: '请问怎么续费？' }, member.authHeader)).statusCode,
  ).toBe(200);
  const { orderId } = await submitOrder(t, member.authHeader);
  return { member, reviewId, orderId };
}

describe('注销账号: the request', () => {
  it('needs the password; a wrong, empty, NUL or oversized one changes nothing', async () => {
    const member = await registerAndLogin(t);
    expectBadRequest(await askDeletion(member, 'Wrong-password-1'), SERVER_MSG.currentPasswordWrong);
    for (const password of ['', 'a\u0000b', 'x'.repeat(10_000)]) {
      expect((await askDeletion(member, password)).statusCode).toBe(400);
    }
    expect((await t.send('POST', ACCOUNT_API.deletion, { password: member.password })).statusCode).toBe(403);
    expect((await user(member.userId)).deletion_requested_at).toBeNull();
    // The login still works: nothing ended.
    expect((await t.get(API.userInfo, {}, member.authHeader)).statusCode).toBe(200);
  });

  it('ends every login and says when; logging in during the period undoes it', async () => {
    const member = await registerAndLogin(t);
    const second = await login(member);
    expect(second.statusCode).toBe(200);

    const res = await askDeletion(member);
    expect(res.statusCode, res.body).toBe(200);
    const { deleteAt } = res.json().data as { deleteAt: string };
    expect(deleteAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(res.json().msg).toBe(DELETION_MSG.requested(deleteAt.slice(0, 10)));
    expect((await t.get(API.userInfo, {}, member.authHeader)).statusCode).toBe(401);
    const secondToken = { authorization: `Bearer ${second.json().data.accessToken}` };
    expect((await t.get(API.userInfo, {}, secondToken)).statusCode).toBe(401);
    expect(events()).toContain('deletion.requested');

    const back = await login(member);
    expect(back.json()).toMatchObject({ msg: DELETION_MSG.cancelled, data: { deletionCancelled: true } });
    expect((await user(member.userId)).deletion_requested_at).toBeNull();
    expect(events()).toContain('deletion.cancelled');
    // Nothing is due, so the job leaves the account alone.
    await t.app.scheduledJobs.accountDeletions();
    expect((await user(member.userId)).deleted_at).toBeNull();
    // A later login says nothing of it.
    expect((await login(member)).json().data).not.toHaveProperty('deletionCancelled');
  });

  it('asked twice at once is one request', async () => {
    const member = await registerAndLogin(t);
    const answers = await Promise.all([askDeletion(member), askDeletion(member)]);
    const codes = answers.map((res) => res.statusCode);
    expect(codes).toContain(200);
    for (const code of codes) expect([200, 401]).toContain(code);
    const deleteAts = answers.filter((res) => res.statusCode === 200).map((res) => res.json().data.deleteAt);
    expect(new Set(deleteAts).size).toBe(1);
    // Undone, so the job's tests below meet only their own members.
    expect((await login(member)).json().data).toMatchObject({ deletionCancelled: true });
  });

  it('is refused to staff, whose roles go first', async () => {
    const member = await registerAndLogin(t);
    const db = t.database.db;
    // A staff account of known password: the member's row, given the staff role.
    await db
      .updateTable('users')
      .set({ roles: ['member', 'support'] })
      .where('id', '=', member.userId)
      .execute();
    expectBadRequest(await askDeletion(member), DELETION_MSG.staffRefused);
    expect((await user(member.userId)).deletion_requested_at).toBeNull();
  });
});

describe('注销账号: the job', () => {
  it('removes what the member had, drops the totals they fed, keeps orders and messages', async () => {
    const other = await registerAndLogin(t);
    expect((await rate(other, works[0]!, 5, '构图干净，值得一看。')).statusCode).toBe(200);
    const before = { w0: await work(works[0]!), w1: await work(works[1]!), w2: await work(works[2]!) };
    const { member, reviewId, orderId } = await busyMember(other);
    const during = { w0: await work(works[0]!), w2: await work(works[2]!) };
    expect(during.w0.like_count).toBe(before.w0.like_count + 1);
    expect(during.w0.collect_count).toBe(before.w0.collect_count + 1);
    expect(during.w0.member_ratings).toBe(before.w0.member_ratings + 1);
    expect(during.w2.member_ratings).toBe(before.w2.member_ratings + 1);

    expect((await askDeletion(member)).statusCode).toBe(200);
    expect(await t.app.scheduledJobs.accountDeletions()).toBe(1);
    expect(events()).toContain('deletion.done');

    // The totals are back where they were before the member.
    expect(await work(works[0]!)).toEqual(before.w0);
    expect(await work(works[1]!)).toEqual(before.w1);
    expect(await work(works[2]!)).toEqual(before.w2);
    const helpful = await t.database.db
      .selectFrom('work_ratings')
      .select('helpful_count')
      .where('id', '=', reviewId)
      .executeTakeFirstOrThrow();
    expect(helpful.helpful_count).toBe(0);

    // Nothing of theirs is left but the order and the thread.
    const db = t.database.db;
    for (const table of [
      'likes',
      'collect_folders',
      'collect_entries',
      'work_ratings',
      'review_helpful',
      'follows',
      'work_marks',
      'play_positions',
      'login_sessions',
      'recovery_codes',
      'account_tokens',
    ] as const) {
      const rows = await db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', member.userId)
        .execute();
      expect(rows, table).toEqual([]);
    }
    const gone = await user(member.userId);
    expect(gone).toMatchObject({
      user_name: DELETION_MSG.deletedUser,
      email: '',
      password_hash: '',
      vip_until: null,
    });
    expect(gone.deleted_at).not.toBeNull();
    expect(gone.user_name_key).not.toContain(member.userName.toLowerCase());

    const staff = await insertRoleCaller(t, ['member', 'support']);
    const orders = await t.get(STAFF_API.orders, { pageSize: 100 }, staff.headers);
    expect(orders.json().rows).toContainEqual(
      expect.objectContaining({ orderId, userName: DELETION_MSG.deletedUser }),
    );
    const inbox = await t.get(STAFF_API.inbox, { pageSize: 100 }, staff.headers);
    expect(inbox.json().rows).toContainEqual(expect.objectContaining({ userName: DELETION_MSG.deletedUser }));
    expect(JSON.stringify(orders.json())).not.toContain(member.userName);

    // The name logs in to nothing, and no one else can take it, in any case.
    expectBadRequest(await login(member), SERVER_MSG.loginFailed);
    const again = await t.send('POST', API.register, {
      userName: member.userName.toUpperCase(),
      password: member.password,
      confirmPassword: member.password,
      email: 'new@example.com',
    });
    expectBadRequest(again, SERVER_MSG.userNameTaken);
    // The old tokens are dead.
    expect((await t.get(API.userInfo, {}, member.authHeader)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'GET',
      url: `/prod-api${API.token}`,
      headers: { 'refresh-token': member.refreshToken },
    });
    expect(refresh.json().code).not.toBe(200);
  });

  it('cut off in the middle leaves the account whole, and the next run finishes it', async () => {
    const other = await registerAndLogin(t);
    expect((await rate(other, works[0]!, 4, '声音清楚，剪辑利落。')).statusCode).toBe(200);
    const { member } = await busyMember(other);
    expect((await askDeletion(member)).statusCode).toBe(200);
    const db = t.database.db;
    const library = createLibraryService(db, 'share-secret-for-tests');
    const silent = { info() {}, warn() {}, error() {} } as never;
    const failing = createDeletionService({
      db,
      log: silent,
      coolingOffDays: 0,
      // The library's rows go, then the connection "drops".
      forgetters: [
        library,
        {
          forgetMember: async () => {
            throw new Error('connection terminated');
          },
        },
      ],
    });
    const before = await work(works[0]!);
    expect(await failing.runDue()).toBe(0);
    expect(await work(works[0]!)).toEqual(before);
    const likes = await db
      .selectFrom('likes')
      .select('work_id')
      .where('user_id', '=', member.userId)
      .execute();
    expect(likes).toHaveLength(2);
    expect((await user(member.userId)).deleted_at).toBeNull();

    const working = createDeletionService({
      db,
      log: silent,
      coolingOffDays: 0,
      forgetters: [library, createReviewsService({ db })],
    });
    expect(await working.runDue()).toBe(1);
    expect((await user(member.userId)).deleted_at).not.toBeNull();
    expect(await working.runDue()).toBe(0);
  });
});

describe('consent at registration', () => {
  it('keeps the version agreed to and its time; an outdated one creates nothing', async () => {
    const password = 'Tide-5f3a91c2-Lamp';
    const userName = uniqueUserName('consent');
    const body = { userName, password, confirmPassword: password, email: 'c@example.com' };
    expectBadRequest(
      await t.send('POST', API.register, { ...body, consentVersion: '2001-01-01' }),
      DELETION_MSG.consentOutdated,
    );
    expect(
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('user_name', '=', userName)
        .executeTakeFirst(),
    ).toBeUndefined();
    const res = await t.send('POST', API.register, { ...body, consentVersion: PRIVACY_VERSION });
    expect(res.statusCode, res.body).toBe(200);
    const row = await user(res.json().data.userId);
    expect(row.consent_version).toBe(PRIVACY_VERSION);
    expect(row.consent_at).toBeInstanceOf(Date);
    expectBadRequest(
      await t.send('POST', API.register, {
        ...body,
        userName: uniqueUserName(),
        consentVersion: 'x'.repeat(33),
      }),
      '',
    );
  });
});
