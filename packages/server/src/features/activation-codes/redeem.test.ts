import { API, MSG, SERVER_MSG, STAFF_API } from '@yingku/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { insertRoleCaller } from '../../../test/staff';
import { insertCaller } from '../../../test/users';
import { hashCode } from './activation-code';
import { createMembershipService } from '../membership/membership.service';
import { createVipPackagesService } from '../vip-packages/vip-packages.service';
import { createActivationCodesService, MAX_BATCH, REDEEM_LIMITS } from './activation-codes.service';
import { formatSiteTime } from '../../lib/site-time';

let t: TestApp;
type Headers = Record<string, string>;
const DAY = 24 * 60 * 60 * 1000;

/** The service as the app builds it, on the test's database. */
function codesService() {
  const db = t.database.db;
  return createActivationCodesService({
    db,
    membership: createMembershipService(db),
    packages: createVipPackagesService({ db }),
  });
}

/** New codes for the two-month card (60 days). */
async function makeCodes(count: number): Promise<string[]> {
  const service = codesService();
  return (await service.createBatch('两月卡', count, 'redeem-test')).codes;
}

const redeem = (headers: Headers, code: unknown) => t.send('POST', API.redeem, { code, appId: 'x' }, headers);

async function userRow(id: string) {
  return t.database.db
    .selectFrom('users')
    .select(['level_id', 'vip_until'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function codeRow(code: string) {
  return t.database.db
    .selectFrom('activation_codes')
    .selectAll()
    .where('code_hash', '=', hashCode(code))
    .executeTakeFirstOrThrow();
}

/** Days from now to a `YYYY-MM-DD HH:mm:ss` Asia/Shanghai time. */
const daysUntil = (shanghai: string) =>
  (Date.parse(`${shanghai.replace(' ', 'T')}+08:00`) - Date.now()) / DAY;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('making a batch', () => {
  it('stores the hashes under the package (by id or name) and the batch name', async () => {
    const service = codesService();
    const byId = await service.createBatch('101', 3, 'by-id');
    expect(byId.package).toMatchObject({ id: '101', name: '年卡', days: 365 });
    expect(new Set(byId.codes).size).toBe(3);
    const rows = await t.database.db
      .selectFrom('activation_codes')
      .selectAll()
      .where('batch', '=', 'by-id')
      .execute();
    expect(rows.map((r) => r.code_hash).sort()).toEqual(byId.codes.map(hashCode).sort());
    expect(rows.every((r) => r.package_id === '101' && r.redeemed_by === null)).toBe(true);
  });

  it('refuses an unknown package or a count out of range, storing nothing', async () => {
    const service = codesService();
    const missing = { code: 404, message: SERVER_MSG.packageMissing };
    await expect(service.createBatch('月卡', 1, 'bad')).rejects.toMatchObject(missing);
    await expect(service.createBatch('999', 1, 'bad')).rejects.toMatchObject({
      ...missing,
      detail: expect.stringContaining('No package "999"'),
    });
    for (const count of [0, -1, 1.5, MAX_BATCH + 1]) {
      await expect(service.createBatch('101', count, 'bad')).rejects.toMatchObject({
        code: 400,
        detail: `count must be 1 … ${MAX_BATCH}`,
      });
    }
    // A failure while handing the codes over rolls the batch back.
    const handOver = service.createBatch('101', 2, 'bad', async () => {
      throw new Error('disk full');
    });
    await expect(handOver).rejects.toThrow('disk full');
    const rows = await t.database.db
      .selectFrom('activation_codes')
      .selectAll()
      .where('batch', '=', 'bad')
      .execute();
    expect(rows).toEqual([]);
  });

  it('from the console: a batch for a package on file, the service’s 404 for none', async () => {
    const { headers } = await insertRoleCaller(t, ['member', 'finance']);
    const made = await t.send(
      'POST',
      STAFF_API.codes,
      { packageId: '101', count: 2, batch: 'console' },
      headers,
    );
    expect(made.statusCode).toBe(200);
    expect(made.json().data).toMatchObject({ batch: 'console', packageId: '101' });
    expect(made.json().data.codes).toHaveLength(2);

    const none = await t.send(
      'POST',
      STAFF_API.codes,
      { packageId: '999', count: 1, batch: 'none' },
      headers,
    );
    expect({ status: none.statusCode, body: none.json() }).toEqual({
      status: 404,
      body: { code: 404, msg: SERVER_MSG.packageMissing },
    });
    const pastInt64 = await t.send(
      'POST',
      STAFF_API.codes,
      { packageId: '99999999999999999999', count: 1, batch: 'past' },
      headers,
    );
    expect(pastInt64.statusCode).toBe(400);
    const stored = await t.database.db
      .selectFrom('activation_codes')
      .select('batch')
      .where('batch', 'in', ['none', 'past'])
      .execute();
    expect(stored).toEqual([]);
  });
});

describe('POST /v2/user/code/redeem', () => {
  it('grants a member the package once, marks the code and answers the new membership', async () => {
    const { user, headers } = await insertCaller(t);
    const [code] = await makeCodes(1);

    const res = await redeem(headers, code);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ levelId: 2 });
    expect(data.groupName).toEqual(expect.any(String));
    expect(data.vipUntil).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(daysUntil(data.vipUntil)).toBeCloseTo(60, 1);
    const row = await userRow(user.id);
    expect(row.level_id).toBe(2);
    expect(formatSiteTime(row.vip_until!)).toBe(data.vipUntil);
    const stored = await codeRow(code!);
    expect(stored.redeemed_by).toBe(user.id);
    expect(stored.redeemed_at).toBeInstanceOf(Date);

    const again = await redeem(headers, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 400, msg: SERVER_MSG.codeInvalid });
    expect(await userRow(user.id)).toEqual(row);
  });

  it('adds the days to a VIP still in force, and starts from now for an expired one', async () => {
    const [forActive, forExpired] = await makeCodes(2);
    const active = await insertCaller(t, { levelId: 2, vipUntil: new Date(Date.now() + 10 * DAY) });
    const res = await redeem(active.headers, forActive);
    expect(res.statusCode, res.body).toBe(200);
    expect(daysUntil(res.json().data.vipUntil)).toBeCloseTo(70, 1);

    const expired = await insertCaller(t, { levelId: 2, vipUntil: new Date(Date.now() - 10 * DAY) });
    const res2 = await redeem(expired.headers, forExpired);
    expect(res2.statusCode, res2.body).toBe(200);
    expect(daysUntil(res2.json().data.vipUntil)).toBeCloseTo(60, 1);
  });

  it('accepts the code however it is typed: lower case, spaces, no dashes, O for 0, I or L for 1', async () => {
    const { headers } = await insertCaller(t);
    // A code with both a 0 and a 1 in it, so the look-alike mapping is really exercised.
    let code = '';
    while (!/0/.test(code) || !/1/.test(code)) [code] = (await makeCodes(1)) as [string];
    const typed = ` ${code.replace(/-/g, ' ').replace(/0/g, 'o').replace(/1/g, 'l').toLowerCase()} `;
    const res = await redeem(headers, typed);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a visitor with 403 and bad input with 400, changing nothing', async () => {
    const [code] = await makeCodes(1);
    const visitor = await redeem({}, code);
    expect(visitor.statusCode).toBe(403);

    const { user, headers } = await insertCaller(t);
    for (const bad of ['1234567', '', 42, null, 'x'.repeat(65)]) {
      const res = await redeem(headers, bad);
      expect(res.statusCode, String(bad)).toBe(400);
    }
    expect((await redeem(headers, 'ABCD')).json()).toEqual({ code: 400, msg: MSG.activationCodeTooShort });
    expect(await userRow(user.id)).toMatchObject({ level_id: 1, vip_until: null });
    expect((await codeRow(code!)).redeemed_at).toBeNull();
    // Malformed requests are not wrong guesses: they do not count against the user.
    const failures = await t.database.db
      .selectFrom('redeem_failures')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(failures).toEqual([]);
  });

  it(`locks a user out for ${REDEEM_LIMITS.windowMinutes} minutes after ${REDEEM_LIMITS.failures} wrong codes`, async () => {
    const { user, headers } = await insertCaller(t);
    const other = await insertCaller(t);
    const [good] = await makeCodes(1);
    for (let i = 0; i < REDEEM_LIMITS.failures; i++) {
      const res = await redeem(headers, `WRONG-CODE-${i}-0000-00000-00000`);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(SERVER_MSG.codeInvalid);
    }
    // Locked: even a good code is not looked at.
    const locked = await redeem(headers, good);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 429, msg: SERVER_MSG.codeLocked });
    expect((await codeRow(good!)).redeemed_at).toBeNull();
    expect((await userRow(user.id)).level_id).toBe(1);
    // Another user is not affected.
    expect((await redeem(other.headers, 'WRONG-CODE-X-0000-00000-00000')).statusCode).toBe(400);

    // When the lock has passed, the good code works and the count starts again.
    await t.database.db
      .updateTable('redeem_failures')
      .set({ locked_until: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', user.id)
      .execute();
    expect((await redeem(headers, good)).statusCode).toBe(200);
    const left = await t.database.db
      .selectFrom('redeem_failures')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('forgets wrong codes whose window has passed', async () => {
    const { user, headers } = await insertCaller(t);
    for (let i = 0; i < REDEEM_LIMITS.failures - 1; i++) await redeem(headers, 'WRONG-CODE-0000-0000-00000');
    await t.database.db
      .updateTable('redeem_failures')
      .set({
        window_started_at: sql<Date>`now() - make_interval(mins => ${REDEEM_LIMITS.windowMinutes + 1})`,
      })
      .where('user_id', '=', user.id)
      .execute();
    expect((await redeem(headers, 'WRONG-CODE-0000-0000-00000')).statusCode).toBe(400);
    expect((await redeem(headers, 'WRONG-CODE-0000-0000-00000')).statusCode).toBe(400);
  });

  it('grants exactly once when 50 users redeem one code at the same time', async () => {
    const [code] = await makeCodes(1);
    const callers = await Promise.all(Array.from({ length: 50 }, () => insertCaller(t)));
    const answers = await Promise.all(callers.map(({ headers }) => redeem(headers, code)));

    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(49);
    const winner = callers[answers.findIndex((res) => res.statusCode === 200)]!;
    const vips = await t.database.db
      .selectFrom('users')
      .select('id')
      .where(
        'id',
        'in',
        callers.map((c) => c.user.id),
      )
      .where('vip_until', 'is not', null)
      .execute();
    expect(vips.map((v) => v.id)).toEqual([winner.user.id]);
    expect((await codeRow(code!)).redeemed_by).toBe(winner.user.id);
  });

  it('grants exactly once when one user sends one code 50 times at once', async () => {
    const [code] = await makeCodes(1);
    const { user, headers } = await insertCaller(t);
    const answers = await Promise.all(Array.from({ length: 50 }, () => redeem(headers, code)));

    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The rest are wrong codes now; once five are counted the user may be locked.
    expect(statuses.every((s) => s === 200 || s === 400 || s === 429)).toBe(true);
    const { vip_until } = await userRow(user.id);
    expect((vip_until!.getTime() - Date.now()) / DAY).toBeCloseTo(60, 1);
  });
});
