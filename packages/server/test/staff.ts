import { sql } from 'kysely';
import { expect } from 'vitest';
import { isStaffAccount, MSG, type Role, SERVER_MSG, STAFF_MSG } from '@yingku/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app';
import { insertCaller, type UserOverrides } from './users';

/**
 * A logged-in user holding these roles (users.roles, read on every request). A staff account
 * gets a second factor on file too, as the console requires one (two-factor.test.ts enrols
 * through the real calls; here only the row the console checks).
 */
export async function insertRoleCaller(t: TestApp, roles: readonly Role[], overrides: UserOverrides = {}) {
  const caller = await insertCaller(t, overrides);
  await t.database.db
    .updateTable('users')
    .set({ roles: sql<string[]>`${sql.val([...roles])}::text[]` })
    .where('id', '=', caller.user.id)
    .execute();
  if (isStaffAccount(roles)) await giveSecondFactor(t, caller.user.id);
  return caller;
}

/** Marks the account as having a confirmed second factor (a sealed secret nobody can read). */
export async function giveSecondFactor(t: TestApp, userId: string): Promise<void> {
  await t.database.db
    .insertInto('two_factor')
    .values({ user_id: userId, secret_sealed: 'test-fixture', enabled_at: new Date() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** Expects the 400 envelope naming this message (a schema's is prefixed with the field). */
export function expectBadRequest(res: LightMyRequestResponse, msg: string): void {
  expect({ status: res.statusCode, body: res.json() }).toEqual({
    status: 400,
    body: { code: 400, msg: expect.stringContaining(msg) },
  });
}

/** Expects a member's refusal (403 仅限客服人员). */
export function expectStaffOnly(res: LightMyRequestResponse): void {
  expect({ status: res.statusCode, body: res.json() }).toEqual({
    status: 403,
    body: { code: 403, msg: SERVER_MSG.staffOnly },
  });
}

/** Expects a visitor's refusal (403, the login dialog). */
export function expectLoginDialog(res: LightMyRequestResponse): void {
  expect({ status: res.statusCode, body: res.json() }).toEqual({
    status: 403,
    body: { code: 403, msg: MSG.default403 },
  });
}

/** Expects a staff account's refusal for lack of the route's permission. */
export function expectPermissionDenied(res: LightMyRequestResponse): void {
  expect({ status: res.statusCode, body: res.json() }).toEqual({
    status: 403,
    body: { code: 403, msg: STAFF_MSG.permissionDenied },
  });
}
