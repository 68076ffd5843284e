import { type Kysely, sql } from 'kysely';

/**
 * 注销账号 and the consent at registration (features/account-deletion, decision 069): when a
 * member asked for deletion (undone by logging in during the cooling-off period) and when it
 * was done; which privacy notice a member agreed to, and when.
 *
 * A deleted account stays as a row without personal data, so orders (kept for accounting) and
 * support threads keep a user: their foreign keys now refuse a deletion instead of cascading
 * into them. Added NOT VALID, then validated: the check of existing rows takes no lock that
 * stops writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN deletion_requested_at timestamptz`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN deleted_at timestamptz`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN consent_version text`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN consent_at timestamptz`.execute(db);
  // The deletion job's queue: only the few accounts waiting are indexed.
  await sql`CREATE INDEX users_deletion_due ON users (deletion_requested_at)
    WHERE deletion_requested_at IS NOT NULL AND deleted_at IS NULL`.execute(db);
  for (const table of ['orders', 'support_threads']) {
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.id(`${table}_user_id_fkey`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(`${table}_user_id_fkey`)}
      FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE RESTRICT NOT VALID`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} VALIDATE CONSTRAINT ${sql.id(`${table}_user_id_fkey`)}`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['orders', 'support_threads']) {
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.id(`${table}_user_id_fkey`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(`${table}_user_id_fkey`)}
      FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE`.execute(db);
  }
  await sql`DROP INDEX users_deletion_due`.execute(db);
  for (const column of ['consent_at', 'consent_version', 'deleted_at', 'deletion_requested_at']) {
    await sql`ALTER TABLE users DROP COLUMN ${sql.id(column)}`.execute(db);
  }
}
