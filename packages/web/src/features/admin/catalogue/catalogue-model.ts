import {
  CHANNEL_LABEL,
  type ImportJob,
  type ImportJobStatus,
  type ModName,
  SERVER_MSG,
  STAFF_LIMITS,
} from '@yingku/contract';
import type { TagView } from '../admin-model';
import { ADMIN_TEXT } from '../texts';

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 1000;

/** Whether an import has stopped (done, or failed as a whole): its numbers no longer change. */
export const importFinished = (job: Pick<ImportJob, 'status'>) => job.status !== 'running';

/**
 * How far an import has got, 0–100 (whole percent). A finished job is at 100 whatever it read;
 * a running one with no lines counted yet is at 0.
 */
export function importPercent(job: Pick<ImportJob, 'status' | 'linesRead' | 'totalLines'>): number {
  if (importFinished(job)) return 100;
  if (job.totalLines <= 0) return 0;
  return Math.min(100, Math.floor((job.linesRead / job.totalLines) * 100));
}

export function importStatusTag(status: ImportJobStatus): TagView {
  if (status === 'done') return { label: ADMIN_TEXT.importDone, color: 'success' };
  if (status === 'failed') return { label: ADMIN_TEXT.importFailed, color: 'danger' };
  return { label: ADMIN_TEXT.importRunning, color: 'primary' };
}

/**
 * Why a chosen file cannot be sent, or undefined when it can: the server takes at most
 * {@link STAFF_LIMITS.importMaxBytes} of text (an empty file it refuses with its own message).
 */
export function importFileProblem(file: { size: number }): string | undefined {
  return file.size > STAFF_LIMITS.importMaxBytes ? SERVER_MSG.importTooLarge : undefined;
}

/** The file name an import is sent with: at most the contract's length, keeping the end (`.jsonl`). */
export function importFileName(name: string): string {
  const trimmed = name.trim();
  return trimmed.length > STAFF_LIMITS.importFileNameMax
    ? trimmed.slice(-STAFF_LIMITS.importFileNameMax)
    : trimmed;
}

/** A work's online state as the console shows it: 1 online, 2 transcoding, anything else not. */
export function workOnlineTag(isOnline: number): TagView {
  if (isOnline === 1) return { label: ADMIN_TEXT.online, color: 'success' };
  if (isOnline === 2) return { label: ADMIN_TEXT.transcoding, color: 'warning' };
  return { label: ADMIN_TEXT.notOnline, color: 'default' };
}

export const channelLabel = (modName: ModName) => CHANNEL_LABEL[modName];

/** The failures a job shows, and — when the server kept only the first ones — that there were more. */
export function importErrorsNote(job: Pick<ImportJob, 'errors' | 'failed'>): string | undefined {
  return job.failed > job.errors.length
    ? ADMIN_TEXT.importErrorsMore(job.errors.length, job.failed)
    : undefined;
}
