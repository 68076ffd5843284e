import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  ImportJob,
  StaffCodesQuery,
  StaffDownloadsQuery,
  StaffInboxQuery,
  StaffMediaQuery,
  StaffOrdersQuery,
  StaffUsersQuery,
  StaffWorksQuery,
} from '@yingku/contract';
import { adminApi, type ListQuery as Query } from '../../api/admin';
import { IMPORT_POLL_MS, importFinished } from './catalogue/catalogue-model';
import { mediaApi } from './catalogue/media-api';
import { mediaPollInterval } from './catalogue/video-model';

/** Prefix of every console query: dropped on 退出登录, so no later login sees them. */
export const ADMIN_KEY = ['admin'] as const;

/** Keys of the console's lists, each under {@link ADMIN_KEY}; a write marks its prefix stale. */
export const ADMIN_KEYS = {
  inbox: [...ADMIN_KEY, 'inbox'] as const,
  thread: (id: string) => [...ADMIN_KEY, 'thread', id] as const,
  orders: [...ADMIN_KEY, 'orders'] as const,
  users: [...ADMIN_KEY, 'users'] as const,
  packages: [...ADMIN_KEY, 'packages'] as const,
  batches: [...ADMIN_KEY, 'batches'] as const,
  codes: [...ADMIN_KEY, 'codes'] as const,
  works: [...ADMIN_KEY, 'works'] as const,
  imports: [...ADMIN_KEY, 'imports'] as const,
  importJob: (id: string) => [...ADMIN_KEY, 'import', id] as const,
  downloads: [...ADMIN_KEY, 'downloads'] as const,
  /** Every list of videos (a work's, 视频任务): a change to one video marks them all stale. */
  media: [...ADMIN_KEY, 'media'] as const,
  workMedia: (workId: string) => [...ADMIN_KEY, 'media', 'work', workId] as const,
  mediaJobs: [...ADMIN_KEY, 'media', 'jobs'] as const,
  mediaStatus: [...ADMIN_KEY, 'media-status'] as const,
};

/** Lists are always asked again when opened (other staff work on them too); the old page stays until then. */
const listOptions = { staleTime: 0, placeholderData: keepPreviousData } as const;

export const useInbox = (query: Query<StaffInboxQuery>) =>
  useQuery({
    queryKey: [...ADMIN_KEYS.inbox, query],
    queryFn: ({ signal }) => adminApi.inbox(query, signal),
    ...listOptions,
  });

export const useStaffThread = (id: string | undefined) =>
  useQuery({
    queryKey: ADMIN_KEYS.thread(id ?? ''),
    queryFn: ({ signal }) => adminApi.thread(id!, signal),
    enabled: id !== undefined,
    staleTime: 0,
  });

export const useStaffOrders = (query: Query<StaffOrdersQuery>) =>
  useQuery({
    queryKey: [...ADMIN_KEYS.orders, query],
    queryFn: ({ signal }) => adminApi.orders(query, signal),
    ...listOptions,
  });

export const useStaffUsers = (query: Query<StaffUsersQuery>) =>
  useQuery({
    queryKey: [...ADMIN_KEYS.users, query],
    queryFn: ({ signal }) => adminApi.users(query, signal),
    ...listOptions,
  });

export const useStaffPackages = () =>
  useQuery({
    queryKey: ADMIN_KEYS.packages,
    queryFn: ({ signal }) => adminApi.packages(signal),
    staleTime: 0,
  });

export const useCodeBatches = (pageNum: number) =>
  useQuery({
    queryKey: [...ADMIN_KEYS.batches, pageNum],
    queryFn: ({ signal }) => adminApi.batches({ pageNum }, signal),
    ...listOptions,
  });

export const useStaffCodes = (query: Query<StaffCodesQuery>) =>
  useQuery({
    queryKey: [...ADMIN_KEYS.codes, query],
    queryFn: ({ signal }) => adminApi.codes(query, signal),
    ...listOptions,
  });

export const useStaffWorks = (query: Query<StaffWorksQuery>) =>
  useQuery({
    queryKey: [...ADMIN_KEYS.works, query],
    queryFn: ({ signal }) => adminApi.works(query, signal),
    ...listOptions,
  });

export const useImportJobs = (pageNum: number) =>
  useQuery({
    queryKey: [...ADMIN_KEYS.imports, pageNum],
    queryFn: ({ signal }) => adminApi.imports({ pageNum }, signal),
    ...listOptions,
  });

/** One import, asked again every {@link IMPORT_POLL_MS} while it runs; `initial` is the start's answer. */
export const useImportJob = (id: string, initial?: ImportJob) =>
  useQuery({
    queryKey: ADMIN_KEYS.importJob(id),
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
    queryKey: [...ADMIN_KEYS.downloads, query],
    queryFn: ({ signal }) => adminApi.downloads(query, signal),
    ...listOptions,
  });

/** Whether videos can be made here (ffmpeg), and the largest file an upload may be. */
export const useMediaStatus = () =>
  useQuery({
    queryKey: ADMIN_KEYS.mediaStatus,
    queryFn: async ({ signal }) => (await mediaApi.status(signal)).data,
    staleTime: 0,
  });

/** A work's videos, newest first; asked again every 2 s while one is queued or being made. */
export const useWorkMedia = (workId: string) =>
  useQuery({
    queryKey: ADMIN_KEYS.workMedia(workId),
    queryFn: ({ signal }) => mediaApi.ofWork(workId, signal),
    staleTime: 0,
    refetchInterval: (query) => mediaPollInterval(query.state.data?.rows),
  });

/** 视频任务: videos across the catalogue, polled like a work's while any on the page is on its way. */
export const useMediaJobs = (query: Query<StaffMediaQuery>) =>
  useQuery({
    queryKey: [...ADMIN_KEYS.mediaJobs, query],
    queryFn: ({ signal }) => mediaApi.list(query, signal),
    ...listOptions,
    refetchInterval: (result) => mediaPollInterval(result.state.data?.rows),
  });
