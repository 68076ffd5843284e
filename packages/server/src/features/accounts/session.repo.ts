import { isInt64Id, STAFF_ROLES } from '@yingku/contract';
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { CallerLookup } from '../../http/auth';
import { inTransaction } from '../../db/executor';
import { shanghaiTime, shanghaiTimeOf } from '../../db/site-time-sql';

/**
 * The per-request check behind every access token: the login has not ended and the user
 * exists and is not disabled; answers the level in force now (the paid level only while vip_until lies ahead),
 * whether the account has 两步验证 on and when the login was last re-confirmed — one statement.
 */
export function createCallerLookup(db: Kysely<DB>): CallerLookup {
  return async ({ userId, sessionId }) => {
    if (!isInt64Id(userId) || !isUuid(sessionId)) return null;
    const row = await db
      .selectFrom('login_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      // The two-factor row is read here, not through its feature: this runs on every request.
      .leftJoin('two_factor as tf', (join) =>
        join.onRef('tf.user_id', '=', 'u.id').on('tf.enabled_at', 'is not', null),
      )
      .select([
        sql<number>`CASE WHEN u.vip_until > now() THEN u.level_id ELSE LEAST(u.level_id, 1) END`.as(
          'levelId',
        ),
        'u.roles',
        sql<boolean>`tf.user_id IS NOT NULL`.as('twoFactor'),
        's.reauth_at as reauthAt',
      ])
      .where('s.id', '=', sessionId)
      .where('s.user_id', '=', userId)
      .where('s.revoked_at', 'is', null)
      .where('u.disabled_at', 'is', null)
      .executeTakeFirst();
    if (!row) return null;
    return {
      levelId: Number(row.levelId),
      roles: row.roles,
      twoFactor: row.twoFactor,
      reauthAt: row.reauthAt ? new Date(row.reauthAt).getTime() : null,
    };
  };
}

/** The console's roles as an SQL array (constants, so written into the statement). */
const STAFF_ROLES_ARRAY = sql.raw(`ARRAY[${STAFF_ROLES.map((role) => `'${role}'`).join(', ')}]::text[]`);

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

export interface NewLogin {
  userId: string;
  ip: string;
  userAgent: string;
  /** SHA-256 (hex) of the first refresh token of the login. */
  tokenHash: string;
  refreshDays: number;
  /** The login proved a second factor (features/two-factor) besides the password. */
  secondFactor?: boolean;
}

/** How long tokens and logins last (LIMITS): a refresh token from its use, a login from its start. */
export interface LoginLifetimes {
  refreshDays: number;
  loginDays: number;
  staffLoginDays: number;
}

/** What presenting a refresh token came to. */
export type Rotation =
  | { kind: 'rotated'; userId: string; sessionId: string }
  /** The token had been used already: the login it belongs to is now revoked. */
  | { kind: 'reused'; sessionId: string }
  /** Unknown, expired, or its login has ended. */
  | { kind: 'invalid' };

/** Logins (one refresh-token family each) and their refresh tokens. */
export function createSessionRepo(db: Kysely<DB>) {
  const daysAhead = (n: number) => sql<Date>`now() + make_interval(days => ${n})`;

  return {
    /** Opens a login with its first refresh token and stamps the user's last login. */
    async startLogin(login: NewLogin): Promise<{ sessionId: string }> {
      const sessionId = randomUUID();
      await inTransaction(db, async (trx) => {
        await trx
          .insertInto('login_sessions')
          .values({
            id: sessionId,
            user_id: login.userId,
            ip: login.ip,
            user_agent: login.userAgent,
            // A login is a confirmation by password (and by code with a second factor).
            reauth_at: sql<Date>`now()`,
            ...(login.secondFactor ? { second_factor_at: sql<Date>`now()` } : {}),
          })
          .execute();
        await trx
          .insertInto('refresh_tokens')
          .values({
            token_hash: login.tokenHash,
            session_id: sessionId,
            expires_at: daysAhead(login.refreshDays),
          })
          .execute();
        await trx
          .updateTable('users')
          .set({ last_login_at: sql<Date>`now()` })
          .where('id', '=', login.userId)
          .execute();
      });
      return { sessionId };
    },

    /**
     * Spends a refresh token and stores its successor, in one transaction. The spend is one
     * conditional UPDATE, so of two parallel uses exactly one wins. A token already spent
     * revokes its whole login (the family), as a stolen copy may be in use.
     */
    async rotate(oldHash: string, newHash: string, lifetimes: LoginLifetimes): Promise<Rotation> {
      return inTransaction(db, async (trx): Promise<Rotation> => {
        const spent = await trx
          .updateTable('refresh_tokens as t')
          .from('login_sessions as s')
          .set({ used_at: sql<Date>`now()` })
          .whereRef('s.id', '=', 't.session_id')
          .where('t.token_hash', '=', oldHash)
          .where('t.used_at', 'is', null)
          .where('t.expires_at', '>', sql<Date>`now()`)
          .where('s.revoked_at', 'is', null)
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('users as u')
                .select('u.id')
                .whereRef('u.id', '=', 's.user_id')
                .where('u.disabled_at', 'is', null)
                // The login's absolute end, by the roles the account holds now.
                .where(
                  sql<boolean>`s.created_at > now() - make_interval(days => CASE WHEN u.roles && ${STAFF_ROLES_ARRAY} THEN ${lifetimes.staffLoginDays}::int ELSE ${lifetimes.loginDays}::int END)`,
                ),
            ),
          )
          .returning(['t.session_id as sessionId', 's.user_id as userId'])
          .executeTakeFirst();
        if (spent) {
          await trx
            .insertInto('refresh_tokens')
            .values({
              token_hash: newHash,
              session_id: spent.sessionId,
              expires_at: daysAhead(lifetimes.refreshDays),
            })
            .execute();
          return { kind: 'rotated', ...spent };
        }
        const known = await trx
          .selectFrom('refresh_tokens')
          .select(['session_id', 'used_at'])
          .where('token_hash', '=', oldHash)
          .executeTakeFirst();
        if (!known?.used_at) return { kind: 'invalid' };
        await revoke(trx, known.session_id);
        return { kind: 'reused', sessionId: known.session_id };
      });
    },

    /** Ends a login of this user: its refresh tokens and access tokens stop working at once. */
    async endLogin(sessionId: string, userId: string): Promise<boolean> {
      if (!isUuid(sessionId)) return false;
      return (await revoke(db, sessionId, userId)) > 0;
    },

    /**
     * Retention (docs/operations.md#what-is-kept): logins that ended `endedDays` ago or more go,
     * their tokens with them; refresh tokens a day past their end go (a replay of one is refused as
     * unknown all the same); the address and user agent of any login older than `addressDays` are
     * blanked.
     */
    async sweepRetention({ endedDays, addressDays }: { endedDays: number; addressDays: number }) {
      const ended = sql<Date>`now() - make_interval(days => ${endedDays})`;
      const logins = await db
        .deleteFrom('login_sessions as s')
        .where((eb) =>
          eb.or([
            eb('s.revoked_at', '<', ended),
            eb.and([
              eb('s.created_at', '<', ended),
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('refresh_tokens as r')
                    .select(sql`1`.as('one'))
                    .whereRef('r.session_id', '=', 's.id')
                    .where('r.expires_at', '>', ended),
                ),
              ),
            ]),
          ]),
        )
        .executeTakeFirst();
      const tokens = await db
        .deleteFrom('refresh_tokens')
        .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
        .executeTakeFirst();
      const blanked = await db
        .updateTable('login_sessions')
        .set({ ip: '', user_agent: '' })
        .where('created_at', '<', sql<Date>`now() - make_interval(days => ${addressDays})`)
        .where((eb) => eb.or([eb('ip', '!=', ''), eb('user_agent', '!=', '')]))
        .executeTakeFirst();
      return {
        logins: Number(logins.numDeletedRows),
        tokens: Number(tokens.numDeletedRows),
        blanked: Number(blanked.numUpdatedRows),
      };
    },

    /** Ends every live login of this user but `keep` (when given); answers how many ended. */
    async endLogins(userId: string, keep?: string): Promise<number> {
      let query = db
        .updateTable('login_sessions')
        .set({ revoked_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (keep !== undefined) query = query.where('id', '!=', keep);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * The user's logins that can still renew: not ended, within their absolute lifetime, with an
     * unspent refresh token not yet expired. Last seen is the newest token's issue (a renewal at
     * most every access-token lifetime). Newest first.
     */
    async liveLogins(userId: string, lifetimes: Omit<LoginLifetimes, 'refreshDays'>) {
      return db
        .selectFrom('login_sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .innerJoin('refresh_tokens as t', 't.session_id', 's.id')
        .select([
          's.id as sessionId',
          's.ip',
          's.user_agent as userAgent',
          shanghaiTime('s.created_at').as('firstSeen'),
          shanghaiTimeOf(sql`max(t.created_at)`).as('lastSeen'),
        ])
        .where('s.user_id', '=', userId)
        .where('s.revoked_at', 'is', null)
        .where(
          sql<boolean>`s.created_at > now() - make_interval(days => CASE WHEN u.roles && ${STAFF_ROLES_ARRAY} THEN ${lifetimes.staffLoginDays}::int ELSE ${lifetimes.loginDays}::int END)`,
        )
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('refresh_tokens as live')
              .select('live.session_id')
              .whereRef('live.session_id', '=', 's.id')
              .where('live.used_at', 'is', null)
              .where('live.expires_at', '>', sql<Date>`now()`),
          ),
        )
        .groupBy(['s.id', 's.ip', 's.user_agent', 's.created_at'])
        .orderBy(sql`max(t.created_at)`, 'desc')
        .orderBy('s.id')
        .execute();
    },

    /** Whether this user has ever logged in successfully from this address. */
    async knownAddress(userNameKey: string, ip: string): Promise<boolean> {
      const row = await db
        .selectFrom('login_sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select('s.id')
        .where('u.user_name_key', '=', userNameKey)
        .where('s.ip', '=', ip)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type SessionRepo = ReturnType<typeof createSessionRepo>;

/** Ends one login (of this user, when given); answers how many rows it ended (0 or 1). */
async function revoke(db: Kysely<DB>, sessionId: string, userId?: string): Promise<number> {
  let query = db
    .updateTable('login_sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}
