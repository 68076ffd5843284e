import { MEDIA_STATUSES, type MediaRow, type MediaStatus, VIDEO_MSG } from '@yingku/contract';
import type { TagView } from '../admin-model';
import type { SelectOption } from '../console-parts';
import { ADMIN_TEXT } from '../texts';

/** How often a work's videos are asked again while one of them is queued or being made. */
export const MEDIA_POLL_MS = 2000;

/** Whether a video is still on its way (queued or transcoding): its row changes by itself. */
export const mediaInMaking = (row: Pick<MediaRow, 'status'>) =>
  row.status === 'queued' || row.status === 'running';

/** The poll interval of a list of videos: every {@link MEDIA_POLL_MS} while any is in making, else none. */
export const mediaPollInterval = (rows: readonly Pick<MediaRow, 'status'>[] | undefined) =>
  rows?.some(mediaInMaking) ? MEDIA_POLL_MS : false;

const STATUS_TAG: Record<MediaStatus, TagView> = {
  queued: { label: ADMIN_TEXT.mediaQueued, color: 'default' },
  running: { label: ADMIN_TEXT.mediaRunning, color: 'warning' },
  // A ready video the work does not play (yet, or any more: it was replaced).
  ready: { label: ADMIN_TEXT.mediaReady, color: 'default' },
  failed: { label: ADMIN_TEXT.mediaFailed, color: 'danger' },
  cancelled: { label: ADMIN_TEXT.mediaCancelled, color: 'default' },
};

/** A video's status as the console shows it; the ready one the work plays now says 正在播放. */
export function mediaStatusTag(row: Pick<MediaRow, 'status' | 'playing'>): TagView {
  if (row.status === 'ready' && row.playing) return { label: ADMIN_TEXT.mediaPlaying, color: 'success' };
  return STATUS_TAG[row.status];
}

/** The 视频任务 list's status filter: all, then each status. */
export const MEDIA_STATUS_OPTIONS: readonly SelectOption[] = [
  { value: '', label: ADMIN_TEXT.all },
  ...MEDIA_STATUSES.map((status) => ({ value: status, label: STATUS_TAG[status].label })),
];

/** Which buttons a video shows: 重试 once it failed or was cancelled, 取消转码 while on its way. */
export function mediaActions(row: Pick<MediaRow, 'status'>): { retry: boolean; cancel: boolean } {
  return {
    retry: row.status === 'failed' || row.status === 'cancelled',
    cancel: mediaInMaking(row),
  };
}

/** Why a video failed, in words: the contract's text of its reason code (an unknown code as it is). */
export function mediaFailureText(row: Pick<MediaRow, 'failure'>): string | undefined {
  if (!row.failure) return undefined;
  const known: Readonly<Record<string, string>> = VIDEO_MSG.failures;
  return known[row.failure] ?? row.failure;
}

/** A rung's percent as a bar shows it: a whole number within 0–100. */
export const rungPercent = (percent: number) => Math.max(0, Math.min(100, Math.round(percent)));

/** Whether the work already has a video on line: a new upload replaces it once made. */
export const hasReadyVideo = (rows: readonly Pick<MediaRow, 'status'>[]) =>
  rows.some((row) => row.status === 'ready');

/** Why a new video cannot be sent now, or undefined when it can (another is still being made). */
export function uploadRefusal(rows: readonly Pick<MediaRow, 'status'>[] | undefined): string | undefined {
  return rows?.some(mediaInMaking) ? VIDEO_MSG.busy : undefined;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * A size in bytes as people read it (`1.5 GB`, `820 MB`, `12 KB`): one decimal under 10 of a
 * unit, none above. Takes the contract's string sizes (a bigint in the database) as they are.
 */
export function formatBytes(bytes: number | string): string {
  let value = Number(bytes);
  if (!Number.isFinite(value) || value < 0) return ADMIN_TEXT.none;
  let unit = 0;
  // The unit is chosen on the number as shown: 1,048,500 B is "1.0 MB", not "1024 KB".
  const shown = () => (unit === 0 || value >= 10 ? Math.round(value).toString() : value.toFixed(1));
  while (Number(shown()) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${shown()} ${UNITS[unit]}`;
}

/** A video's length as `1:05:09` or `4:07`; undefined while unknown. */
export function formatDuration(seconds: number | null): string | undefined {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return undefined;
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** How far a whole video is made: 100 once ready, else the mean of its rungs (0 before any). */
export function mediaPercent(row: Pick<MediaRow, 'status' | 'rungs'>): number {
  if (row.status === 'ready') return 100;
  if (row.rungs.length === 0) return 0;
  const sum = row.rungs.reduce((total, rung) => total + rungPercent(rung.percent), 0);
  return Math.floor(sum / row.rungs.length);
}
