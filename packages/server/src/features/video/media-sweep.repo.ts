import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

/** A video whose files the sweep removes: its made files' folder (when any) and its source. */
export interface SweptVideo {
  id: string;
  workId: string;
  sourceKey: string;
  /** Replaced: its made files go too; failed or cancelled: it has none left. */
  replaced: boolean;
}

/** The SQL of the media sweep: what storage holds that nothing plays or will play. */
export function createMediaSweepRepo(db: Kysely<DB>) {
  return {
    /**
     * Videos whose source can go: failed or cancelled ones ended more than `keepFailedSeconds`
     * ago (staff may retry until then), and ready ones their work no longer plays, replaced by a
     * video made more than `keepReplacedSeconds` ago (players may still hold its addresses until
     * then). A source already removed, or the source of the video a work plays, never is.
     */
    async sourcesToRemove(
      keepFailedSeconds: number,
      keepReplacedSeconds: number,
      limit = 200,
    ): Promise<SweptVideo[]> {
      const rows = await db
        .selectFrom('work_media as m')
        .innerJoin('works as w', 'w.id', 'm.work_id')
        .leftJoin('work_media as playing', 'playing.id', 'w.media_id')
        .select(['m.id', 'm.work_id as workId', 'm.source_key as sourceKey', 'm.status'])
        .where('m.source_removed_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb.and([
              eb('m.status', 'in', ['failed', 'cancelled']),
              eb('m.finished_at', '<', sql<Date>`now() - make_interval(secs => ${keepFailedSeconds})`),
            ]),
            eb.and([
              eb('m.status', '=', 'ready'),
              eb('m.id', '!=', eb.ref('w.media_id')),
              eb(
                'playing.finished_at',
                '<',
                sql<Date>`now() - make_interval(secs => ${keepReplacedSeconds})`,
              ),
            ]),
          ]),
        )
        .orderBy('m.id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        workId: row.workId,
        sourceKey: row.sourceKey,
        replaced: row.status === 'ready',
      }));
    },

    async markSourceRemoved(id: string): Promise<void> {
      await db
        .updateTable('work_media')
        .set({ source_removed_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** A staff member started an upload (tus): kept so a finished one never attached is found. */
    async recordUpload(upload: { id: string; uploader: string; workId: string }): Promise<void> {
      await db
        .insertInto('media_uploads')
        .values({ id: upload.id, uploader: upload.uploader, work_id: upload.workId })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },

    async markUploadAttached(id: string): Promise<void> {
      await db
        .updateTable('media_uploads')
        .set({ attached_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** Uploads started more than `olderThanSeconds` ago and never attached to a work. */
    async abandonedUploads(olderThanSeconds: number, limit = 200): Promise<string[]> {
      const rows = await db
        .selectFrom('media_uploads')
        .select('id')
        .where('attached_at', 'is', null)
        .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    async forgetUpload(id: string): Promise<void> {
      await db.deleteFrom('media_uploads').where('id', '=', id).execute();
    },
  };
}

export type MediaSweepRepo = ReturnType<typeof createMediaSweepRepo>;
