import { reservedNameKey } from './name-keys';
import { SERVER_MSG } from '@yingku/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { shanghaiTimeOrNull } from '../../db/site-time-sql';
import { inTransaction } from '../../db/executor';

export interface NewUser {
  userName: string;
  /** lower(userName): what makes a name taken, whatever its case. */
  userNameKey: string;
  email: string;
  passwordHash: string;
  /** Default `{member}`; operator accounts are made with staff or admin too. */
  roles?: readonly string[];
  /** The privacy notice's version agreed to at registration, kept with the time. */
  consentVersion?: string | undefined;
}

/** An account as the operator commands see it (`npm run admin`, the demo staff account). */
export interface AccountRow {
  id: string;
  userName: string;
  roles: string[];
  passwordHash: string;
  disabled: boolean;
}

/** What an operator command changes of an existing account. */
export interface AccountChanges {
  roles?: readonly string[];
  /** A new password's hash: the account's live logins end with the old password. */
  passwordHash?: string;
  /** Lifts a disable (an operator recovering an account that must log in). */
  enable?: boolean;
}

/** What getInfo shows of the caller: the user row and the level in force now. */
export interface UserInfoRow {
  userId: string;
  userName: string;
  email: string;
  avatar: string;
  vipUntil: string | null;
  roles: string[];
  levelId: number;
  groupName: string;
  groupLevel: number;
}

/** PostgreSQL's unique_violation: a parallel registration took the name first. */
const UNIQUE_VIOLATION = '23505';

/** Users: registration (with the default folder), the login lookup, getInfo and operator accounts. */
export function createAccountsRepo(db: Kysely<DB>) {
  return {
    /** Whether an account has the name, or had it and was deleted (the name stays reserved). */
    async nameTaken(userNameKey: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('user_name_key', 'in', [userNameKey, reservedNameKey(userNameKey)])
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Creates the user and their default collect folder in one transaction. Null when the name
     * was taken meanwhile (the unique key decides between parallel registrations).
     */
    async createUser(user: NewUser): Promise<{ userId: string } | null> {
      try {
        return await inTransaction(db, async (trx) => {
          const { id } = await trx
            .insertInto('users')
            .values({
              user_name: user.userName,
              user_name_key: user.userNameKey,
              email: user.email,
              password_hash: user.passwordHash,
              ...(user.roles ? { roles: sql<string[]>`${sql.val([...user.roles])}::text[]` } : {}),
              ...(user.consentVersion
                ? { consent_version: user.consentVersion, consent_at: sql<Date>`now()` }
                : {}),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('collect_folders')
            .values({ user_id: id, name: SERVER_MSG.defaultFolderName, is_default: true })
            .execute();
          return { userId: id };
        });
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },

    /** The id and password hash behind a user name (any case), if the name exists. */
    async findForLogin(userNameKey: string) {
      return db
        .selectFrom('users')
        .select(['id', 'password_hash', 'disabled_at', 'deletion_requested_at'])
        .where('user_name_key', '=', userNameKey)
        .executeTakeFirst();
    },

    /** As {@link findForLogin}, by id: the login's second step (features/two-factor). */
    async findForLoginById(userId: string) {
      return db
        .selectFrom('users')
        .select(['id', 'password_hash', 'disabled_at', 'deletion_requested_at'])
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** The account behind a user name (any case), if the name exists. */
    async findAccount(userNameKey: string): Promise<AccountRow | undefined> {
      const row = await db
        .selectFrom('users')
        .select(['id', 'user_name as userName', 'roles', 'password_hash as passwordHash', 'disabled_at'])
        .where('user_name_key', '=', userNameKey)
        .executeTakeFirst();
      if (!row) return undefined;
      const { disabled_at, ...account } = row;
      return { ...account, disabled: disabled_at !== null };
    },

    /** Changes an account in one transaction; a new password ends every live login of it. */
    async updateAccount(userId: string, changes: AccountChanges): Promise<void> {
      await inTransaction(db, async (trx) => {
        await trx
          .updateTable('users')
          .set({
            ...(changes.roles ? { roles: sql<string[]>`${sql.val([...changes.roles])}::text[]` } : {}),
            ...(changes.passwordHash ? { password_hash: changes.passwordHash } : {}),
            ...(changes.enable ? { disabled_at: null } : {}),
            // Keeps the statement valid when nothing else is set.
            id: sql`id`,
          })
          .where('id', '=', userId)
          .execute();
        if (changes.passwordHash) {
          await trx
            .updateTable('login_sessions')
            .set({ revoked_at: sql<Date>`now()` })
            .where('user_id', '=', userId)
            .where('revoked_at', 'is', null)
            .execute();
        }
      });
    },

    /** The password hash of an account that may log in, by id. */
    async passwordHashOf(userId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      return row?.password_hash;
    },

    /**
     * Replaces the password if it is still `oldHash` (of two changes at once, one wins) and ends
     * every other live login, in one transaction. Answers how many ended, or null when the
     * password had changed meanwhile.
     */
    async changePassword(userId: string, oldHash: string, newHash: string, keepSessionId: string) {
      return inTransaction(db, async (trx) => {
        const changed = await trx
          .updateTable('users')
          .set({ password_hash: newHash })
          .where('id', '=', userId)
          .where('password_hash', '=', oldHash)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) return null;
        const ended = await trx
          .updateTable('login_sessions')
          .set({ revoked_at: sql<Date>`now()` })
          .where('user_id', '=', userId)
          .where('id', '!=', keepSessionId)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        return Number(ended.numUpdatedRows);
      });
    },

    async userInfo(userId: string): Promise<UserInfoRow | undefined> {
      return db
        .selectFrom('users as u')
        .innerJoin('levels as l', (join) =>
          join.on(
            'l.id',
            '=',
            sql<number>`CASE WHEN u.vip_until > now() THEN u.level_id ELSE LEAST(u.level_id, 1) END`,
          ),
        )
        .select([
          'u.id as userId',
          'u.user_name as userName',
          'u.email',
          'u.avatar',
          shanghaiTimeOrNull('u.vip_until').as('vipUntil'),
          'u.roles',
          'l.id as levelId',
          'l.group_name as groupName',
          'l.group_level as groupLevel',
        ])
        .where('u.id', '=', userId)
        .executeTakeFirst();
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === UNIQUE_VIOLATION;
}
