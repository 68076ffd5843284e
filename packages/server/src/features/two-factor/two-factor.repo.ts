import { type Kysely, sql } from 'kysely';
import { type Executor, inTransaction } from '../../db/executor';
import type { DB } from '../../db/schema';
import { shanghaiTimeOrNull } from '../../db/site-time-sql';

/** An account's TOTP row as the service reads it. */
export interface TwoFactorRow {
  secretSealed: string;
  /** Null while the set-up waits for its confirming code. */
  enabledAt: Date | null;
  lastTimeStep: number;
  /** A pending set-up started within the given minutes (always true once enabled). */
  fresh: boolean;
}

/** What confirming a set-up does, in one transaction. */
export interface Enabling {
  userId: string;
  /** The step of the confirming code: the set-up must not have accepted it (or a later one). */
  timeStep: number;
  /** The pending set-up must have started within this. */
  enrolMinutes: number;
  codeHashes: readonly string[];
  /** The login that confirmed: it stays, marked as having proved a second factor. */
  sessionId: string;
}

const minutesAgo = (n: number) => sql<Date>`now() - make_interval(mins => ${n})`;

/**
 * The SQL of two-factor sign-in (decision 070): the sealed secret and its last step, the backup
 * codes, the second step's tickets, and the marks it leaves on a login (login_sessions'
 * second_factor_at and reauth_at, as account-recovery's repo ends logins itself).
 */
export function createTwoFactorRepo(db: Kysely<DB>) {
  /** Ends the account's live logins but `keep`; answers how many ended. */
  async function endLogins(userId: string, keep: string | undefined, trx: Executor): Promise<number> {
    const ended = await trx
      .updateTable('login_sessions')
      .set({ revoked_at: sql<Date>`now()` })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .$if(keep !== undefined, (q) => q.where('id', '!=', keep as string))
      .executeTakeFirst();
    return Number(ended.numUpdatedRows);
  }

  async function replaceCodes(userId: string, codeHashes: readonly string[], trx: Executor): Promise<void> {
    await trx.deleteFrom('two_factor_backup_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('two_factor_backup_codes')
      .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })))
      .execute();
  }

  return {
    inTransaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
      return inTransaction(db, work);
    },

    /** The account's row, enabled or pending; `fresh` says whether a pending one is recent. */
    async row(userId: string, enrolMinutes: number): Promise<TwoFactorRow | undefined> {
      const row = await db
        .selectFrom('two_factor')
        .select([
          'secret_sealed as secretSealed',
          'enabled_at as enabledAt',
          'last_time_step as lastTimeStep',
          sql<boolean>`enabled_at IS NOT NULL OR created_at > ${minutesAgo(enrolMinutes)}`.as('fresh'),
        ])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row && { ...row, lastTimeStep: Number(row.lastTimeStep) };
    },

    async isEnabled(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('two_factor')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('enabled_at', 'is not', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** 账号与安全's line: since when it is on (site time), and how many backup codes are left. */
    async status(userId: string): Promise<{ enabledAt: string | null; backupCodesLeft: number }> {
      const row = await db
        .selectFrom('users as u')
        .leftJoin('two_factor as tf', (join) =>
          join.onRef('tf.user_id', '=', 'u.id').on('tf.enabled_at', 'is not', null),
        )
        .select([
          shanghaiTimeOrNull('tf.enabled_at').as('enabledAt'),
          (eb) =>
            eb
              .selectFrom('two_factor_backup_codes as c')
              .select(eb.fn.countAll<string>().as('n'))
              .whereRef('c.user_id', '=', 'u.id')
              .where('c.used_at', 'is', null)
              .as('left'),
        ])
        .where('u.id', '=', userId)
        .executeTakeFirst();
      const enabledAt = row?.enabledAt ?? null;
      return { enabledAt, backupCodesLeft: enabledAt === null ? 0 : Number(row?.left ?? 0) };
    },

    /** The user name authenticator apps show, and the password hash that confirms changes. */
    async account(userId: string): Promise<{ userName: string; passwordHash: string } | undefined> {
      return db
        .selectFrom('users')
        .select(['user_name as userName', 'password_hash as passwordHash'])
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /**
     * A new pending set-up with this sealed secret, replacing a pending one; false (nothing
     * written) when two-factor sign-in is already on.
     */
    async startEnrolment(userId: string, secretSealed: string): Promise<boolean> {
      const written = await db
        .insertInto('two_factor')
        .values({ user_id: userId, secret_sealed: secretSealed })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet({ secret_sealed: secretSealed, created_at: sql<Date>`now()`, last_time_step: '0' })
            .where('two_factor.enabled_at', 'is', null),
        )
        .executeTakeFirst();
      return Number(written.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    /**
     * Turns a recent pending set-up on with its confirming code's step, stores the backup codes,
     * ends every other login and marks this one as having proved a second factor, in one
     * transaction; answers how many logins ended, or null (nothing changed) when the set-up was
     * confirmed, replaced or expired meanwhile, or the step was already used.
     */
    async enable(enabling: Enabling): Promise<number | null> {
      const { userId, sessionId } = enabling;
      return inTransaction(db, async (trx) => {
        const enabled = await trx
          .updateTable('two_factor')
          .set({ enabled_at: sql<Date>`now()`, last_time_step: String(enabling.timeStep) })
          .where('user_id', '=', userId)
          .where('enabled_at', 'is', null)
          .where('created_at', '>', minutesAgo(enabling.enrolMinutes))
          .where('last_time_step', '<', String(enabling.timeStep))
          .executeTakeFirst();
        if (Number(enabled.numUpdatedRows) === 0) return null;
        await replaceCodes(userId, enabling.codeHashes, trx);
        await trx
          .updateTable('login_sessions')
          .set({ second_factor_at: sql<Date>`now()`, reauth_at: sql<Date>`now()` })
          .where('id', '=', sessionId)
          .where('user_id', '=', userId)
          .execute();
        return endLogins(userId, sessionId, trx);
      });
    },

    /**
     * Accepts a code's step, once: of two uses of one code at once, one wins. False when the
     * account's last accepted step is this one or later (or two-factor sign-in is off).
     */
    async acceptStep(userId: string, timeStep: number): Promise<boolean> {
      const accepted = await db
        .updateTable('two_factor')
        .set({ last_time_step: String(timeStep) })
        .where('user_id', '=', userId)
        .where('enabled_at', 'is not', null)
        .where('last_time_step', '<', String(timeStep))
        .executeTakeFirst();
      return Number(accepted.numUpdatedRows) > 0;
    },

    /** Spends one unused backup code of an account with two-factor sign-in on; false otherwise. */
    async spendBackupCode(userId: string, codeHash: string): Promise<boolean> {
      const spent = await db
        .updateTable('two_factor_backup_codes as c')
        .set({ used_at: sql<Date>`now()` })
        .where('c.user_id', '=', userId)
        .where('c.code_hash', '=', codeHash)
        .where('c.used_at', 'is', null)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('two_factor as tf')
              .select('tf.user_id')
              .whereRef('tf.user_id', '=', 'c.user_id')
              .where('tf.enabled_at', 'is not', null),
          ),
        )
        .executeTakeFirst();
      return Number(spent.numUpdatedRows) > 0;
    },

    /** The account's backup codes replaced by `codeHashes`, in one transaction. */
    async replaceBackupCodes(userId: string, codeHashes: readonly string[]): Promise<void> {
      await inTransaction(db, (trx) => replaceCodes(userId, codeHashes, trx));
    },

    /**
     * Removes the account's two-factor sign-in: its secret (on or pending), backup codes and
     * open tickets. Answers whether it was on. `trx`: the caller's transaction (an admin reset
     * with its audit entry, an account's deletion).
     */
    async remove(userId: string, trx: Executor = db): Promise<boolean> {
      await trx.deleteFrom('two_factor_tickets').where('user_id', '=', userId).execute();
      await trx.deleteFrom('two_factor_backup_codes').where('user_id', '=', userId).execute();
      const removed = await trx
        .deleteFrom('two_factor')
        .where('user_id', '=', userId)
        .returning(sql<boolean>`enabled_at IS NOT NULL`.as('wasOn'))
        .executeTakeFirst();
      return removed?.wasOn ?? false;
    },

    /** Ends every live login of the account, in the caller's transaction. */
    endAllLogins: (userId: string, trx: Executor = db) => endLogins(userId, undefined, trx),

    async addTicket(ticketHash: string, userId: string, minutes: number): Promise<void> {
      await db
        .insertInto('two_factor_tickets')
        .values({
          ticket_hash: ticketHash,
          user_id: userId,
          expires_at: sql<Date>`now() + make_interval(mins => ${minutes})`,
        })
        .execute();
    },

    /** Whose a ticket is, while it is unspent and unexpired. */
    async ticketHolder(ticketHash: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('two_factor_tickets')
        .select('user_id')
        .where('ticket_hash', '=', ticketHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return row?.user_id;
    },

    /** Spends a ticket, once: of two uses at once, one wins. */
    async spendTicket(ticketHash: string): Promise<boolean> {
      const spent = await db
        .updateTable('two_factor_tickets')
        .set({ used_at: sql<Date>`now()` })
        .where('ticket_hash', '=', ticketHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return Number(spent.numUpdatedRows) > 0;
    },

    /** Marks the login re-confirmed now (it must be the account's and live). */
    async stampReauth(sessionId: string, userId: string): Promise<void> {
      await db
        .updateTable('login_sessions')
        .set({ reauth_at: sql<Date>`now()` })
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Forgets tickets past their end and set-ups left pending for a day. */
    async sweep(): Promise<void> {
      await db
        .deleteFrom('two_factor_tickets')
        .where('expires_at', '<', sql<Date>`now()`)
        .execute();
      await db
        .deleteFrom('two_factor')
        .where('enabled_at', 'is', null)
        .where('created_at', '<', minutesAgo(24 * 60))
        .execute();
    },
  };
}

export type TwoFactorRepo = ReturnType<typeof createTwoFactorRepo>;
