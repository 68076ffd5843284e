import { type Kysely, sql } from 'kysely';

/**
 * Staff the site can trust (decision 071):
 *
 * - Roles by job: the one `staff` role becomes 客服 `support`, 内容 `content` and 财务 `finance`,
 *   and its holders get all three, so each keeps what it could do (canonical order kept).
 * - The audit log, `staff_actions`: one row per console change, written in the change's own
 *   transaction. Append-only: a trigger refuses every UPDATE, DELETE and TRUNCATE, so neither
 *   the console nor a bug can edit the record (an operator with the database owner's rights
 *   could drop the trigger; the log is for the console, not against the DBA).
 * - Who minted each activation code (`created_by`; codes from before, or from the CLI, have none),
 *   and the index the daily minting cap counts with.
 * - When a login last used the console (`console_seen_at`), for CONSOLE_IDLE_MINUTES.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE users SET roles = ARRAY(
      SELECT role FROM unnest(ARRAY['member', 'support', 'content', 'finance', 'admin']::text[])
        WITH ORDINALITY AS canonical (role, place)
      WHERE role = ANY (users.roles || ARRAY['support', 'content', 'finance']::text[])
      ORDER BY place)
    WHERE 'staff' = ANY (roles)`.execute(db);

  await sql`
    CREATE TABLE staff_actions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now(),
      actor_id bigint NOT NULL REFERENCES users (id),
      action text NOT NULL,
      object_type text NOT NULL,
      object_id text NOT NULL,
      before jsonb,
      after jsonb,
      reason text,
      ip text NOT NULL,
      request_id text NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX staff_actions_actor ON staff_actions (actor_id, id)`.execute(db);
  await sql`CREATE INDEX staff_actions_action ON staff_actions (action, id)`.execute(db);
  await sql`CREATE INDEX staff_actions_object ON staff_actions (object_type, object_id, id)`.execute(db);
  await sql`CREATE INDEX staff_actions_time ON staff_actions (created_at)`.execute(db);
  await sql`
    CREATE FUNCTION staff_actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'staff_actions is append-only' USING ERRCODE = 'insufficient_privilege';
    END
    $$`.execute(db);
  await sql`CREATE TRIGGER staff_actions_no_change BEFORE UPDATE OR DELETE ON staff_actions
    FOR EACH ROW EXECUTE FUNCTION staff_actions_append_only()`.execute(db);
  await sql`CREATE TRIGGER staff_actions_no_truncate BEFORE TRUNCATE ON staff_actions
    FOR EACH STATEMENT EXECUTE FUNCTION staff_actions_append_only()`.execute(db);

  await sql`ALTER TABLE activation_codes ADD COLUMN created_by bigint REFERENCES users (id)`.execute(db);
  await sql`CREATE INDEX activation_codes_minted ON activation_codes (created_by, created_at)
    WHERE created_by IS NOT NULL`.execute(db);

  await sql`ALTER TABLE login_sessions ADD COLUMN console_seen_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE login_sessions DROP COLUMN console_seen_at`.execute(db);
  await sql`DROP INDEX activation_codes_minted`.execute(db);
  await sql`ALTER TABLE activation_codes DROP COLUMN created_by`.execute(db);
  await sql`DROP TABLE staff_actions`.execute(db);
  await sql`DROP FUNCTION staff_actions_append_only()`.execute(db);
  await sql`UPDATE users SET roles = ARRAY(
      SELECT role FROM unnest(ARRAY['member', 'staff', 'admin']::text[])
        WITH ORDINALITY AS canonical (role, place)
      WHERE role = ANY (users.roles || ARRAY['staff']::text[])
      ORDER BY place)
    WHERE roles && ARRAY['support', 'content', 'finance']::text[]`.execute(db);
}
