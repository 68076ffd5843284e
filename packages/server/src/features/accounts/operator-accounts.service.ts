import { randomInt } from 'node:crypto';
import {
  isStaffAccount,
  passwordField,
  registerBody,
  type Role,
  SERVER_MSG,
  userNameField,
} from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { canonicalRoles } from '../users-admin/users-admin.service';
import { type AccountRow, createAccountsRepo } from './accounts.repo';
import { checkPassword, hashPassword } from './passwords';

/** A value an operator typed that the account rules refuse: 400, `detail` naming the rule. */
const refused = (detail: string) => new AppError(400, SERVER_MSG.badRequest, detail);

/** The e-mail of an operator account made without one (the .invalid domain never delivers). */
export const OPERATOR_EMAIL_PLACEHOLDER = 'operator@yingku.invalid';

/** What an operator asks for: the account, the roles it must hold, optionally its password. */
export interface OperatorAccountInput {
  userName: string;
  /** Granted on top of what the account holds (member always). */
  roles: readonly Role[];
  /** The password of a new account, or a new password for an existing one (logins end). */
  password?: string | undefined;
  /** Only for a new account; default {@link OPERATOR_EMAIL_PLACEHOLDER}. */
  email?: string | undefined;
}

/** What {@link OperatorAccounts.ensure} did. */
export interface OperatorAccountResult {
  userId: string;
  userName: string;
  created: boolean;
  roles: Role[];
  passwordChanged: boolean;
  /** The account had been disabled and can log in again. */
  reEnabled: boolean;
}

/** Characters of generated passwords: no 0/O, 1/l/I, so one can be read off a screen. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** 24 characters of 57: about 140 bits, inside registration's 32-character maximum. */
const PASSWORD_LENGTH = 24;

/** A strong random password (crypto-random, unbiased) that passes registration's rules. */
export function randomPassword(): string {
  return Array.from(
    { length: PASSWORD_LENGTH },
    () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)],
  ).join('');
}

/** The user name as registration stores it (trimmed), or a 400 naming the rule. */
export function checkUserName(userName: string): string {
  const parsed = userNameField.safeParse(userName);
  if (!parsed.success) throw refused('user name: 6 to 32 characters, as at registration');
  return parsed.data;
}

/** The password exactly as typed when registration would accept it, or a 400. */
export function checkNewPassword(password: string): string {
  if (!passwordField.safeParse(password).success) {
    throw refused('password: 8 to 32 characters, as at registration');
  }
  return password;
}

/** The e-mail (trimmed) when registration would accept it, or a 400. */
export function checkEmail(email: string): string {
  const parsed = registerBody.shape.email.safeParse(email);
  if (!parsed.success) throw refused('e-mail: a valid address of 8 to 120 characters');
  return parsed.data;
}

/**
 * Accounts made and changed by operators rather than through registration: the first admin
 * (`npm run admin -- create-admin`) and the demo staff account. The same rules and the same
 * argon2id hashing as registration; the SQL is the accounts repo's.
 */
export function createOperatorAccounts(db: Kysely<DB>) {
  const accounts = createAccountsRepo(db);

  return {
    /** The account behind a user name (any case). */
    find(userName: string): Promise<AccountRow | undefined> {
      return accounts.findAccount(userName.toLowerCase());
    },

    /**
     * Creates the account with `roles` (and member) when the name is free — a password is then
     * required — or grants `roles` to the existing one, setting its password only when one is
     * given and lifting a disable (an operator making an admin wants one that can log in).
     */
    async ensure(input: OperatorAccountInput): Promise<OperatorAccountResult> {
      const userName = checkUserName(input.userName);
      const password = input.password === undefined ? undefined : checkNewPassword(input.password);
      const email = input.email === undefined ? OPERATOR_EMAIL_PLACEHOLDER : checkEmail(input.email);
      const userNameKey = userName.toLowerCase();
      const passwordHash = password === undefined ? undefined : await hashPassword(password);
      const existing = await accounts.findAccount(userNameKey);

      if (!existing) {
        if (passwordHash === undefined) throw refused('a new account needs a password');
        const roles = canonicalRoles(input.roles);
        const created = await accounts.createUser({ userName, userNameKey, email, passwordHash, roles });
        // Someone registered the name meanwhile: never take over (or re-password) their account.
        if (!created)
          throw new AppError(
            409,
            SERVER_MSG.userNameTaken,
            `${userName} was registered meanwhile; run the command again`,
          );
        return {
          userId: created.userId,
          userName,
          created: true,
          roles,
          passwordChanged: true,
          reEnabled: false,
        };
      }

      const roles = canonicalRoles([...existing.roles, ...input.roles]);
      await accounts.updateAccount(existing.id, { roles, passwordHash, enable: existing.disabled });
      return {
        userId: existing.id,
        userName: existing.userName,
        created: false,
        roles,
        passwordChanged: passwordHash !== undefined,
        reEnabled: existing.disabled,
      };
    },

    /**
     * Gives the account behind `userName` (any case) a new password and ends its logins; its
     * roles, e-mail and state stay as they are (a disabled account stays disabled). 404 when
     * there is no such account.
     */
    async resetPassword(userName: string, password: string): Promise<{ userId: string; userName: string }> {
      const account = await accounts.findAccount(checkUserName(userName).toLowerCase());
      if (!account) throw new AppError(404, SERVER_MSG.badRequest, `there is no account ${userName}`);
      await accounts.updateAccount(account.id, {
        passwordHash: await hashPassword(checkNewPassword(password)),
      });
      return { userId: account.id, userName: account.userName };
    },

    /** Whether the name and password log in to an enabled staff account (any console role). */
    async canLogIn(userName: string, password: string): Promise<boolean> {
      const account = await accounts.findAccount(userName.toLowerCase());
      if (!account || account.disabled) return false;
      if (!isStaffAccount(account.roles)) return false;
      return checkPassword(account.passwordHash, password);
    },
  };
}

export type OperatorAccounts = ReturnType<typeof createOperatorAccounts>;
