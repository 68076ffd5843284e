import {
  COLLECT_STATUS,
  type CollectFolder,
  type createFolderBody,
  LIMITS,
  type LibraryWork,
  SERVER_MSG,
} from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema';
import { badRequest, notFound, unauthorized } from '../../http/errors';
import { toListItem } from '../../db/work-list-row';
import { createCollectRepo } from './collect.repo';
import { isFolderShareKey, folderShareKey } from './folder-share';
import { createFoldersRepo, type FolderRow } from './folders.repo';
import { createLibraryRepo } from './library.repo';
import type { Executor } from '../../db/executor';
import { pageOffset } from '../../http/paging';

/** What a collect write does with the folders it names. */
interface CollectChange {
  /** add: into these too; remove: out of these; exact: these and no others. */
  kind: 'add' | 'remove' | 'exact';
  folderIds: string[];
}

export type NewFolderInput = Pick<
  z.output<typeof createFolderBody>,
  'cateName' | 'description' | 'isPrivate' | 'dataId'
>;

/** A collect folder as the API shows its owner: a public one with the key of its shared page. */
export function toFolder(row: FolderRow, shareSecret: string): CollectFolder {
  return {
    cateId: row.id,
    cateName: row.name,
    description: row.description,
    isPrivate: row.is_private ? 1 : 0,
    isDefault: row.is_default ? 1 : 0,
    count: row.work_count,
    dataId: row.data_id,
    ...(!row.is_private && { shareKey: folderShareKey(shareSecret, row.id) }),
  };
}

/** A row of the caller's liked or collected works: the catalogue's list item plus addTime. */
export function toLibraryWork(row: Parameters<typeof toListItem>[0] & { add_time: string }): LibraryWork {
  return { ...toListItem(row), addTime: row.add_time };
}

const unique = (ids: readonly string[]) => [...new Set(ids)];

/**
 * Collect folders and entries (docs/product.md §4, §9): every user has a default folder; a work sits in at
 * most 5 of the user's folders; works.collect_count counts users holding the work in any folder
 * and collect_folders.work_count the entries of each folder. Writes of one user run one after
 * another (the user's row is locked), so parallel collects cannot double rows or counts.
 */
/** `shareSecret` signs public folders' links (folder-share.ts): the server's own, never the client's. */
export function createCollectService(db: Kysely<DB>, shareSecret: string) {
  const library = createLibraryRepo(db);
  const folders = createFoldersRepo(db);
  const collect = createCollectRepo(db);

  async function requireWork(workId: string) {
    if (!(await library.workExists(workId))) throw notFound(SERVER_MSG.workNotFound);
  }

  /** Locks the user's writes and makes sure the default folder exists (older users lack it). */
  async function beginUserWrite(userId: string, trx: Executor) {
    if (!(await folders.lockUser(userId, trx))) throw unauthorized();
    await folders.ensureDefaultFolder(userId, trx);
  }

  async function requireOwnFolders(userId: string, folderIds: string[], trx?: Executor) {
    const own = await folders.ownFolderIds(userId, folderIds, trx);
    if (own.length !== folderIds.length) throw notFound(SERVER_MSG.folderNotFound);
  }

  function targetFolders(before: string[], change: CollectChange): string[] {
    if (change.kind === 'exact') return change.folderIds;
    if (change.kind === 'add') return unique([...before, ...change.folderIds]);
    return before.filter((id) => !change.folderIds.includes(id));
  }

  /** The folders a change names; a plain add with none names the default folder. */
  async function namedFolders(userId: string, change: CollectChange, trx: Executor) {
    const folderIds = unique(change.folderIds);
    if (change.kind !== 'add' || folderIds.length > 0) return folderIds;
    const defaultId = await folders.defaultFolderId(userId, trx);
    return defaultId ? [defaultId] : [];
  }

  /** Writes the difference between the work's folders before and after, with every count. */
  async function moveEntries(
    userId: string,
    workId: string,
    before: string[],
    after: string[],
    trx: Executor,
  ) {
    const toAdd = after.filter((id) => !before.includes(id));
    const toRemove = before.filter((id) => !after.includes(id));
    await folders.addToWorkCounts(await collect.insertEntries(userId, workId, toAdd, trx), 1, trx);
    await folders.addToWorkCounts(await collect.deleteEntries(userId, workId, toRemove, trx), -1, trx);
    // collect_count counts users holding the work at all: it moves only between 0 and ≥ 1 folders.
    if (before.length === 0 && after.length > 0) await library.addToCollectCount(workId, 1, trx);
    if (before.length > 0 && after.length === 0) await library.addToCollectCount(workId, -1, trx);
  }

  /**
   * Applies a change in one transaction and answers the folders holding the work after it. A
   * refused change (another user's folder, more than 5 folders) throws before any write.
   */
  async function writeCollect(userId: string, workId: string, change: CollectChange) {
    await requireWork(workId);
    return library.inTransaction(async (trx) => {
      await beginUserWrite(userId, trx);
      const folderIds = await namedFolders(userId, change, trx);
      await requireOwnFolders(userId, folderIds, trx);
      const before = await collect.workFolderIds(userId, workId, trx);
      const after = targetFolders(before, { ...change, folderIds });
      if (after.length > LIMITS.foldersPerWork) throw badRequest(SERVER_MSG.tooManyFolders);
      await moveEntries(userId, workId, before, after, trx);
      return collect.workFolderIds(userId, workId, trx);
    });
  }

  const selection = (cateId: string | undefined, cateIds: string[] | undefined) =>
    unique([...(cateIds ?? []), ...(cateId ? [cateId] : [])]);

  return {
    /** The user's folders, the default one first (created here for users who lack it). */
    async listFolders(userId: string, pageNum: number, pageSize: number) {
      await folders.ensureDefaultFolder(userId);
      const { rows, total } = await folders.listFolders(userId, pageSize, pageOffset(pageNum, pageSize));
      return { rows: rows.map((row) => toFolder(row, shareSecret)), total };
    },

    /** A new folder (not holding the work it was made for: the client collects separately). */
    async createFolder(userId: string, input: NewFolderInput): Promise<CollectFolder> {
      if (input.dataId) await requireWork(input.dataId);
      return library.inTransaction(async (trx) => {
        await beginUserWrite(userId, trx);
        if ((await folders.countFolders(userId, trx)) >= LIMITS.foldersPerUser) {
          throw badRequest(SERVER_MSG.tooManyUserFolders);
        }
        const row = await folders.insertFolder(
          {
            userId,
            name: input.cateName,
            description: input.description,
            isPrivate: input.isPrivate === 1,
            dataId: input.dataId ?? null,
          },
          trx,
        );
        return toFolder(row, shareSecret);
      });
    },

    /** Ids of the user's folders holding the work (none for an unknown work). */
    workFolders: (userId: string, workId: string) => collect.workFolderIds(userId, workId),

    /**
     * `adds`: status 0 puts the work into the named folders (the default one when none is
     * named); status 9 takes it out of the named folders, or out of every folder when none is.
     */
    adds(userId: string, workId: string, status: number, cateId?: string, cateIds?: string[]) {
      const folderIds = selection(cateId, cateIds);
      if (status !== COLLECT_STATUS.uncollect)
        return writeCollect(userId, workId, { kind: 'add', folderIds });
      const kind = folderIds.length === 0 ? 'exact' : 'remove';
      return writeCollect(userId, workId, { kind, folderIds });
    },

    /** `edit`: the named folders become exactly the work's; none, or status 9, uncollects it. */
    edit(userId: string, workId: string, status: number, cateId?: string, cateIds?: string[]) {
      const folderIds = status === COLLECT_STATUS.uncollect ? [] : selection(cateId, cateIds);
      return writeCollect(userId, workId, { kind: 'exact', folderIds });
    },

    /** Works in one of the user's folders, or in any of them; newest add first. */
    async collectedWorks(userId: string, cateId: string | undefined, pageNum: number, pageSize: number) {
      if (cateId) await requireOwnFolders(userId, [cateId]);
      const { rows, total } = await collect.collectedWorks(
        userId,
        cateId,
        pageSize,
        pageOffset(pageNum, pageSize),
      );
      return { rows: rows.map(toLibraryWork), total };
    },

    /**
     * A public folder's shared page (docs/product.md §2), for anyone holding its link: the folder and a page
     * of its works, newest add first. A private or unknown folder and a wrong key are one 404.
     */
    async sharedFolder(folderId: string, key: string, pageNum: number, pageSize: number) {
      const folder = await folders.publicFolder(folderId);
      if (!folder || !isFolderShareKey(shareSecret, folderId, key)) throw notFound(SERVER_MSG.folderNotFound);
      const { rows, total } = await collect.collectedWorks(
        folder.user_id,
        folder.id,
        pageSize,
        pageOffset(pageNum, pageSize),
      );
      return {
        folder: {
          cateId: folder.id,
          cateName: folder.name,
          description: folder.description,
          // What the page shows: without the works staff hid, which the owner's count keeps.
          count: total,
        },
        rows: rows.map(toLibraryWork),
        total,
      };
    },

    /** Creates the default folder of a user (register calls it in its own transaction). */
    ensureDefaultFolder: (userId: string, trx?: Executor) => folders.ensureDefaultFolder(userId, trx),
  };
}

export type CollectService = ReturnType<typeof createCollectService>;
