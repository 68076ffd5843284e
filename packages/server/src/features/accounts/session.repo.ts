import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { CallerLookup } from '../../http/auth';

/**
 * The per-request check behind every access token: the login has not ended and the user
 * exists; answers the level in force now (the paid level only while vip_until lies ahead).
 */
export function createCallerLookup(db: Kysely<DB>): CallerLookup {
  return async ({ userId, sessionId }) => {
    if (!/^\d{1,19}$/.test(userId) || !isUuid(sessionId)) return null;
    const row = await db
      .selectFrom('login_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        sql<number>`CASE WHEN u.vip_until > now() THEN u.level_id ELSE LEAST(u.level_id, 1) END`.as(
          'levelId',
        ),
        'u.roles',
      ])
      .where('s.id', '=', sessionId)
      .where('s.user_id', '=', userId)
      .where('s.revoked_at', 'is', null)
      .executeTakeFirst();
    return row ? { levelId: Number(row.levelId), roles: row.roles } : null;
  };
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
