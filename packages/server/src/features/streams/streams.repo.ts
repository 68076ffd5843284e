import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** What stream gating reads of a work. */
export function createStreamsRepo(db: Kysely<DB>) {
  return {
    /**
     * The work's online state (0 none, 1 online, 2 transcoding); undefined for no such work or a
     * hidden one (hidden works are not found anywhere).
     */
    async onlineState(workId: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('works')
        .select('is_online')
        .where('id', '=', workId)
        .where('hidden', '=', false)
        .executeTakeFirst();
      return row?.is_online;
    },
  };
}
