import { SERVER_MSG } from '@yingku/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/executor';

const FOLDER_COLUMNS = [
  'id',
  'name',
  'description',
  'is_private',
  'is_default',
  'work_count',
  'data_id',
] as const;

export interface NewFolder {
  userId: string;
  name: string;
  description: string;
  isPrivate: boolean;
  dataId: string | null;
}

/** Collect folders: one user's own, never another's (every query names the user). */
export function createFoldersRepo(db: Kysely<DB>) {
  async function countFolders(userId: string, trx: Executor = db): Promise<number> {
    const row = await trx
      .selectFrom('collect_folders')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  return {
    /**
     * Locks the user's row until the transaction ends, so one user's folder and collect writes
     * run one after another (NO KEY UPDATE: likes and other rows referencing the user are not
     * blocked). False when the user is gone.
     */
    async lockUser(userId: string, trx: Executor): Promise<boolean> {
      const row = await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .forNoKeyUpdate()
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Creates the user's default folder unless it exists (users from before folders had none). */
    async ensureDefaultFolder(userId: string, trx: Executor = db): Promise<void> {
      await trx
        .insertInto('collect_folders')
        .values({ user_id: userId, name: SERVER_MSG.defaultFolderName, is_default: true })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .where(sql<boolean>`is_default`)
            .doNothing(),
        )
        .execute();
    },

    async defaultFolderId(userId: string, trx: Executor = db): Promise<string | undefined> {
      const row = await trx
        .selectFrom('collect_folders')
        .select('id')
        .where('user_id', '=', userId)
        .where('is_default', '=', true)
        .executeTakeFirst();
      return row?.id;
    },

    countFolders,

    async insertFolder(folder: NewFolder, trx: Executor = db) {
      return trx
        .insertInto('collect_folders')
        .values({
          user_id: folder.userId,
          name: folder.name,
          description: folder.description,
          is_private: folder.isPrivate,
          data_id: folder.dataId,
        })
        .returning(FOLDER_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    /**
     * A public folder by id, whoever's it is: the one read not scoped to a user, for the folder's
     * shared page (docs/product.md §2; the caller checks the link's key). Private folders are not found.
     */
    async publicFolder(folderId: string) {
      return db
        .selectFrom('collect_folders')
        .select([...FOLDER_COLUMNS, 'user_id'])
        .where('id', '=', folderId)
        .where('is_private', '=', false)
        .executeTakeFirst();
    },

    /** The user's folders: the default one first, then by creation. */
    async listFolders(userId: string, limit: number, offset: number) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('collect_folders')
          .select(FOLDER_COLUMNS)
          .where('user_id', '=', userId)
          .orderBy('is_default', 'desc')
          .orderBy('created_at')
          .orderBy('id')
          .limit(limit)
          .offset(offset)
          .execute(),
        countFolders(userId),
      ]);
      return { rows, total };
    },

    /** Those of `folderIds` that belong to the user. */
    async ownFolderIds(userId: string, folderIds: readonly string[], trx: Executor = db) {
      if (folderIds.length === 0) return [];
      const rows = await trx
        .selectFrom('collect_folders')
        .select('id')
        .where('user_id', '=', userId)
        .where('id', 'in', folderIds)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Moves the work counts of folders after entries were added (+1) or removed (−1). */
    async addToWorkCounts(folderIds: readonly string[], delta: 1 | -1, trx: Executor = db) {
      if (folderIds.length === 0) return;
      await trx
        .updateTable('collect_folders')
        .set({ work_count: sql`GREATEST(work_count + ${delta}, 0)` })
        .where('id', 'in', folderIds)
        .execute();
    },
  };
}

export type FoldersRepo = ReturnType<typeof createFoldersRepo>;
export type FolderRow = Awaited<ReturnType<FoldersRepo['insertFolder']>>;
