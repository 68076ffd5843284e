import { type Kysely, sql } from 'kysely';

/**
 * What the media sweep needs (features/video/media-sweep.ts): when a video's source was removed
 * from storage (a failed video kept a week, a replaced one), so it is not removed twice and a
 * retry can say why it cannot; and the uploads staff started, so a finished upload never
 * attached to a work is found and removed (tus itself only expires unfinished ones).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE work_media ADD COLUMN source_removed_at timestamptz`.execute(db);
  await sql`CREATE TABLE media_uploads (
    id text PRIMARY KEY,
    uploader bigint NOT NULL,
    work_id bigint NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    attached_at timestamptz)`.execute(db);
  await sql`CREATE INDEX media_uploads_open ON media_uploads (created_at) WHERE attached_at IS NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE media_uploads`.execute(db);
  await sql`ALTER TABLE work_media DROP COLUMN source_removed_at`.execute(db);
}
