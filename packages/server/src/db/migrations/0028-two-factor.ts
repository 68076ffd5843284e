import { type Kysely, sql } from 'kysely';

/**
 * 两步验证 (features/two-factor, decision 070): an account's TOTP secret (AES-256-GCM under
 * TWO_FACTOR_KEY, never in clear), pending until a code confirms it, with the last time step
 * accepted (a code of that step or an earlier one is refused: no replay); its backup codes
 * (only a keyed hash kept, each usable once); the short-lived tickets a right password earns
 * for the login's second step (only their SHA-256 kept). A login records when it last proved
 * a second factor and when it was last re-confirmed (password or code) for sensitive actions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE two_factor (
    user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret_sealed text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    -- NULL: set up but not confirmed yet (not in force).
    enabled_at timestamptz,
    -- RFC 6238's T of the last code accepted.
    last_time_step bigint NOT NULL DEFAULT 0)`.execute(db);
  await sql`CREATE TABLE two_factor_backup_codes (
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    used_at timestamptz,
    PRIMARY KEY (user_id, code_hash))`.execute(db);
  await sql`CREATE TABLE two_factor_tickets (
    ticket_hash text PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at timestamptz)`.execute(db);
  await sql`CREATE INDEX two_factor_tickets_expiry ON two_factor_tickets (expires_at)`.execute(db);
  await sql`CREATE INDEX two_factor_tickets_user ON two_factor_tickets (user_id)`.execute(db);
  await sql`ALTER TABLE login_sessions ADD COLUMN second_factor_at timestamptz`.execute(db);
  await sql`ALTER TABLE login_sessions ADD COLUMN reauth_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE login_sessions DROP COLUMN reauth_at`.execute(db);
  await sql`ALTER TABLE login_sessions DROP COLUMN second_factor_at`.execute(db);
  await sql`DROP TABLE two_factor_tickets`.execute(db);
  await sql`DROP TABLE two_factor_backup_codes`.execute(db);
  await sql`DROP TABLE two_factor`.execute(db);
}
