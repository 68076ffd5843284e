import { csvTable, EXPORT_MSG } from '@yingku/contract';
import { strToU8, zipSync } from 'fflate';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller } from '../../http/auth';
import { tooManyRequests } from '../../http/errors';
import type { Logger } from '../../lib/logger';
import { createExportRepo } from './export.repo';

export interface AccountExport {
  fileName: string;
  zip: Uint8Array;
}

/**
 * 导出我的数据 (decision 068): one zip of everything the site holds about the member — account.json
 * with all of it, and a CSV per list for a spreadsheet. One a day.
 */
export function createExportService({ db, log }: { db: Kysely<DB>; log: Logger }) {
  const repo = createExportRepo(db);

  return {
    async exportAccount(caller: Caller): Promise<AccountExport> {
      if (!(await repo.claimExport(caller.userId))) throw tooManyRequests(EXPORT_MSG.oncePerDay);
      const id = caller.userId;
      const [
        account,
        orders,
        likes,
        folders,
        folderWorks,
        ratings,
        follows,
        marks,
        playPositions,
        threads,
        entries,
        cloudRequests,
        logins,
      ] = await Promise.all([
        repo.account(id),
        repo.orders(id),
        repo.likes(id),
        repo.folders(id),
        repo.folderWorks(id),
        repo.ratings(id),
        repo.follows(id),
        repo.marks(id),
        repo.playPositions(id),
        repo.threads(id),
        repo.threadEntries(id),
        repo.cloudRequests(id),
        repo.logins(id),
      ]);
      const exportedAt = new Date().toISOString();
      const everything = {
        exportedAt,
        account,
        orders,
        likes,
        folders: folders.map((folder) => ({
          ...folder,
          works: folderWorks
            .filter((work) => work.folderId === folder.folderId)
            .map(({ folderId: _, ...work }) => work),
        })),
        ratings,
        follows,
        marks,
        playPositions,
        messages: threads.map((thread) => ({
          ...thread,
          entries: entries
            .filter((entry) => entry.threadId === thread.threadId)
            .map(({ threadId: _, ...entry }) => entry),
        })),
        cloudRequests,
        logins,
      };
      const dir = `yingku-${account.userName}`;
      const files: Record<string, Uint8Array> = {
        [`${dir}/account.json`]: strToU8(JSON.stringify(everything, null, 2) + '\n'),
        [`${dir}/orders.csv`]: csv(
          ['orderId', 'packageName', 'days', 'amountCents', 'payChannel', 'status', 'createdAt', 'paidAt'],
          orders,
        ),
        [`${dir}/likes.csv`]: csv(['workId', 'number', 'title', 'likedAt'], likes),
        [`${dir}/folders.csv`]: csv(
          ['folderId', 'folderName', 'workId', 'number', 'title', 'addedAt'],
          folderWorks.map((work) => ({
            ...work,
            folderName: folders.find((f) => f.folderId === work.folderId)?.name ?? '',
          })),
        ),
        [`${dir}/ratings.csv`]: csv(
          ['workId', 'number', 'stars', 'review', 'hidden', 'createdAt', 'updatedAt'],
          ratings,
        ),
        [`${dir}/follows.csv`]: csv(['kind', 'entityId', 'followedAt'], follows),
        [`${dir}/marks.csv`]: csv(['workId', 'number', 'mark', 'markedAt'], marks),
        [`${dir}/play-positions.csv`]: csv(
          ['workId', 'number', 'positionSeconds', 'updatedAt'],
          playPositions,
        ),
        [`${dir}/messages.csv`]: csv(['threadId', 'type', 'message', 'createdAt'], entries),
        [`${dir}/cloud-requests.csv`]: csv(
          ['workId', 'number', 'status', 'createdAt', 'doneAt'],
          cloudRequests,
        ),
      };
      log.info({ event: 'account.exported', userId: id }, 'security event');
      return { fileName: `${dir}-${exportedAt.slice(0, 10)}.zip`, zip: zipSync(files, { level: 6 }) };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;

/** A list as CSV, its columns in `header`'s order (booleans as 0/1). */
function csv(header: readonly string[], rows: readonly object[]): Uint8Array {
  const cells = rows.map((row) =>
    header.map((key) => {
      const value = (row as Record<string, unknown>)[key];
      if (value === null || value === undefined) return null;
      if (typeof value === 'boolean') return value ? 1 : 0;
      return typeof value === 'number' ? value : String(value);
    }),
  );
  return strToU8(csvTable(header, cells));
}
