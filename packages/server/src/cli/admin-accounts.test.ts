import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createAdminCli } from '../../test/admin-cli';
import { createOperatorAccounts } from '../features/accounts/operator-accounts.service';
import { checkPassword } from '../features/accounts/passwords';

const cli = createAdminCli();
const { admin, adminFed, adminOnTerminal, inDatabase } = cli;
afterAll(() => cli.cleanup());

/** The stored account of a user name, and whether each password logs in to it as an admin. */
function accountOf(userName: string, ...passwords: string[]) {
  return inDatabase(async (db) => {
    const row = await db
      .selectFrom('users')
      .select(['id', 'user_name', 'email', 'roles', 'password_hash', 'disabled_at'])
      .where('user_name_key', '=', userName.toLowerCase())
      .executeTakeFirst();
    const admin: boolean[] = [];
    for (const password of passwords) {
      admin.push(await createOperatorAccounts(db).canLogIn(userName, password));
    }
    return { row, admin };
  });
}

describe('npm run admin -- create-admin', () => {
  const ADMIN_ROLES = ['member', 'admin'];

  it('makes a new admin with a generated password printed once; grants admin to an existing account', async () => {
    const made = await admin('create-admin', 'first_boss');
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/^[A-HJ-NP-Za-km-z2-9]{24}\n$/);
    expect(made.stderr).toMatch(
      /^Created first_boss \(user \d+\) with roles member, admin\. Its password is printed above, once/,
    );
    const created = await accountOf('first_boss', made.stdout.trim());
    expect(created.row).toMatchObject({
      roles: ADMIN_ROLES,
      email: 'operator@yingku.invalid',
      disabled_at: null,
    });
    expect(created.row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(created.admin).toEqual([true]);

    // A disabled member, named in another case: made an admin, enabled, its password kept.
    await inDatabase(async (db) => {
      await createOperatorAccounts(db).ensure({
        userName: 'Plain_Member',
        roles: [],
        password: 'member-pass-1',
      });
      await db
        .updateTable('users')
        .set({ disabled_at: new Date() })
        .where('user_name_key', '=', 'plain_member')
        .execute();
    });
    const before = await accountOf('plain_member');
    const granted = await admin('create-admin', 'PLAIN_MEMBER');
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout).toBe('');
    expect(granted.stderr.trim()).toBe(
      `Plain_Member (user ${before.row!.id}) now has roles member, admin. Its password is unchanged. ` +
        'It had been disabled and can log in again.',
    );
    const after = await accountOf('plain_member', 'member-pass-1');
    expect(after.row).toEqual({ ...before.row, roles: ADMIN_ROLES, disabled_at: null });
    expect(after.admin).toEqual([true]);

    // A new password only on request, here as one line of stdin.
    const reset = await adminFed('new-secret-42\n', 'create-admin', 'plain_member', '--password-stdin');
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stderr).toContain('Its password is changed; its logins have ended.');
    expect((await accountOf('plain_member', 'new-secret-42', 'member-pass-1')).admin).toEqual([true, false]);
  }, 120_000);

  it('takes a new admin’s password from stdin as typed; refuses bad values (exit 1) and command lines (exit 2)', async () => {
    const fed = await adminFed(
      '  spaced pass 1  \r\nignored\n',
      ...['create-admin', 'piped_boss', '--email', 'boss@example.com', '--password-stdin'],
    );
    expect(fed.code, fed.stderr).toBe(0);
    expect(fed.stdout).toBe('');
    const piped = await accountOf('piped_boss', '  spaced pass 1  ');
    expect(piped.row).toMatchObject({ email: 'boss@example.com', roles: ADMIN_ROLES });
    expect(piped.admin).toEqual([true]);

    const refused = [
      [await admin('create-admin', 'short'), 'user name: 6 to 32 characters'],
      [await adminFed('seven77\n', 'create-admin', 'weak_boss', '--password-stdin'), 'password: 8 to 32'],
      [await adminFed('', 'create-admin', 'weak_boss', '--password-stdin'), 'stdin held no line'],
      [await admin('create-admin', 'mail_boss', '--email', 'nope'), 'e-mail: a valid address'],
    ] as const;
    for (const [result, message] of refused) {
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toContain(message);
      expect(result.stdout).toBe('');
    }
    for (const line of [
      ['create-admin'],
      ['create-admin', 'a_boss1', 'b_boss1'],
      ['create-admin', 'a_boss1', '--pw'],
    ]) {
      const usage = await admin(...line);
      expect(usage.code, line.join(' ')).toBe(2);
      expect(usage.stderr).toContain('create-admin USER');
    }
    const names = ['weak_boss', 'mail_boss', 'a_boss1'];
    const stored = await inDatabase((db) =>
      db.selectFrom('users').select('user_name').where('user_name_key', 'in', names).execute(),
    );
    expect(stored).toEqual([]);
  }, 120_000);

  it('asks twice on a terminal, echoing nothing', async () => {
    const typed = 'tty-secret-99';
    const ok = await adminOnTerminal(
      [
        ['Password for', typed],
        ['Repeat', typed],
      ],
      'create-admin',
      'tty_boss',
    );
    expect(ok.code, ok.shown).toBe(0);
    expect(ok.shown).toContain('Created tty_boss');
    expect(ok.shown).not.toContain(typed);
    // Echo is off (raw mode) before each question shows, so nothing typed at it appears.
    expect(ok.rawAtPrompts).toEqual([true, true]);
    expect((await accountOf('tty_boss', typed)).admin).toEqual([true]);

    const differ = await adminOnTerminal(
      [
        ['Password for', typed],
        ['Repeat', `${typed}x`],
      ],
      'create-admin',
      'tty_boss2',
    );
    expect(differ.code).toBe(1);
    expect(differ.shown).toContain('the two passwords differ');
    expect((await accountOf('tty_boss2')).row).toBeUndefined();
  }, 120_000);
});

describe('npm run admin -- reset-password', () => {
  /** Logins of the account that have not ended. */
  const liveLogins = (userId: string) =>
    inDatabase(async (db) => {
      const row = await db
        .selectFrom('login_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    });

  it('gives a member a new password and ends its logins, leaving its roles and its disable alone', async () => {
    const { userId } = await inDatabase((db) =>
      createOperatorAccounts(db).ensure({ userName: 'Locked_Out', roles: [], password: 'old-pass-11' }),
    );
    await inDatabase(async (db) => {
      await db
        .insertInto('login_sessions')
        .values({ id: randomUUID(), user_id: userId, created_at: new Date() })
        .execute();
    });
    expect(await liveLogins(userId)).toBe(1);
    const before = await accountOf('locked_out');

    const generated = await admin('reset-password', 'LOCKED_OUT');
    expect(generated.code, generated.stderr).toBe(0);
    expect(generated.stdout).toMatch(/^[A-HJ-NP-Za-km-z2-9]{24}\n$/);
    expect(generated.stderr).toMatch(/^Locked_Out \(user \d+\) has a new password, printed above once/);
    const after = await accountOf('locked_out');
    expect(after.row).toMatchObject({ roles: ['member'], email: before.row!.email, disabled_at: null });
    expect(after.row!.password_hash).not.toBe(before.row!.password_hash);
    expect(await liveLogins(userId)).toBe(0);
    const member = (password: string) =>
      inDatabase(async (db) => {
        const account = await createOperatorAccounts(db).find('locked_out');
        return checkPassword(account!.passwordHash, password);
      });
    expect(await member(generated.stdout.trim())).toBe(true);
    expect(await member('old-pass-11')).toBe(false);

    // From stdin, and on a disabled account, which stays disabled.
    await inDatabase((db) =>
      db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', userId).execute(),
    );
    const fed = await adminFed('chosen-pass-22\n', 'reset-password', 'locked_out', '--password-stdin');
    expect(fed.code, fed.stderr).toBe(0);
    expect(fed.stdout).toBe('');
    expect(fed.stderr).toMatch(/has a new password; its logins have ended\.$/m);
    expect(await member('chosen-pass-22')).toBe(true);
    expect((await accountOf('locked_out')).row!.disabled_at).not.toBeNull();
  });

  it('refuses an unknown name, a weak password and a bad command line, changing nothing', async () => {
    const unknown = await admin('reset-password', 'nobody_here');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('there is no account nobody_here');
    expect(unknown.stdout).toBe('');
    const weak = await adminFed('short\n', 'reset-password', 'locked_out', '--password-stdin');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('password: 8 to 32');
    expect((await admin('reset-password')).code).toBe(2);
    expect((await admin('reset-password', 'a_user', 'b_user')).code).toBe(2);
    expect((await admin('reset-password', 'a_user', '--make-admin')).code).toBe(2);
  });
});
