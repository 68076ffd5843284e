import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AuditQuery,
  AuditRow,
  ImportJob,
  StaffCodesQuery,
  StaffDownloadsQuery,
  StaffInboxQuery,
  StaffMediaQuery,
  StaffOrdersQuery,
  StaffReviewsQuery,
  StaffUsersQuery,
  StaffWorksQuery,
} from '@yingku/contract';
import { adminApi, type ListQuery as Query } from '../../api/admin';
import { auditApi } from './audit/audit-api';
import { IMPORT_POLL_MS, importFinished } from './catalogue/catalogue-model';
import { mediaApi } from './catalogue/media-api';
import { mediaPollInterval } from './catalogue/video-model';
import { adminKeys } from './admin-keys';

/** Lists are always asked again when opened (other staff work on them too); the old page stays until then. */
const listOptions = { staleTime: 0, placeholderData: keepPreviousData } as const;

export const useInbox = (query: Query<StaffInboxQuery>) =>
  useQuery({
    queryKey: adminKeys.inboxPage(query),
    queryFn: ({ signal }) => adminApi.inbox(query, signal),
    ...listOptions,
  });

export const useStaffThread = (id: string | undefined) =>
  useQuery({
    queryKey: adminKeys.thread(id ?? ''),
    queryFn: ({ signal }) => adminApi.thread(id!, signal),
    enabled: id !== undefined,
    staleTime: 0,
  });

export const useStaffOrders = (query: Query<StaffOrdersQuery>) =>
  useQuery({
    queryKey: adminKeys.ordersPage(query),
    queryFn: ({ signal }) => adminApi.orders(query, signal),
    ...listOptions,
  });

export const useStaffUsers = (query: Query<StaffUsersQuery>) =>
  useQuery({
    queryKey: adminKeys.usersPage(query),
    queryFn: ({ signal }) => adminApi.users(query, signal),
    ...listOptions,
  });

export const useStaffPackages = () =>
  useQuery({
    queryKey: adminKeys.packages,
    queryFn: ({ signal }) => adminApi.packages(signal),
    staleTime: 0,
  });

export const useCodeBatches = (pageNum: number) =>
  useQuery({
    queryKey: adminKeys.batchesPage(pageNum),
    queryFn: ({ signal }) => adminApi.batches({ pageNum }, signal),
    ...listOptions,
  });

export const useStaffCodes = (query: Query<StaffCodesQuery>) =>
  useQuery({
    queryKey: adminKeys.codesPage(query),
    queryFn: ({ signal }) => adminApi.codes(query, signal),
    ...listOptions,
  });

export const useStaffWorks = (query: Query<StaffWorksQuery>) =>
  useQuery({
    queryKey: adminKeys.worksPage(query),
    queryFn: ({ signal }) => adminApi.works(query, signal),
    ...listOptions,
  });

export const useImportJobs = (pageNum: number) =>
  useQuery({
    queryKey: adminKeys.importsPage(pageNum),
    queryFn: ({ signal }) => adminApi.imports({ pageNum }, signal),
    ...listOptions,
  });

/** One import, asked again every {@link IMPORT_POLL_MS} while it runs; `initial` is the start's answer. */
export const useImportJob = (id: string, initial?: ImportJob) =>
  useQuery({
    queryKey: adminKeys.importJob(id),
    queryFn: async ({ signal }) => (await adminApi.importJob(id, signal)).data,
    initialData: initial,
    // The start's answer is a moment old: ask at once, then poll until the job has finished.
    initialDataUpdatedAt: 0,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data && importFinished(query.state.data) ? false : IMPORT_POLL_MS,
  });

export const useStaffDownloads = (query: Query<StaffDownloadsQuery>) =>
  useQuery({
    queryKey: adminKeys.downloadsPage(query),
    queryFn: ({ signal }) => adminApi.downloads(query, signal),
    ...listOptions,
  });

/** Whether videos can be made here (ffmpeg), and the largest file an upload may be. */
export const useMediaStatus = () =>
  useQuery({
    queryKey: adminKeys.mediaStatus,
    queryFn: async ({ signal }) => (await mediaApi.status(signal)).data,
    staleTime: 0,
  });

/** A work's videos, newest first; asked again every 2 s while one is queued or being made. */
export const useWorkMedia = (workId: string) =>
  useQuery({
    queryKey: adminKeys.workMedia(workId),
    queryFn: ({ signal }) => mediaApi.ofWork(workId, signal),
    staleTime: 0,
    refetchInterval: (query) => mediaPollInterval(query.state.data?.rows),
  });

/** 视频任务: videos across the catalogue, polled like a work's while any on the page is on its way. */
export const useMediaJobs = (query: Query<StaffMediaQuery>) =>
  useQuery({
    queryKey: adminKeys.mediaJobsPage(query),
    queryFn: ({ signal }) => mediaApi.list(query, signal),
    ...listOptions,
    refetchInterval: (result) => mediaPollInterval(result.state.data?.rows),
  });

export const useStaffReviews = (query: Query<StaffReviewsQuery>) =>
  useQuery({
    queryKey: adminKeys.reviewsPage(query),
    queryFn: ({ signal }) => adminApi.reviews(query, signal),
    ...listOptions,
  });

/** 操作日志: entries newest first; asked again when opened (the log only grows). */
export const useAuditLog = (query: Query<AuditQuery>) =>
  useQuery({
    queryKey: adminKeys.auditPage(query),
    queryFn: ({ signal }) => auditApi.list(query, signal),
    ...listOptions,
  });

/**
 * One entry, `initial` its row from the list when it was opened from there: an entry never
 * changes, so that row is the answer and nothing is asked (only a link opened afresh asks).
 */
export const useAuditEntry = (id: string, initial?: AuditRow) =>
  useQuery({
    queryKey: adminKeys.auditEntry(id),
    queryFn: async ({ signal }) => (await auditApi.entry(id, signal)).data,
    initialData: initial,
    staleTime: Infinity,
  });
