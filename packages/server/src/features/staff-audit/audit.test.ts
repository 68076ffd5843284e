import { AUDIT_FIELDS, fillPath, STAFF_API, STAFF_MSG, TWO_FACTOR_MSG } from '@yingku/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { expectBadRequest, expectPermissionDenied, insertRoleCaller } from '../../../test/staff';
import { insertCaller } from '../../../test/users';

// The audit log: each console change writes its entry in its own transaction (neither lands
// without the other), admins read and export it, nothing changes it (decision 071).

const DAILY_CAP = 5;
let t: TestApp;
type Headers = Record<string, string>;
let admin: Awaited<ReturnType<typeof insertRoleCaller>>;
let finance: Awaited<ReturnType<typeof insertRoleCaller>>;

beforeAll(async () => {
  t = await createTestApp({ staffTrust: { codesDailyCap: DAILY_CAP, consoleIdleMinutes: 30 } });
  admin = await insertRoleCaller(t, ['member', 'admin']);
  finance = await insertRoleCaller(t, ['member', 'finance']);
});
afterAll(() => t.close());

const entries = async (query: Record<string, string>, headers: Headers = admin.headers) => {
  const res = await t.get(STAFF_API.audit, query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { total: number; rows: Record<string, unknown>[] };
};
const setVip = (userId: string, body: Record<string, unknown>, headers: Headers) =>
  t.send('POST', fillPath(STAFF_API.user, { id: userId }), body, headers);
const mint = (count: number, batch: string, headers: Headers) =>
  t.send('POST', STAFF_API.codes, { packageId: '101', count, batch }, headers);
const codesOf = async (batch: string) =>
  Number(
    (
      await sql<{ n: string }>`SELECT count(*) AS n FROM activation_codes WHERE batch = ${batch}`.execute(
        t.database.db,
      )
    ).rows[0]!.n,
  );
const actionCount = async () =>
  Number(
    (await sql<{ n: string }>`SELECT count(*) AS n FROM staff_actions`.execute(t.database.db)).rows[0]!.n,
  );

describe('VIP by hand', () => {
  it('needs a reason, and records who, before and after, the reason, address and request id', async () => {
    const member = await insertCaller(t);
    const before = await actionCount();
    expectBadRequest(
      await setVip(member.user.id, { vipUntil: '2099-01-01 00:00:00' }, finance.headers),
      STAFF_MSG.reasonRequired,
    );
    expectBadRequest(
      await setVip(
        member.user.id,
        { vipUntil: '2099-01-01 00:00:00', reason: 'x'.repeat(201) },
        finance.headers,
      ),
      STAFF_MSG.reasonRequired,
    );
    expect(await actionCount()).toBe(before);

    const res = await setVip(
      member.user.id,
      { vipUntil: '2099-01-01 00:00:00', reason: '补偿：支付成功未到账' },
      finance.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await entries({ objectType: 'user', objectId: member.user.id });
    expect(rows).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        actorId: finance.user.id,
        actorName: finance.user.userName,
        action: 'user.vip',
        objectType: 'user',
        objectId: member.user.id,
        before: { vipUntil: null, levelId: 1 },
        after: { vipUntil: '2099-01-01 00:00:00', levelId: 2 },
        reason: '补偿：支付成功未到账',
        ip: '127.0.0.1',
        // The id the answer carried (and the request's log lines), never one the client chose.
        requestId: res.headers['x-request-id'],
      },
    ]);
    const one = await t.get(fillPath(STAFF_API.auditEntry, { id: String(rows[0]!.id) }), {}, admin.headers);
    expect(one.json().data).toEqual(rows[0]);
  });

  it('lands neither the change nor its entry when the entry cannot be written', async () => {
    const member = await insertCaller(t);
    // A fault in the log's write, inside the change's transaction.
    await sql`ALTER TABLE staff_actions ADD CONSTRAINT refuse_vip CHECK (action <> 'user.vip') NOT VALID`.execute(
      t.database.db,
    );
    try {
      const before = await actionCount();
      const res = await setVip(
        member.user.id,
        { vipUntil: '2099-01-01 00:00:00', reason: '测试' },
        finance.headers,
      );
      expect(res.statusCode).toBe(500);
      const row = await t.database.db
        .selectFrom('users')
        .select(['vip_until', 'level_id'])
        .where('id', '=', member.user.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ vip_until: null, level_id: 1 });
      expect(await actionCount()).toBe(before);
    } finally {
      await sql`ALTER TABLE staff_actions DROP CONSTRAINT refuse_vip`.execute(t.database.db);
    }
  });
});

describe('minting codes', () => {
  it('names the creator, logs the batch, and stops at the daily cap with nothing stored', async () => {
    const minter = await insertRoleCaller(t, ['member', 'finance']);
    const made = await mint(3, 'cap-first', minter.headers);
    expect(made.statusCode, made.body).toBe(200);
    const batches = (await t.get(STAFF_API.codeBatches, { pageSize: 100 }, minter.headers)).json().rows;
    expect(batches.find((b: { batch: string }) => b.batch === 'cap-first')).toMatchObject({
      creatorName: minter.user.userName,
      total: 3,
    });

    const past = await mint(3, 'cap-past', minter.headers);
    expect({ status: past.statusCode, body: past.json() }).toEqual({
      status: 429,
      body: { code: 429, msg: STAFF_MSG.mintCapReached },
    });
    expect(await codesOf('cap-past')).toBe(0);
    // Another person's cap is their own.
    expect((await mint(2, 'cap-other', finance.headers)).statusCode).toBe(200);

    const logged = await entries({ actor: minter.user.userName, action: 'codes.mint' });
    expect(logged.rows).toEqual([
      expect.objectContaining({
        objectType: 'codeBatch',
        objectId: 'cap-first',
        before: null,
        after: { packageId: '101', packageName: expect.any(String), count: 3, mintedToday: 3 },
      }),
    ]);
  });

  it('counts two mints sent at once one after the other', async () => {
    const minter = await insertRoleCaller(t, ['member', 'finance']);
    const both = await Promise.all([mint(3, 'race-a', minter.headers), mint(3, 'race-b', minter.headers)]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 429]);
    expect((await codesOf('race-a')) + (await codesOf('race-b'))).toBe(3);
  });

  it('asks for a fresh confirmation when the last one is older than the window', async () => {
    const minter = await insertRoleCaller(t, ['member', 'finance']);
    await sql`UPDATE login_sessions SET reauth_at = now() - interval '6 minutes'
      WHERE user_id = ${minter.user.id}`.execute(t.database.db);
    const res = await mint(1, 'stale-confirmation', minter.headers);
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 403,
      body: { code: 403, msg: TWO_FACTOR_MSG.reauthRequired },
    });
    expect(await codesOf('stale-confirmation')).toBe(0);
  });
});

describe('roles and second factors', () => {
  it('logs a role change; the holder of a removed role is refused at the next call', async () => {
    const colleague = await insertRoleCaller(t, ['member', 'support']);
    expect((await t.get(STAFF_API.inbox, {}, colleague.headers)).statusCode).toBe(200);
    const res = await setVip(colleague.user.id, { roles: ['member', 'content'] }, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expectPermissionDenied(await t.get(STAFF_API.inbox, {}, colleague.headers));
    const { rows } = await entries({ action: 'user.roles', objectId: colleague.user.id, objectType: 'user' });
    expect(rows[0]).toMatchObject({
      before: { roles: ['member', 'support'] },
      after: { roles: ['member', 'content'] },
    });
  });

  it('resets another account’s second factor (logged, its logins ended); not one’s own', async () => {
    const colleague = await insertRoleCaller(t, ['member', 'support']);
    const reset = (id: string, headers: Headers, reason = '手机丢失') =>
      t.send('POST', fillPath(STAFF_API.userTwoFactorReset, { id }), { reason }, headers);
    expectPermissionDenied(await reset(colleague.user.id, finance.headers));
    expectBadRequest(await reset(admin.user.id, admin.headers), STAFF_MSG.cannotResetOwnTwoFactor);
    const res = await reset(colleague.user.id, admin.headers);
    expect(res.json()).toEqual({ code: 200, msg: STAFF_MSG.twoFactorReset });
    expect((await t.get(STAFF_API.inbox, {}, colleague.headers)).statusCode).toBe(401);
    expectBadRequest(await reset(colleague.user.id, admin.headers), STAFF_MSG.twoFactorNotOn);
    const { rows } = await entries({
      action: 'user.twoFactorReset',
      objectId: colleague.user.id,
      objectType: 'user',
    });
    expect(rows).toEqual([expect.objectContaining({ reason: '手机丢失', actorId: admin.user.id })]);
  });
});

describe('the console login', () => {
  it('sends a staff account without a second factor to enrol first', async () => {
    const newcomer = await insertCaller(t);
    await sql`UPDATE users SET roles = '{member,support}' WHERE id = ${newcomer.user.id}`.execute(
      t.database.db,
    );
    const res = await t.get(STAFF_API.inbox, {}, newcomer.headers);
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 403,
      body: { code: 403, msg: TWO_FACTOR_MSG.enrolRequired },
    });
  });

  it('ends a console login left idle past CONSOLE_IDLE_MINUTES', async () => {
    const idle = await insertRoleCaller(t, ['member', 'support']);
    expect((await t.get(STAFF_API.inbox, {}, idle.headers)).statusCode).toBe(200);
    await sql`UPDATE login_sessions SET console_seen_at = now() - interval '31 minutes'
      WHERE user_id = ${idle.user.id}`.execute(t.database.db);
    const res = await t.get(STAFF_API.inbox, {}, idle.headers);
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 401,
      body: { code: 401, msg: STAFF_MSG.idleEnded },
    });
    // The login is over, not just this call.
    expect((await t.get(STAFF_API.inbox, {}, idle.headers)).statusCode).toBe(401);
  });
});

describe('reading the log', () => {
  it('is for audit.read only; filters by time; refuses bad filters', async () => {
    expectPermissionDenied(await t.get(STAFF_API.audit, {}, finance.headers));
    expectBadRequest(
      await t.get(STAFF_API.audit, { from: '2026-13-01 00:00:00' }, admin.headers),
      STAFF_MSG.auditTimeInvalid,
    );
    expectBadRequest(await t.get(STAFF_API.audit, { actor: 'a\u0000b' }, admin.headers), '');
    const none = await entries({ from: '2099-01-01 00:00:00' });
    expect(none).toEqual({ code: 200, msg: expect.any(String), rows: [], total: 0 });
    const all = await entries({ from: '2000-01-01 00:00:00', to: '2099-01-01 00:00:00', pageSize: '100' });
    expect(all.total).toBeGreaterThan(0);
    const missing = await t.get(fillPath(STAFF_API.auditEntry, { id: '900000001' }), {}, admin.headers);
    expect(missing.json()).toEqual({ code: 404, msg: STAFF_MSG.auditEntryNotFound });
  });

  it('exports the filtered entries as CSV', async () => {
    const res = await t.send('POST', STAFF_API.auditExport, { action: 'codes.mint' }, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="yingku-audit-\d{14}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,time,actorId,actorName,action,objectType,objectId,before,after,reason,ip,requestId',
    );
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes(',codes.mint,codeBatch,'))).toBe(true);
  });

  it('has a name on the page for every field its entries record', async () => {
    const { rows } = await sql<{ key: string }>`
      SELECT DISTINCT jsonb_object_keys(side) AS key
      FROM staff_actions, LATERAL (VALUES (before), (after)) AS sides (side)
      WHERE jsonb_typeof(side) = 'object'`.execute(t.database.db);
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.map((row) => row.key).filter((key) => !Object.hasOwn(AUDIT_FIELDS, key))).toEqual([]);
  });

  it('cannot be changed: no route edits an entry, and the table refuses it', async () => {
    const [first] = (await entries({})).rows;
    const path = `/prod-api${fillPath(STAFF_API.auditEntry, { id: String(first!.id) })}`;
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const res = await t.app.inject({ method, url: path, headers: admin.headers });
      expect(res.statusCode).toBe(404);
    }
    for (const statement of [
      sql`UPDATE staff_actions SET reason = 'changed' WHERE id = ${first!.id}`,
      sql`DELETE FROM staff_actions WHERE id = ${first!.id}`,
      sql`TRUNCATE staff_actions`,
    ]) {
      await expect(statement.execute(t.database.db)).rejects.toThrow(/append-only/);
    }
    const again = await t.get(fillPath(STAFF_API.auditEntry, { id: String(first!.id) }), {}, admin.headers);
    expect(again.json().data).toEqual(first);
  });
});
