import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyTestDatabase } from '../../../test/db';
import type { Database } from '../connection';
import { migrateToLatest, migrateUpTo } from '../migrate';

// 0027 on a site with staff: each former staff account keeps what it could do.

let database: Database;

beforeAll(async () => {
  database = await createEmptyTestDatabase();
  await migrateUpTo(database.db, '0026-account-deletion');
  await sql`INSERT INTO users (id, user_name, user_name_key, email, password_hash, roles) VALUES
    (9001, 'Member', 'member', 'm@example.com', 'x', '{member}'),
    (9002, 'Staff', 'staff', 's@example.com', 'x', '{member,staff}'),
    (9003, 'Boss', 'boss', 'b@example.com', 'x', '{member,staff,admin}'),
    (9004, 'Admin', 'admin', 'a@example.com', 'x', '{admin,member}')`.execute(database.db);
  await migrateToLatest(database.db);
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe('migration 0027', () => {
  it('gives former staff support, content and finance; leaves others alone', async () => {
    const rows = await sql<{ id: string; roles: string[] }>`
      SELECT id::text, roles FROM users WHERE id BETWEEN 9001 AND 9004 ORDER BY id`.execute(database.db);
    expect(rows.rows).toEqual([
      { id: '9001', roles: ['member'] },
      { id: '9002', roles: ['member', 'support', 'content', 'finance'] },
      { id: '9003', roles: ['member', 'support', 'content', 'finance', 'admin'] },
      { id: '9004', roles: ['admin', 'member'] },
    ]);
  });
});
