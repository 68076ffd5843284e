import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { LIST_COLUMN_NAMES } from '../../db/work-list-row';
import type { Executor } from '../../db/executor';
import { shanghaiTime } from '../../db/site-time-sql';

/** Collect entries: which of a user's folders hold which works. */
export function createCollectRepo(db: Kysely<DB>) {
  return {
    /** The user's folders holding the work: the default one first, then by folder id. */
    async workFolderIds(userId: string, workId: string, trx: Executor = db): Promise<string[]> {
      const rows = await trx
        .selectFrom('collect_entries as e')
        .innerJoin('collect_folders as f', 'f.id', 'e.folder_id')
        .select('e.folder_id')
        .where('e.user_id', '=', userId)
        .where('e.work_id', '=', workId)
        .orderBy('f.is_default', 'desc')
        .orderBy('e.folder_id')
        .execute();
      return rows.map((r) => r.folder_id);
    },

    /** Puts the work into the folders; answers the folders it was not in before. */
    async insertEntries(userId: string, workId: string, folderIds: readonly string[], trx: Executor = db) {
      if (folderIds.length === 0) return [];
      const rows = await trx
        .insertInto('collect_entries')
        .values(folderIds.map((folderId) => ({ folder_id: folderId, work_id: workId, user_id: userId })))
        .onConflict((oc) => oc.columns(['folder_id', 'work_id']).doNothing())
        .returning('folder_id')
        .execute();
      return rows.map((r) => r.folder_id);
    },

    /** Takes the work out of the folders; answers the folders it was in. */
    async deleteEntries(userId: string, workId: string, folderIds: readonly string[], trx: Executor = db) {
      if (folderIds.length === 0) return [];
      const rows = await trx
        .deleteFrom('collect_entries')
        .where('user_id', '=', userId)
        .where('work_id', '=', workId)
        .where('folder_id', 'in', folderIds)
        .returning('folder_id')
        .execute();
      return rows.map((r) => r.folder_id);
    },

    /**
     * The user's collected works, newest first: those in one folder, or in any of the user's
     * folders (each work once, at its latest add). Hidden works are left out (the entries stay).
     */
    async collectedWorks(userId: string, folderId: string | undefined, limit: number, offset: number) {
      const entries = db
        .selectFrom('collect_entries')
        .where('user_id', '=', userId)
        .where(({ exists, not, selectFrom }) =>
          not(
            exists(
              selectFrom('works as w')
                .select('w.id')
                .whereRef('w.id', '=', 'collect_entries.work_id')
                .where('w.hidden', '=', true),
            ),
          ),
        );
      const scoped = folderId ? entries.where('folder_id', '=', folderId) : entries;
      const page = scoped
        .select((eb) => ['work_id', eb.fn.max('created_at').as('added')])
        .groupBy('work_id')
        .orderBy('added', 'desc')
        .orderBy('work_id', 'desc')
        .limit(limit)
        .offset(offset)
        .as('e');
      const [rows, count] = await Promise.all([
        db
          .selectFrom(page)
          .innerJoin('works as w', 'w.id', 'e.work_id')
          .select([...LIST_COLUMN_NAMES, shanghaiTime('e.added').as('add_time')])
          .orderBy('e.added', 'desc')
          .orderBy('e.work_id', 'desc')
          .execute(),
        scoped
          .select((eb) => eb.fn.count<string>('work_id').distinct().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },
  };
}

export type CollectRepo = ReturnType<typeof createCollectRepo>;
