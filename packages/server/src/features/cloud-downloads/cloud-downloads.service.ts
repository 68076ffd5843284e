import {
  CLOUD_DOWNLOAD_STATUS,
  type CloudDownloadRow,
  SERVER_MSG,
  type StaffDownloadRow,
} from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { StaffCaller } from '../../http/auth';
import type { AuditRecorder } from '../staff-audit/audit.service';
import type { Caller } from '../../http/auth';
import { notFound, paymentRequired } from '../../http/errors';
import { createCloudDownloadsRepo, type DownloadRecord } from './cloud-downloads.repo';
import { pageOffset } from '../../http/paging';

/** A page of a request list. */
export interface DownloadRowsPage<T> {
  rows: T[];
  total: number;
}

/** What asking came to: the request, and whether this call made it. */
export interface DownloadRequested {
  row: CloudDownloadRow;
  created: boolean;
}

/**
 * Cloud downloads (docs/product.md §7 /web/cloud/file/download): a VIP in force asks for a title to be
 * fetched to the site's storage, once per work; staff work through the queue and mark requests
 * done. A hidden work is treated as not existing; another user's requests are never shown.
 */
export interface CloudDownloadsDeps {
  db: Kysely<DB>;
  /** The audit entry of a console change (features/staff-audit). */
  audit?: AuditRecorder;
}

export function createCloudDownloadsService({ db, audit }: CloudDownloadsDeps) {
  const repo = createCloudDownloadsRepo(db);

  return {
    /**
     * Records the caller's request for a work, or answers the one they made before (unchanged,
     * whatever `url` says now). Refused with 402 unless the caller is a VIP in force (the
     * authenticator reports levelId above 1 only while vip_until lies ahead), 404 for a work
     * that does not exist or is hidden; nothing is recorded either way.
     */
    async request(caller: Caller, workId: string, url: string | undefined): Promise<DownloadRequested> {
      if (caller.levelId <= 1) throw paymentRequired(SERVER_MSG.cloudVipRequired);
      const createdId = await repo.insertOnce(caller.userId, workId, url ?? '');
      const row = await repo.findOwn(caller.userId, workId);
      if (!row) throw notFound(SERVER_MSG.workNotFound);
      return { row: toUserRow(row), created: createdId !== undefined };
    },

    /** The caller's own requests, newest first; `workId` narrows them to one work. */
    async userList(
      userId: string,
      workId: string | undefined,
      pageNum: number,
      pageSize: number,
    ): Promise<DownloadRowsPage<CloudDownloadRow>> {
      const { rows, total } = await repo.userPage({
        userId,
        workId,
        limit: pageSize,
        offset: pageOffset(pageNum, pageSize),
      });
      return { rows: rows.map(toUserRow), total };
    },

    /** Every user's requests for the console: requested first, oldest first; or one status. */
    async queue(
      status: number | undefined,
      pageNum: number,
      pageSize: number,
    ): Promise<DownloadRowsPage<StaffDownloadRow>> {
      const { rows, total } = await repo.queuePage({
        status,
        limit: pageSize,
        offset: pageOffset(pageNum, pageSize),
      });
      return { rows: rows.map(toStaffRow), total };
    },

    /**
     * Marks a request done by `staffId` now; a request already done keeps its first time and
     * marker (the call changes nothing). 404 for an unknown id.
     */
    async markDone(staff: StaffCaller, id: string): Promise<StaffDownloadRow> {
      await repo.inTransaction(async (trx) => {
        const { requested, done } = CLOUD_DOWNLOAD_STATUS;
        if (!(await repo.markDone(id, staff.userId, requested, done, trx))) return;
        const about = { objectType: 'download', objectId: id } as const;
        const change = { before: { status: requested }, after: { status: done } };
        await audit?.(staff, { action: 'download.done', ...about, ...change }, trx);
      });
      const row = await repo.find(id);
      if (!row) throw notFound(SERVER_MSG.cloudDownloadNotFound);
      return toStaffRow(row);
    },

    /**
     * A work's video went online: every open request for it is done, marked by the staff member
     * who attached the video (null for the CLI). Answers how many were open.
     */
    async fulfilWork(workId: string, staffId: string | null): Promise<number> {
      return repo.markWorkDone(workId, staffId, CLOUD_DOWNLOAD_STATUS.requested, CLOUD_DOWNLOAD_STATUS.done);
    },
  };
}

export type CloudDownloadsService = ReturnType<typeof createCloudDownloadsService>;

function toUserRow(r: DownloadRecord): CloudDownloadRow {
  return {
    id: r.id,
    workId: r.workId,
    modId: r.modId,
    number: r.number,
    title: r.title,
    status: r.status,
    createTime: r.createTime,
    doneTime: r.doneTime,
  };
}

function toStaffRow(r: DownloadRecord): StaffDownloadRow {
  return { ...toUserRow(r), userId: r.userId, userName: r.userName, url: r.url, doneBy: r.doneBy };
}
