import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { type Executor, inTransaction } from '../../db/executor';

export type LinkPurpose = 'reset' | 'verify';

/** The account a mail goes to. */
export interface MailAccount {
  userId: string;
  userName: string;
  email: string;
  emailVerified: boolean;
}

const accountColumns = [
  'id as userId',
  'user_name as userName',
  'email',
  sql<boolean>`email_verified_at IS NOT NULL`.as('emailVerified'),
] as const;

/** Mailed links, verified addresses and recovery codes: the SQL of getting an account back. */
export function createRecoveryRepo(db: Kysely<DB>) {
  /** Ends every live login of the account (a new password was set). */
  async function endLogins(userId: string, trx: Executor): Promise<number> {
    const ended = await trx
      .updateTable('login_sessions')
      .set({ revoked_at: sql<Date>`now()` })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(ended.numUpdatedRows);
  }

  /** Sets the password, spends every other reset link, ends every login; how many ended. */
  async function setPassword(userId: string, passwordHash: string, trx: Executor): Promise<number> {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    await trx
      .updateTable('account_tokens')
      .set({ used_at: sql<Date>`now()` })
      .where('user_id', '=', userId)
      .where('purpose', '=', 'reset')
      .where('used_at', 'is', null)
      .execute();
    return endLogins(userId, trx);
  }

  /**
   * Spends a link, once: of two opened at once one wins. Answers its account while the link is
   * unexpired and the account still has the address it went to (a reset also needs that address
   * verified); undefined otherwise, with nothing spent.
   */
  async function spendLink(
    tokenHash: string,
    purpose: LinkPurpose,
    trx: Executor,
  ): Promise<MailAccount | undefined> {
    const spent = await trx
      .updateTable('account_tokens as t')
      .set({ used_at: sql<Date>`now()` })
      .from('users as u')
      .whereRef('u.id', '=', 't.user_id')
      .where('t.token_hash', '=', tokenHash)
      .where('t.purpose', '=', purpose)
      .where('t.used_at', 'is', null)
      .where('t.expires_at', '>', sql<Date>`now()`)
      .where(sql<boolean>`lower(t.email) = lower(u.email)`)
      .$if(purpose === 'reset', (q) => q.where('u.email_verified_at', 'is not', null))
      .returning([
        'u.id as userId',
        'u.user_name as userName',
        'u.email',
        sql<boolean>`u.email_verified_at IS NOT NULL`.as('emailVerified'),
      ])
      .executeTakeFirst();
    return spent;
  }

  return {
    /** Runs `work` in one transaction (the service's change and its audit entry together). */
    inTransaction: <T>(work: (trx: Executor) => Promise<T>) => inTransaction(db, work),

    async account(userId: string): Promise<MailAccount | undefined> {
      return db.selectFrom('users').select(accountColumns).where('id', '=', userId).executeTakeFirst();
    },

    /** The account of a user name (any case). */
    async accountByName(userNameKey: string): Promise<MailAccount | undefined> {
      return db
        .selectFrom('users')
        .select(accountColumns)
        .where('user_name_key', '=', userNameKey)
        .executeTakeFirst();
    },

    /** The accounts (a few at most) whose verified safe e-mail is `email`, any case. */
    async accountsByVerifiedEmail(email: string, limit: number): Promise<MailAccount[]> {
      return db
        .selectFrom('users')
        .select(accountColumns)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .where('email_verified_at', 'is not', null)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async passwordHashOf(userId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.password_hash;
    },

    /** How many links of this kind went to the account in the last hour. */
    async linksInLastHour(userId: string, purpose: LinkPurpose, trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('account_tokens')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async addLink(
      link: {
        tokenHash: string;
        userId: string;
        purpose: LinkPurpose;
        email: string;
        minutes: number;
      },
      trx: Executor = db,
    ): Promise<void> {
      await trx
        .insertInto('account_tokens')
        .values({
          token_hash: link.tokenHash,
          user_id: link.userId,
          purpose: link.purpose,
          email: link.email,
          expires_at: sql<Date>`now() + make_interval(mins => ${link.minutes})`,
        })
        .execute();
    },

    /** Who a link is for, without spending it (to judge the new password against the name). */
    async linkAccount(tokenHash: string, purpose: LinkPurpose): Promise<MailAccount | undefined> {
      return db
        .selectFrom('account_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select([
          'u.id as userId',
          'u.user_name as userName',
          'u.email',
          sql<boolean>`u.email_verified_at IS NOT NULL`.as('emailVerified'),
        ])
        .where('t.token_hash', '=', tokenHash)
        .where('t.purpose', '=', purpose)
        .executeTakeFirst();
    },

    /** A reset link spent and the new password set, every login ended, in one transaction. */
    async resetWithLink(tokenHash: string, passwordHash: string) {
      return inTransaction(db, async (trx) => {
        const account = await spendLink(tokenHash, 'reset', trx);
        if (!account) return undefined;
        return { account, endedSessions: await setPassword(account.userId, passwordHash, trx) };
      });
    },

    /** Marks the address verified, spending the link, in one transaction. */
    async verifyWithLink(tokenHash: string): Promise<MailAccount | undefined> {
      return inTransaction(db, async (trx) => {
        const account = await spendLink(tokenHash, 'verify', trx);
        if (!account) return undefined;
        await trx
          .updateTable('users')
          .set({ email_verified_at: sql<Date>`now()` })
          .where('id', '=', account.userId)
          .execute();
        return { ...account, emailVerified: true };
      });
    },

    /** A new, unverified safe e-mail; earlier verification links stop working by themselves. */
    async changeEmail(userId: string, email: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ email, email_verified_at: null })
        .where('id', '=', userId)
        .execute();
    },

    async recoveryCodesLeft(userId: string): Promise<number> {
      const row = await db
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The account's codes replaced by `codeHashes`, in one transaction. */
    async replaceRecoveryCodes(userId: string, codeHashes: readonly string[]): Promise<void> {
      await inTransaction(db, async (trx) => {
        await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
        await trx
          .insertInto('recovery_codes')
          .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })))
          .execute();
      });
    },

    /**
     * Spends one recovery code and sets the new password, every login ended, in one transaction;
     * undefined (nothing changed) when the code is not one of the account's unused codes.
     */
    async resetWithCode(userId: string, codeHash: string, passwordHash: string): Promise<number | undefined> {
      return inTransaction(db, async (trx) => {
        const spent = await trx
          .updateTable('recovery_codes')
          .set({ used_at: sql<Date>`now()` })
          .where('user_id', '=', userId)
          .where('code_hash', '=', codeHash)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(spent.numUpdatedRows) === 0) return undefined;
        return setPassword(userId, passwordHash, trx);
      });
    },

    /** Links past their end a day ago and more (spent or not): nothing can use them any more. */
    async sweepLinks(): Promise<number> {
      const removed = await db
        .deleteFrom('account_tokens')
        .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
        .executeTakeFirst();
      return Number(removed.numDeletedRows);
    },
  };
}

export type RecoveryRepo = ReturnType<typeof createRecoveryRepo>;
