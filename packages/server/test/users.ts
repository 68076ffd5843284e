import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema';
import { SERVER_MSG } from '@yingku/contract';
import { createAccessTokens } from '../src/http/auth';
import type { TestApp } from './app';

/** A stored password hash in argon2id's format; no test logs in with a password through it. */
const FIXED_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$dGVzdHNhbHR0ZXN0c2FsdA$Q0t2Cx5mB2yDhl1Nq9W4bN5xB0mZ1cVnE8pYqk3tq9o';

let sequence = 0;

export interface TestUser {
  id: string;
  userName: string;
}

export interface UserOverrides {
  userName?: string;
  /** 2 with a future `vipUntil` makes a VIP. */
  levelId?: number;
  vipUntil?: Date | null;
  /** false: a user from before folders, without the default one. */
  defaultFolder?: boolean;
}

/**
 * A user row written straight to the database (no register call), with the default collect
 * folder every registered user has unless `defaultFolder: false`.
 */
export async function insertUser(db: Kysely<DB>, overrides: UserOverrides = {}): Promise<TestUser> {
  sequence += 1;
  const userName = overrides.userName ?? `tester${String(sequence).padStart(4, '0')}`;
  const { id } = await db
    .insertInto('users')
    .values({
      user_name: userName,
      user_name_key: userName.toLowerCase(),
      email: `${userName.toLowerCase()}@example.com`,
      password_hash: FIXED_HASH,
      level_id: overrides.levelId ?? 1,
      vip_until: overrides.vipUntil ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (overrides.defaultFolder !== false) {
    await db
      .insertInto('collect_folders')
      .values({ user_id: id, name: SERVER_MSG.defaultFolderName, is_default: true })
      .execute();
  }
  return { id, userName };
}

/** A live login for the user and its access token, as the `authorization` header. */
export async function loginAs(t: TestApp, user: Pick<TestUser, 'id'>): Promise<{ authorization: string }> {
  const sessionId = randomUUID();
  // As a login by password does, it counts as a fresh confirmation (reauth_at).
  await t.database.db
    .insertInto('login_sessions')
    .values({ id: sessionId, user_id: user.id, reauth_at: new Date() })
    .execute();
  const token = await createAccessTokens(t.config.jwtSecret).issue({ userId: user.id, sessionId });
  return { authorization: `Bearer ${token}` };
}

/** A new user (see {@link insertUser}) with a live login: the row and its auth header. */
export async function insertCaller(t: TestApp, overrides: UserOverrides = {}) {
  const user = await insertUser(t.database.db, overrides);
  return { user, headers: await loginAs(t, user) };
}
