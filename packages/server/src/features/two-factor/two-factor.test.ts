import { ACCOUNT_API, API, SERVER_MSG, TWO_FACTOR_LIMITS, TWO_FACTOR_MSG } from '@yingku/contract';
import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LoggedInUser, registerAndLogin } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { logLines } from '../../../test/log-lines';
import { inTransaction } from '../../db/executor';
import { createAccessTokens } from '../../http/auth';
import { createAccountsService } from '../accounts/accounts.service';
import { createTwoFactorService } from './two-factor.service';

const { stream, lines } = logLines();
let t: TestApp;

// Codes follow the clock: it stands still here (Date only; timers and the database run as
// ever), and a test moves it on a step where it needs a fresh code.
beforeAll(async () => {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  t = await createTestApp({ logLevel: 'info' }, { logStream: stream });
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const STEP_MS = TWO_FACTOR_LIMITS.periodSeconds * 1000;
/** The code of the step `steps` from now (a code of the next step is still accepted). */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor((Date.now() + steps * STEP_MS) / 1000) });
const nextStep = () => vi.setSystemTime(Date.now() + STEP_MS);

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
const info = (accessToken: string) => t.get(API.userInfo, {}, bearer(accessToken));
const status = (user: LoggedInUser) => t.get(ACCOUNT_API.twoFactor, {}, user.authHeader);
const login = (user: LoggedInUser) =>
  t.send('POST', API.login, { userName: user.userName, password: user.password });
const secondStep = (ticket: string, code: string) =>
  t.send('POST', ACCOUNT_API.loginSecondFactor, { ticket, code });
const refusal = (msg: string, code = 400) => ({ code, msg });

async function startEnrolment(user: LoggedInUser): Promise<{ secret: string; otpauthUri: string }> {
  const res = await t.send('POST', ACCOUNT_API.twoFactorEnrol, { password: user.password }, user.authHeader);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A member with two-factor sign-in on: its secret and backup codes (the step before now used). */
async function enrolled() {
  const user = await registerAndLogin(t);
  const { secret } = await startEnrolment(user);
  const res = await t.send(
    'POST',
    ACCOUNT_API.twoFactorConfirm,
    { code: await codeAt(secret, -1) },
    user.authHeader,
  );
  expect(res.statusCode, res.body).toBe(200);
  return { user, secret, backupCodes: res.json().data.backupCodes as string[] };
}

/** The first step of a login with two-factor sign-in on: its ticket. */
async function ticketOf(user: LoggedInUser): Promise<string> {
  const res = await login(user);
  expect(res.json()).toEqual({
    code: 200,
    msg: TWO_FACTOR_MSG.codeNeeded,
    data: { secondFactorRequired: true, ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
  });
  return res.json().data.ticket;
}

describe('setting up 两步验证', () => {
  it('asks the password, answers a secret and its URI, and is not in force until a code confirms it', async () => {
    const user = await registerAndLogin(t);
    const phone = (await login(user)).json().data;
    expect((await status(user)).json().data).toEqual({ enabled: false, enabledAt: null, backupCodesLeft: 0 });

    const wrong = await t.send(
      'POST',
      ACCOUNT_API.twoFactorEnrol,
      { password: 'not-the-password' },
      user.authHeader,
    );
    expect(wrong.json()).toEqual(refusal(SERVER_MSG.currentPasswordWrong));

    const { secret, otpauthUri } = await startEnrolment(user);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/${TWO_FACTOR_MSG.issuer}:${user.userName}`);
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe(TWO_FACTOR_MSG.issuer);
    // Sealed, never in clear.
    const stored = await t.database.db
      .selectFrom('two_factor')
      .selectAll()
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(stored.secret_sealed).toMatch(/^v1\./);
    expect(stored.secret_sealed).not.toContain(secret);
    expect(stored.enabled_at).toBeNull();

    // Pending: the password alone still logs in.
    expect((await login(user)).json().data).toHaveProperty('accessToken');
    expect((await status(user)).json().data.enabled).toBe(false);

    const confirmed = await t.send(
      'POST',
      ACCOUNT_API.twoFactorConfirm,
      { code: await codeAt(secret) },
      user.authHeader,
    );
    expect(confirmed.json()).toEqual({
      code: 200,
      msg: TWO_FACTOR_MSG.enabled,
      data: { backupCodes: expect.any(Array), endedSessions: 2 },
    });
    const { backupCodes } = confirmed.json().data as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(TWO_FACTOR_LIMITS.backupCodeCount);
    expect(new Set(backupCodes).size).toBe(backupCodes.length);
    for (const code of backupCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Every other login ended, as after a new password; this one goes on, marked.
    expect((await info(phone.accessToken)).statusCode).toBe(401);
    expect((await info(user.accessToken)).statusCode).toBe(200);
    const current = await t.database.db
      .selectFrom('login_sessions')
      .select(['second_factor_at', 'reauth_at'])
      .where('user_id', '=', user.userId)
      .where('revoked_at', 'is', null)
      .execute();
    expect(current).toEqual([{ second_factor_at: expect.any(Date), reauth_at: expect.any(Date) }]);

    expect((await status(user)).json().data).toEqual({
      enabled: true,
      enabledAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      backupCodesLeft: TWO_FACTOR_LIMITS.backupCodeCount,
    });
    // Only keyed hashes of the backup codes are kept.
    const hashes = await t.database.db
      .selectFrom('two_factor_backup_codes')
      .select('code_hash')
      .where('user_id', '=', user.userId)
      .execute();
    expect(hashes).toHaveLength(backupCodes.length);
    expect(JSON.stringify(hashes)).not.toContain(backupCodes[0]!.replace('-', ''));

    for (const path of [ACCOUNT_API.twoFactorEnrol]) {
      const again = await t.send('POST', path, { password: user.password }, user.authHeader);
      expect(again.json()).toEqual(refusal(TWO_FACTOR_MSG.alreadyEnabled));
    }
    const confirmAgain = await t.send(
      'POST',
      ACCOUNT_API.twoFactorConfirm,
      { code: await codeAt(secret, 1) },
      user.authHeader,
    );
    expect(confirmAgain.json()).toEqual(refusal(TWO_FACTOR_MSG.alreadyEnabled));
    expect(JSON.stringify(lines)).not.toContain(secret);
    expect(lines).toContainEqual(
      expect.objectContaining({ event: 'two_factor.enabled', userId: user.userId, endedSessions: 2 }),
    );
  });

  it('replaces a set-up left unconfirmed; the old secret’s codes no longer confirm', async () => {
    const user = await registerAndLogin(t);
    const first = await startEnrolment(user);
    const second = await startEnrolment(user);
    expect(second.secret).not.toBe(first.secret);
    const old = await t.send(
      'POST',
      ACCOUNT_API.twoFactorConfirm,
      { code: await codeAt(first.secret) },
      user.authHeader,
    );
    expect(old.json()).toEqual(refusal(TWO_FACTOR_MSG.codeWrong));
    const right = await t.send(
      'POST',
      ACCOUNT_API.twoFactorConfirm,
      { code: await codeAt(second.secret) },
      user.authHeader,
    );
    expect(right.statusCode, right.body).toBe(200);
  });

  it('refuses to confirm without a set-up, or one started too long ago', async () => {
    const user = await registerAndLogin(t);
    const none = await t.send('POST', ACCOUNT_API.twoFactorConfirm, { code: '123456' }, user.authHeader);
    expect(none.json()).toEqual(refusal(TWO_FACTOR_MSG.enrolMissing));
    const { secret } = await startEnrolment(user);
    await t.database.db
      .updateTable('two_factor')
      .set({ created_at: sql<Date>`now() - interval '31 minutes'` })
      .where('user_id', '=', user.userId)
      .execute();
    const late = await t.send(
      'POST',
      ACCOUNT_API.twoFactorConfirm,
      { code: await codeAt(secret) },
      user.authHeader,
    );
    expect(late.json()).toEqual(refusal(TWO_FACTOR_MSG.enrolMissing));
  });
});

describe('codes', () => {
  it('refuses a wrong code, one used already and an expired one, each with its reason', async () => {
    const { user, secret } = await enrolled();
    const reauth = (code: string) => t.send('POST', ACCOUNT_API.reauth, { code }, user.authHeader);

    const right = await codeAt(secret);
    const wrong = right === '000000' ? '000001' : '000000';
    expect((await reauth(wrong)).json()).toEqual(refusal(TWO_FACTOR_MSG.codeWrong));
    expect((await reauth(right)).json()).toEqual({ code: 200, msg: TWO_FACTOR_MSG.reauthDone });
    // The same code again, still inside its window: refused, and so is the one confirmed with.
    expect((await reauth(right)).json()).toEqual(refusal(TWO_FACTOR_MSG.codeReused));
    expect((await reauth(await codeAt(secret, -1))).json()).toEqual(refusal(TWO_FACTOR_MSG.codeReused));
    // A code of five minutes ago: expired, not merely wrong.
    expect((await reauth(await codeAt(secret, -10))).json()).toEqual(refusal(TWO_FACTOR_MSG.codeExpired));
    // The next step's code (a phone a little ahead) is good, once.
    expect((await reauth(await codeAt(secret, 1))).statusCode).toBe(200);
    // Typed with a space, as apps show it.
    nextStep();
    nextStep();
    const spaced = await codeAt(secret);
    expect((await reauth(`${spaced.slice(0, 3)} ${spaced.slice(3)}`)).statusCode).toBe(200);
  });

  it('limits wrong guesses per account: past five, even the right code waits', async () => {
    const { user, secret } = await enrolled();
    const right = await codeAt(secret);
    const wrong = right === '000000' ? '000001' : '000000';
    for (let i = 0; i < TWO_FACTOR_LIMITS.guessesPerWindow; i += 1) {
      const res = await t.send('POST', ACCOUNT_API.reauth, { code: wrong }, user.authHeader);
      expect(res.json()).toEqual(refusal(TWO_FACTOR_MSG.codeWrong));
    }
    const locked = await t.send('POST', ACCOUNT_API.reauth, { code: right }, user.authHeader);
    expect({ status: locked.statusCode, body: locked.json() }).toEqual({
      status: 429,
      body: refusal(TWO_FACTOR_MSG.tooManyGuesses, 429),
    });
    // The login's second step shares the count: the password still earns a ticket, the code waits.
    const ticket = await ticketOf(user);
    expect((await secondStep(ticket, right)).json()).toEqual(refusal(TWO_FACTOR_MSG.tooManyGuesses, 429));
    // Wrong passwords count too.
    const other = await enrolled();
    for (let i = 0; i < TWO_FACTOR_LIMITS.guessesPerWindow; i += 1) {
      await t.send('POST', ACCOUNT_API.reauth, { password: 'not-the-password' }, other.user.authHeader);
    }
    const passwordLocked = await t.send(
      'POST',
      ACCOUNT_API.reauth,
      { password: other.user.password },
      other.user.authHeader,
    );
    expect(passwordLocked.statusCode).toBe(429);
    // After the window, the right code works.
    await t.database.db
      .updateTable('login_failures')
      .set({ locked_until: sql<Date>`now() - interval '1 second'` })
      .where('key', '=', JSON.stringify(['confirm', user.userId]))
      .execute();
    expect((await t.send('POST', ACCOUNT_API.reauth, { code: right }, user.authHeader)).statusCode).toBe(200);
    expect(lines).toContainEqual(
      expect.objectContaining({ event: 'two_factor.locked', userId: user.userId }),
    );
  });

  it('refuses codes with NUL, other characters or too long, before looking at them', async () => {
    const { user } = await enrolled();
    for (const [code, msg] of [
      ['12345\u0000', SERVER_MSG.badCharacters],
      ['12345６', TWO_FACTOR_MSG.codeWrong],
      ['1'.repeat(33), TWO_FACTOR_MSG.codeTooLong],
      ['   ', TWO_FACTOR_MSG.codeRequired],
    ] as const) {
      const res = await t.send('POST', ACCOUNT_API.reauth, { code }, user.authHeader);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().msg).toContain(msg);
    }
    const ticket = await ticketOf(user);
    for (const body of [{ ticket: 'x'.repeat(129), code: '123456' }, { ticket }, { code: '123456' }]) {
      const res = await t.send('POST', ACCOUNT_API.loginSecondFactor, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    // None of it counted as a guess.
    const counter = await t.database.db
      .selectFrom('login_failures')
      .select('failures')
      .where('key', '=', JSON.stringify(['confirm', user.userId]))
      .executeTakeFirst();
    expect(counter).toBeUndefined();
  });
});

describe('logging in with 两步验证', () => {
  it('a right password earns a ticket, not tokens; the code finishes the login', async () => {
    const { user, secret } = await enrolled();
    const ticket = await ticketOf(user);
    const wrongCode = (await codeAt(secret)) === '000000' ? '000001' : '000000';
    expect((await secondStep(ticket, wrongCode)).json()).toEqual(refusal(TWO_FACTOR_MSG.codeWrong));

    const done = await secondStep(ticket, await codeAt(secret));
    expect(done.json()).toEqual({
      code: 200,
      msg: expect.any(String),
      data: { accessToken: expect.any(String), refreshToken: expect.any(String) },
    });
    const tokens = done.json().data as { accessToken: string; refreshToken: string };
    expect((await info(tokens.accessToken)).statusCode).toBe(200);
    const session = await t.database.db
      .selectFrom('login_sessions')
      .select(['second_factor_at', 'reauth_at'])
      .where('user_id', '=', user.userId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.second_factor_at).toBeInstanceOf(Date);
    expect(session.reauth_at).toBeInstanceOf(Date);

    // The ticket works once; a made-up one never.
    expect((await secondStep(ticket, await codeAt(secret, 1))).json()).toEqual(
      refusal(TWO_FACTOR_MSG.ticketInvalid),
    );
    expect((await secondStep('A'.repeat(43), '123456')).json()).toEqual(
      refusal(TWO_FACTOR_MSG.ticketInvalid),
    );
    // A wrong password is refused as before, without a ticket.
    const wrongPassword = await t.send('POST', API.login, {
      userName: user.userName,
      password: 'Wrong-pass-1',
    });
    expect(wrongPassword.json()).toEqual(refusal(SERVER_MSG.loginFailed));
    expect(lines).toContainEqual(
      expect.objectContaining({ event: 'login.succeeded', userId: user.userId, secondFactor: true }),
    );
  });

  it('a ticket expires', async () => {
    const { user, secret } = await enrolled();
    const ticket = await ticketOf(user);
    await t.database.db
      .updateTable('two_factor_tickets')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', user.userId)
      .execute();
    expect((await secondStep(ticket, await codeAt(secret))).json()).toEqual(
      refusal(TWO_FACTOR_MSG.ticketInvalid),
    );
  });

  it('takes a backup code instead, once; a new set replaces the old', async () => {
    const { user, secret, backupCodes } = await enrolled();
    const [first, second] = backupCodes as [string, string];
    // Any case, without its dash.
    const done = await secondStep(await ticketOf(user), first.toUpperCase().replace('-', ''));
    expect(done.statusCode, done.body).toBe(200);
    expect((await secondStep(await ticketOf(user), first)).json()).toEqual(refusal(TWO_FACTOR_MSG.codeWrong));
    expect((await status(user)).json().data.backupCodesLeft).toBe(backupCodes.length - 1);

    const made = await t.send(
      'POST',
      ACCOUNT_API.twoFactorBackupCodes,
      { code: await codeAt(secret) },
      user.authHeader,
    );
    expect(made.json()).toEqual({
      code: 200,
      msg: TWO_FACTOR_MSG.backupCodesMade,
      data: { backupCodes: expect.any(Array) },
    });
    const fresh = made.json().data.backupCodes as string[];
    expect(fresh).toHaveLength(TWO_FACTOR_LIMITS.backupCodeCount);
    expect((await secondStep(await ticketOf(user), second)).json()).toEqual(
      refusal(TWO_FACTOR_MSG.codeWrong),
    );
    expect((await secondStep(await ticketOf(user), fresh[0]!)).statusCode).toBe(200);
  });

  it('leaves an account without it as it was: the password gives the tokens', async () => {
    const user = await registerAndLogin(t);
    const res = await login(user);
    expect(res.json()).toEqual({
      code: 200,
      msg: expect.any(String),
      data: { accessToken: expect.any(String), refreshToken: expect.any(String) },
    });
  });
});

describe('re-confirming a login', () => {
  it('stamps the login with the password or a code; exactly one of them', async () => {
    const { user, secret } = await enrolled();
    const thisLogin = t.database.db
      .updateTable('login_sessions')
      .where('user_id', '=', user.userId)
      .where('revoked_at', 'is', null);
    /** Marks the login as re-confirmed an hour ago; answers whether a call stamped it since. */
    const longAgo = () => thisLogin.set({ reauth_at: sql<Date>`now() - interval '1 hour'` }).execute();
    const stampedNow = async () =>
      (
        await t.database.db
          .selectFrom('login_sessions')
          .select(sql<boolean>`reauth_at > now() - interval '1 minute'`.as('fresh'))
          .where('user_id', '=', user.userId)
          .where('revoked_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).fresh;
    await longAgo();
    const byPassword = await t.send('POST', ACCOUNT_API.reauth, { password: user.password }, user.authHeader);
    expect(byPassword.json()).toEqual({ code: 200, msg: TWO_FACTOR_MSG.reauthDone });
    expect(await stampedNow()).toBe(true);
    await longAgo();
    const byCode = await t.send('POST', ACCOUNT_API.reauth, { code: await codeAt(secret) }, user.authHeader);
    expect(byCode.statusCode).toBe(200);
    expect(await stampedNow()).toBe(true);

    for (const body of [{}, { password: user.password, code: '123456' }]) {
      const res = await t.send('POST', ACCOUNT_API.reauth, body, user.authHeader);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain(TWO_FACTOR_MSG.passwordOrCode);
    }
    const wrong = await t.send('POST', ACCOUNT_API.reauth, { password: 'not-the-password' }, user.authHeader);
    expect(wrong.json()).toEqual(refusal(SERVER_MSG.currentPasswordWrong));
    // Without two-factor sign-in only the password can.
    const plain = await registerAndLogin(t);
    const noCode = await t.send('POST', ACCOUNT_API.reauth, { code: '123456' }, plain.authHeader);
    expect(noCode.json()).toEqual(refusal(TWO_FACTOR_MSG.notEnabled));
    // Without a login: the login dialog.
    expect((await t.send('POST', ACCOUNT_API.reauth, { password: 'whatever-1' })).statusCode).toBe(403);
  });
});

describe('turning it off', () => {
  it('needs the password and a code; then the password alone logs in again', async () => {
    const { user, secret, backupCodes } = await enrolled();
    const disable = (password: string, code: string) =>
      t.send('POST', ACCOUNT_API.twoFactorDisable, { password, code }, user.authHeader);
    expect((await disable('not-the-password', await codeAt(secret))).json()).toEqual(
      refusal(SERVER_MSG.currentPasswordWrong),
    );
    // A lost phone: a backup code does.
    expect((await disable(user.password, backupCodes[0]!)).json()).toEqual({
      code: 200,
      msg: TWO_FACTOR_MSG.disabled,
    });
    expect((await status(user)).json().data).toEqual({ enabled: false, enabledAt: null, backupCodesLeft: 0 });
    expect((await login(user)).json().data).toHaveProperty('accessToken');
    expect((await disable(user.password, '123456')).json()).toEqual(refusal(TWO_FACTOR_MSG.notEnabled));
    const left = await t.database.db
      .selectFrom('two_factor_backup_codes')
      .select('code_hash')
      .where('user_id', '=', user.userId)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('resetFor (the console’s reset)', () => {
  function services() {
    const log = t.app.log;
    const db = t.database.db;
    const accounts = createAccountsService({
      db,
      captchaEnabled: false,
      tokens: createAccessTokens(t.config.jwtSecret),
      log,
    });
    return createTwoFactorService({
      db,
      key: t.config.twoFactorKey,
      log,
      guesses: accounts.confirmationGuesses,
      finishLogin: (userId, client) => accounts.finishSecondFactorLogin(userId, client),
    });
  }

  it('removes the secret and backup codes and ends every login, in the caller’s transaction', async () => {
    const { user } = await enrolled();
    const twoFactor = services();
    // Rolled back with the caller's transaction: nothing changed.
    await expect(
      inTransaction(t.database.db, async (trx) => {
        expect(await twoFactor.resetFor(user.userId, trx)).toEqual({ wasOn: true, endedSessions: 1 });
        throw new Error('audit entry failed');
      }),
    ).rejects.toThrow('audit entry failed');
    expect((await status(user)).json().data.enabled).toBe(true);

    const done = await inTransaction(t.database.db, (trx) => twoFactor.resetFor(user.userId, trx));
    expect(done).toEqual({ wasOn: true, endedSessions: 1 });
    expect((await info(user.accessToken)).statusCode).toBe(401);
    for (const table of ['two_factor', 'two_factor_backup_codes', 'two_factor_tickets'] as const) {
      const rows = await t.database.db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', user.userId)
        .execute();
      expect(rows, table).toEqual([]);
    }
    // The password alone logs in again; the member sets it up anew.
    expect((await login(user)).json().data).toHaveProperty('accessToken');
    // Alone, it opens its own transaction; an account without it is simply reset.
    expect(await twoFactor.resetFor(user.userId)).toEqual({ wasOn: false, endedSessions: 1 });
    expect(lines).toContainEqual(expect.objectContaining({ event: 'two_factor.reset', userId: user.userId }));
  });
});
