import type { Logger } from '../../lib/logger';
import type { MediaSweepRepo } from './media-sweep.repo';
import { titlePrefix } from './video-pipeline';
import type { VideoStorage } from './video-storage';

/** A failed or cancelled video's source is kept this long, for staff to retry it. */
export const KEEP_FAILED_SECONDS = 7 * 24 * 60 * 60;
/** How often the sweeps run (and once at a worker's start). */
export const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Removes from storage what nothing plays or will play (docs/operations.md "Backups" names what stays):
 * the sources of failed and cancelled videos once staff had a week to retry them, and the
 * sources and made files of videos a newer one replaced, once players can no longer hold their
 * addresses. A removal that fails is tried again at the next sweep. Answers how many went.
 */
export function createSourceSweep(deps: {
  repo: MediaSweepRepo;
  storage: VideoStorage;
  /** How long a replaced video's files are kept (its stream addresses' lifetime). */
  keepReplacedSeconds: number;
  keepFailedSeconds?: number;
  log: Logger;
}) {
  return async function sweepSources(): Promise<number> {
    const due = await deps.repo.sourcesToRemove(
      deps.keepFailedSeconds ?? KEEP_FAILED_SECONDS,
      deps.keepReplacedSeconds,
    );
    let removed = 0;
    for (const video of due) {
      try {
        await deps.storage.removePrefix(video.sourceKey);
        if (video.replaced) await deps.storage.removePrefix(titlePrefix(video.workId, video.id));
        await deps.repo.markSourceRemoved(video.id);
        removed += 1;
      } catch (error) {
        deps.log.warn(
          { mediaId: video.id, err: error },
          'media sweep: could not remove a source; next sweep tries again',
        );
      }
    }
    if (removed > 0)
      deps.log.info({ removed }, 'media sweep: removed the sources of failed and replaced videos');
    return removed;
  };
}

/**
 * Removes the uploads staff finished (or left) without attaching them to a work, once
 * `olderThanSeconds` have passed: tus expires unfinished ones itself, never finished ones, and
 * each is a whole video file. `remove` is the upload store's own removal.
 */
export function createUploadSweep(deps: {
  repo: MediaSweepRepo;
  remove: (uploadId: string) => Promise<void>;
  olderThanSeconds: number;
  log: Logger;
}) {
  return async function sweepUploads(): Promise<number> {
    let removed = 0;
    for (const id of await deps.repo.abandonedUploads(deps.olderThanSeconds)) {
      try {
        await deps.remove(id);
      } catch (error) {
        // Gone already (tus's own expiry, a finished attach) is as good as removed.
        const e = error as { status_code?: number; message?: string; body?: string };
        if (
          e?.status_code !== 404 &&
          !/not found|no longer exists|ENOENT|NoSuchKey/i.test(`${e?.message} ${e?.body}`)
        ) {
          deps.log.warn({ uploadId: id, err: error }, 'upload sweep: could not remove an upload');
          continue;
        }
      }
      await deps.repo.forgetUpload(id);
      removed += 1;
    }
    if (removed > 0) deps.log.info({ removed }, 'upload sweep: removed uploads never attached to a work');
    return removed;
  };
}
