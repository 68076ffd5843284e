import { sql } from 'kysely';
import { expect } from 'vitest';
import { MSG, SERVER_MSG } from '@yingku/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app';
import { insertCaller, type UserOverrides } from './users';

/** A logged-in user holding these roles (users.roles, read on every request). */
export async function insertRoleCaller(
  t: TestApp,
  roles: readonly ('member' | 'staff' | 'admin')[],
  overrides: UserOverrides = {},
) {
  const caller = await insertCaller(t, overrides);
  await t.database.db
    .updateTable('users')
    .set({ roles: sql<string[]>`${sql.val([...roles])}::text[]` })
    .where('id', '=', caller.user.id)
    .execute();
  return caller;
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
