import { type Kysely, sql } from 'kysely';

/**
 * Getting an account back (features/account-recovery, decision 066): whether the safe e-mail
 * was verified, the single-use links sent by mail (reset and verification, only their SHA-256
 * kept), and recovery codes (only their SHA-256 kept, each usable once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN email_verified_at timestamptz`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN last_export_at timestamptz`.execute(db);
  // 忘记密码 by address: only verified addresses are ever looked up.
  await sql`CREATE INDEX users_verified_email ON users (lower(email)) WHERE email_verified_at IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE TABLE account_tokens (
    token_hash text PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose text NOT NULL CHECK (purpose IN ('reset', 'verify')),
    -- The address the link went to: a link stops working once the account's address changes.
    email text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at timestamptz)`.execute(db);
  await sql`CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose, created_at)`.execute(db);
  await sql`CREATE INDEX account_tokens_expiry ON account_tokens (expires_at)`.execute(db);
  await sql`CREATE TABLE recovery_codes (
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    used_at timestamptz,
    PRIMARY KEY (user_id, code_hash))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE recovery_codes`.execute(db);
  await sql`DROP TABLE account_tokens`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN last_export_at`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN email_verified_at`.execute(db);
}
