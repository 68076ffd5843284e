import { ACCOUNT_API, API, fillPath, RECOVERY_MSG, SERVER_MSG, STAFF_API } from '@yingku/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueUserName } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { logLines } from '../../../test/log-lines';
import { linkToken, startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server';
import { insertRoleCaller } from '../../../test/staff';

const SITE = 'https://yingku.example';
const { stream, lines } = logLines();
let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    {
      logLevel: 'info',
      mail: {
        smtpUrl: smtp.url,
        from: '影库 <no-reply@yingku.example>',
        outboxDir: undefined,
        siteUrl: SITE,
      },
    },
    { logStream: stream },
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

interface Member {
  userId: string;
  userName: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

let mailSequence = 0;

/** Registers through the real call and logs in; the verification mail is on its way. */
async function register(): Promise<Member> {
  const userName = uniqueUserName('rec');
  const email = `member${process.pid}.${++mailSequence}@example.com`;
  const password = `Lantern-${mailSequence}-Orchid`;
  const reg = await t.send('POST', API.register, { userName, password, confirmPassword: password, email });
  expect(reg.statusCode, reg.body).toBe(200);
  const login = await t.send('POST', API.login, { userName, password });
  expect(login.statusCode, login.body).toBe(200);
  return { userId: reg.json().data.userId, userName, email, password, ...login.json().data };
}

/** Registers and opens the verification link from the mail that arrived. */
async function verifiedMember(): Promise<Member> {
  const member = await register();
  const { token } = linkToken(await smtp.next(member.email));
  const verified = await t.send('POST', ACCOUNT_API.emailVerify, { token });
  expect(verified.json()).toEqual({ code: 200, msg: RECOVERY_MSG.emailVerified });
  return member;
}

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address)).length;
const forgot = (account: string) => t.send('POST', ACCOUNT_API.passwordForgot, { account });
const reset = (token: string, newPassword: string) =>
  t.send('POST', ACCOUNT_API.passwordReset, { token, newPassword, confirmPassword: newPassword });
const refresh = (refreshToken: string) => t.get(API.token, {}, { 'refresh-token': refreshToken });

describe('the safe e-mail', () => {
  it('is sent a verification mail at registration, a real one: From, Date, Message-ID, text and HTML', async () => {
    const member = await register();
    const mail = await smtp.next(member.email);
    expect(mail.parsed.from?.value).toEqual([{ name: '影库', address: 'no-reply@yingku.example' }]);
    expect(mail.parsed.subject).toBe('影库：验证安全邮箱');
    expect(mail.parsed.date).toBeInstanceOf(Date);
    expect(mail.parsed.messageId).toMatch(/^<[0-9a-f-]{36}@yingku\.example>$/);
    expect(mail.parsed.text).toContain(`您好，${member.userName}：`);
    const { link, token } = linkToken(mail);
    expect(link.startsWith(`${SITE}/verify-email#token=`)).toBe(true);
    expect(mail.parsed.html).toContain(`href="${link}"`);

    const before = await t.get(ACCOUNT_API.security, {}, bearer(member.accessToken));
    expect(before.json().data).toEqual({
      email: member.email,
      emailVerified: false,
      recoveryCodesLeft: 0,
      deletionDays: 15,
    });
    // Only the digest is stored.
    const stored = await t.database.db
      .selectFrom('account_tokens')
      .select('token_hash')
      .where('user_id', '=', member.userId)
      .execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    expect((await t.send('POST', ACCOUNT_API.emailVerify, { token })).json()).toEqual({
      code: 200,
      msg: RECOVERY_MSG.emailVerified,
    });
    const after = await t.get(ACCOUNT_API.security, {}, bearer(member.accessToken));
    expect(after.json().data.emailVerified).toBe(true);
    expect(lines).toContainEqual(expect.objectContaining({ event: 'email.verified', userId: member.userId }));

    // Used once; altered; not a token at all; NUL in it.
    for (const bad of [
      token,
      token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'),
      'x',
      `${token}\u0000`,
    ]) {
      const res = await t.send('POST', ACCOUNT_API.emailVerify, { token: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(400);
    }
  });

  it('is changed with the password: a notice to the old address, a link to the new one, unverified till then', async () => {
    const member = await verifiedMember();
    const newEmail = `changed${process.pid}.${++mailSequence}@example.com`;
    const wrong = await t.send(
      'POST',
      ACCOUNT_API.email,
      { email: newEmail, password: 'not-the-password' },
      bearer(member.accessToken),
    );
    expect(wrong.json()).toEqual({ code: 400, msg: SERVER_MSG.currentPasswordWrong });
    const same = await t.send(
      'POST',
      ACCOUNT_API.email,
      { email: member.email.toUpperCase(), password: member.password },
      bearer(member.accessToken),
    );
    expect(same.json()).toEqual({ code: 400, msg: RECOVERY_MSG.emailUnchanged });

    const oldMails = mailsTo(member.email);
    const changed = await t.send(
      'POST',
      ACCOUNT_API.email,
      { email: newEmail, password: member.password },
      bearer(member.accessToken),
    );
    expect(changed.json()).toEqual({ code: 200, msg: RECOVERY_MSG.emailChanged });
    const notice = await smtp.next(member.email, oldMails);
    expect(notice.parsed.subject).toBe('影库：安全邮箱已修改');
    const { token } = linkToken(await smtp.next(newEmail));
    expect((await t.get(ACCOUNT_API.security, {}, bearer(member.accessToken))).json().data).toEqual({
      email: newEmail,
      emailVerified: false,
      recoveryCodesLeft: 0,
      deletionDays: 15,
    });
    expect(lines).toContainEqual(expect.objectContaining({ event: 'email.changed', userId: member.userId }));

    // Unverified: a reset goes nowhere.
    await forgot(member.userName);
    expect((await t.send('POST', ACCOUNT_API.emailVerify, { token })).statusCode).toBe(200);
  });

  it('refuses a verification link of an address the account no longer has', async () => {
    const member = await register();
    const { token } = linkToken(await smtp.next(member.email));
    const newEmail = `moved${process.pid}.${++mailSequence}@example.com`;
    await t.send(
      'POST',
      ACCOUNT_API.email,
      { email: newEmail, password: member.password },
      bearer(member.accessToken),
    );
    await smtp.next(newEmail);
    expect((await t.send('POST', ACCOUNT_API.emailVerify, { token })).json()).toEqual({
      code: 400,
      msg: RECOVERY_MSG.verifyLinkInvalid,
    });
  });

  it('sends the link again on request, a few times an hour, and not once verified', async () => {
    const member = await register();
    await smtp.next(member.email);
    const again = await t.send('POST', ACCOUNT_API.emailVerification, {}, bearer(member.accessToken));
    expect(again.json()).toEqual({ code: 200, msg: RECOVERY_MSG.verificationSent });
    await smtp.next(member.email, 1);
    expect(
      (await t.send('POST', ACCOUNT_API.emailVerification, {}, bearer(member.accessToken))).statusCode,
    ).toBe(200);
    const over = await t.send('POST', ACCOUNT_API.emailVerification, {}, bearer(member.accessToken));
    expect(over.json()).toEqual({ code: 429, msg: RECOVERY_MSG.tooManyMails });

    const { token } = linkToken(await smtp.next(member.email, 2));
    await t.send('POST', ACCOUNT_API.emailVerify, { token });
    expect(
      (await t.send('POST', ACCOUNT_API.emailVerification, {}, bearer(member.accessToken))).json(),
    ).toEqual({
      code: 400,
      msg: RECOVERY_MSG.emailAlreadyVerified,
    });
    expect((await t.send('POST', ACCOUNT_API.emailVerification, {})).statusCode).toBe(403);
  });
});

describe('忘记密码', () => {
  it('answers the same whoever is named, and mails only a verified address', async () => {
    const verified = await verifiedMember();
    const unverified = await register();
    await smtp.next(unverified.email);
    const answers = await Promise.all(
      [
        verified.userName,
        unverified.userName,
        'nobody-by-this-name',
        'nobody@example.com',
        verified.email.toUpperCase(),
      ].map(async (account) => (await forgot(account)).json()),
    );
    expect(answers).toEqual(Array(5).fill({ code: 200, msg: RECOVERY_MSG.resetMailSent }));
    // By name and by address (any case): two links to the verified one; none to the other.
    const first = await smtp.next(verified.email, 1);
    const second = await smtp.next(verified.email, 2);
    expect([first.parsed.subject, second.parsed.subject]).toEqual(['影库：重置密码', '影库：重置密码']);
    expect(mailsTo(unverified.email)).toBe(1);
  });

  it('resets with the link once: every login ends, the new password logs in, the old does not', async () => {
    const member = await verifiedMember();
    const tablet = (
      await t.send('POST', API.login, { userName: member.userName, password: member.password })
    ).json().data;
    await forgot(member.userName);
    const mail = await smtp.next(member.email, 1);
    const { link, token } = linkToken(mail);
    expect(link.startsWith(`${SITE}/reset-password#token=`)).toBe(true);
    expect(mail.parsed.text).toContain('30分钟内');

    // A weak password is refused and spends nothing.
    expect((await reset(token, 'password123')).json()).toEqual({ code: 400, msg: RECOVERY_MSG.passwordWeak });
    const newPassword = 'Copper-Meadow-51';
    expect((await reset(token, newPassword)).json()).toEqual({
      code: 200,
      msg: RECOVERY_MSG.passwordResetDone,
    });

    for (const login of [member, tablet]) {
      expect((await t.get(API.userInfo, {}, bearer(login.accessToken))).statusCode).toBe(401);
      expect((await refresh(login.refreshToken)).statusCode).toBe(401);
    }
    expect(
      (await t.send('POST', API.login, { userName: member.userName, password: member.password })).statusCode,
    ).toBe(400);
    expect(
      (await t.send('POST', API.login, { userName: member.userName, password: newPassword })).statusCode,
    ).toBe(200);
    expect((await reset(token, 'Another-Harbor-77')).json()).toEqual({
      code: 400,
      msg: RECOVERY_MSG.resetLinkInvalid,
    });
    expect(lines).toContainEqual(
      expect.objectContaining({
        event: 'password.reset',
        userId: member.userId,
        by: 'link',
        endedSessions: 2,
      }),
    );
  });

  it('refuses an expired link, an altered one, one from before the address changed, and keeps the password', async () => {
    const member = await verifiedMember();
    await forgot(member.userName);
    await forgot(member.userName);
    const expired = linkToken(await smtp.next(member.email, 1)).token;
    const stale = linkToken(await smtp.next(member.email, 2)).token;
    await t.database.db
      .updateTable('account_tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('user_id', '=', member.userId)
      .where('created_at', '=', (eb) =>
        eb
          .selectFrom('account_tokens')
          .select(sql<Date>`min(created_at)`.as('m'))
          .where('user_id', '=', member.userId)
          .where('purpose', '=', 'reset'),
      )
      .execute();
    const newEmail = `elsewhere${process.pid}.${++mailSequence}@example.com`;
    await t.send(
      'POST',
      ACCOUNT_API.email,
      { email: newEmail, password: member.password },
      bearer(member.accessToken),
    );
    for (const token of [
      expired,
      stale,
      stale.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')),
      'short',
      `${'a'.repeat(200)}`,
    ]) {
      const res = await reset(token, 'Copper-Meadow-52');
      expect(res.statusCode).toBe(400);
    }
    expect(
      (await t.send('POST', API.login, { userName: member.userName, password: member.password })).statusCode,
    ).toBe(200);
  });

  it('lets one of two resets with the same link through', async () => {
    const member = await verifiedMember();
    await forgot(member.userName);
    const { token } = linkToken(await smtp.next(member.email, 1));
    const both = await Promise.all([reset(token, 'Velvet-Canyon-31'), reset(token, 'Velvet-Canyon-32')]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 400]);
  });

  it('mails an account at most three links an hour', async () => {
    const member = await verifiedMember();
    for (let i = 0; i < 6; i++) expect((await forgot(member.userName)).statusCode).toBe(200);
    await smtp.next(member.email, 3);
    // Give a fourth a moment to arrive, were one on its way.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(member.email)).toBe(4);
  });

  it('refuses NUL, oversized and missing fields in the envelope', async () => {
    for (const body of [{ account: 'name\u0000x' }, { account: 'x'.repeat(121) }, {}, { account: '   ' }]) {
      const res = await t.send('POST', ACCOUNT_API.passwordForgot, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(400);
    }
  });
});

describe('recovery codes', () => {
  it('are shown once, each used once, and a new set replaces the old', async () => {
    const member = await register();
    const wrong = await t.send(
      'POST',
      ACCOUNT_API.recoveryCodes,
      { password: 'nope-nope' },
      bearer(member.accessToken),
    );
    expect(wrong.json()).toEqual({ code: 400, msg: SERVER_MSG.currentPasswordWrong });
    const made = await t.send(
      'POST',
      ACCOUNT_API.recoveryCodes,
      { password: member.password },
      bearer(member.accessToken),
    );
    const { codes } = made.json().data as { codes: string[] };
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(
      (await t.get(ACCOUNT_API.security, {}, bearer(member.accessToken))).json().data.recoveryCodesLeft,
    ).toBe(10);

    const recover = (recoveryCode: string, newPassword: string) =>
      t.send('POST', ACCOUNT_API.passwordRecover, {
        userName: member.userName,
        recoveryCode,
        newPassword,
        confirmPassword: newPassword,
      });
    expect((await recover('aaaa-bbbb-cccc-dddd', 'Granite-Willow-18')).json()).toEqual({
      code: 400,
      msg: RECOVERY_MSG.recoveryFailed,
    });
    // Typed in capitals without dashes: the same code.
    const used = codes[0]!;
    expect((await recover(used.toUpperCase().replace(/-/g, ''), 'Granite-Willow-18')).json()).toEqual({
      code: 200,
      msg: RECOVERY_MSG.passwordResetDone,
    });
    expect((await t.get(API.userInfo, {}, bearer(member.accessToken))).statusCode).toBe(401);
    expect((await recover(used, 'Granite-Willow-19')).json().code).toBe(400);
    const login = (
      await t.send('POST', API.login, { userName: member.userName, password: 'Granite-Willow-18' })
    ).json().data;
    expect(
      (await t.get(ACCOUNT_API.security, {}, bearer(login.accessToken))).json().data.recoveryCodesLeft,
    ).toBe(9);

    const renewed = await t.send(
      'POST',
      ACCOUNT_API.recoveryCodes,
      { password: 'Granite-Willow-18' },
      bearer(login.accessToken),
    );
    expect(renewed.statusCode).toBe(200);
    expect((await recover(codes[1]!, 'Granite-Willow-20')).json().code).toBe(400);
    expect(lines).toContainEqual(
      expect.objectContaining({ event: 'password.reset', by: 'recovery_code', userId: member.userId }),
    );
  });
});

describe('password quality', () => {
  it('refuses common and guessable passwords at registration and change, within 8–32', async () => {
    for (const weak of ['password123', '12345678', 'qwertyuiop']) {
      const userName = uniqueUserName('weak');
      const res = await t.send('POST', API.register, {
        userName,
        password: weak,
        confirmPassword: weak,
        email: 'w@example.com',
      });
      expect(res.json()).toEqual({ code: 400, msg: RECOVERY_MSG.passwordWeak });
    }
    // The user name with a digit.
    const userName = uniqueUserName('named');
    const own = `${userName}1`.slice(-32);
    const res = await t.send('POST', API.register, {
      userName,
      password: own,
      confirmPassword: own,
      email: 'n@example.com',
    });
    expect(res.json()).toEqual({ code: 400, msg: RECOVERY_MSG.passwordWeak });

    const member = await register();
    const change = await t.send(
      'POST',
      ACCOUNT_API.password,
      { oldPassword: member.password, newPassword: 'iloveyou1', confirmPassword: 'iloveyou1' },
      bearer(member.accessToken),
    );
    expect(change.json()).toEqual({ code: 400, msg: RECOVERY_MSG.passwordWeak });
  });
});

describe('发送重置链接 in the console', () => {
  it('mails the member a reset link; unverified, not found and members are refused', async () => {
    const staff = await insertRoleCaller(t, ['support']);
    const member = await verifiedMember();
    const unverified = await register();
    const path = (id: string) => fillPath(STAFF_API.userResetLink, { id });

    expect((await t.send('POST', path(member.userId), {}, bearer(member.accessToken))).statusCode).toBe(403);
    expect((await t.send('POST', path(unverified.userId), {}, staff.headers)).json()).toEqual({
      code: 400,
      msg: RECOVERY_MSG.memberEmailUnverified,
    });
    expect((await t.send('POST', path('999999999'), {}, staff.headers)).json()).toEqual({
      code: 404,
      msg: RECOVERY_MSG.userNotFound,
    });
    const sent = await t.send('POST', path(member.userId), {}, staff.headers);
    expect(sent.json()).toEqual({ code: 200, msg: RECOVERY_MSG.memberResetLinkSent });
    const { token } = linkToken(await smtp.next(member.email, 1));
    expect((await reset(token, 'Harbor-Lantern-64')).statusCode).toBe(200);
    expect(lines).toContainEqual(
      expect.objectContaining({
        event: 'password.reset_link_sent',
        userId: member.userId,
        by: staff.user.id,
      }),
    );
  });
});

describe('忘记密码 asked 100 times in a minute', () => {
  it('is refused past the address limit, in the envelope, and mails no more', async () => {
    const limited = await createTestApp({
      floodLimits: true,
      mail: {
        smtpUrl: smtp.url,
        from: '影库 <no-reply@yingku.example>',
        outboxDir: undefined,
        siteUrl: SITE,
      },
    });
    try {
      const userName = uniqueUserName('flood');
      const email = `flood${process.pid}@example.com`;
      const password = 'Saffron-Glacier-93';
      await limited.send('POST', API.register, { userName, password, confirmPassword: password, email });
      const { token } = linkToken(await smtp.next(email));
      await limited.send('POST', ACCOUNT_API.emailVerify, { token });
      const answers = [];
      for (let i = 0; i < 100; i++)
        answers.push(await limited.send('POST', ACCOUNT_API.passwordForgot, { account: userName }));
      const statuses = answers.map((res) => res.statusCode);
      expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(10);
      expect(answers.at(-1)!.json()).toEqual({ code: 429, msg: SERVER_MSG.tooManyRequests });
      await smtp.next(email, 3);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mailsTo(email)).toBe(4);
    } finally {
      await limited.close();
    }
  });
});
