import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { VIDEO_MSG } from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB, WorkMediaStatus } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import type { StaffCaller } from '../../http/auth';
import type { Logger } from '../../lib/logger';
import type { AuditEntry, AuditRecorder } from '../staff-audit/audit.service';
import { type FfmpegTools, NO_FFMPEG } from './ffmpeg-tools';
import { createMediaSweepRepo } from './media-sweep.repo';
import { createSourceSweep, createUploadSweep } from './media-sweep';
import { createVideoRepo, type MediaRecord } from './video.repo';

import { posterPath, SOURCE_PREFIX, stillPaths } from './video-pipeline';
import type { VideoStorage } from './video-storage';

/** Where transcode jobs go: a queue (video-jobs.ts) or, in tests, straight to the pipeline. */
export interface VideoJobs {
  enqueue(mediaId: string): Promise<void>;
  cancel(mediaId: string): Promise<void>;
}

export interface VideoServiceDeps {
  db: Kysely<DB>;
  storage: VideoStorage;
  jobs: VideoJobs;
  tools: FfmpegTools | undefined;
  /** MEDIA_MAX_BYTES. */
  maxBytes: number;
  /** The audit entry of a console change (features/staff-audit). */
  audit?: AuditRecorder | undefined;
}

/** Who changed a video from the console; the CLI and the demo seed name nobody. */
type ByStaff = { actor?: StaffCaller | undefined };

/** What a video's audit entry shows: the fields a member of staff changes or reads. */
const mediaFields = (media: MediaRecord) => ({ workId: media.workId, status: media.status });

/** Attaching videos to works, their states for the console, and what members may play. */
export function createVideoService({ db, storage, jobs, tools, maxBytes, audit }: VideoServiceDeps) {
  const repo = createVideoRepo(db);
  const sweepRepo = createMediaSweepRepo(db);

  /**
   * Runs a change on one transaction with its audit entry when staff made it (decision 071), so
   * neither lands alone; the CLI's and the seed's changes run as they are.
   */
  async function changed<T>(
    actor: StaffCaller | undefined,
    change: (trx: Executor | undefined) => Promise<T>,
    entry: (result: T) => AuditEntry | undefined,
  ): Promise<T> {
    if (!actor || !audit) return change(undefined);
    return repo.inTransaction(async (trx) => {
      const result = await change(trx);
      const made = entry(result);
      if (made) await audit(actor, made, trx);
      return result;
    });
  }

  /** Records the video (404 no work, 409 busy), before its source is in place. */
  async function record(
    input: {
      workId: string;
      sourceKey: string;
      sourceName: string;
      sourceBytes: number;
      staffId: string | null;
      rungLimit?: number | null;
    } & ByStaff,
  ): Promise<MediaRecord> {
    if (input.sourceBytes <= 0) throw badRequest(VIDEO_MSG.empty);
    if (input.sourceBytes > maxBytes) throw badRequest(VIDEO_MSG.tooLarge);
    return changed(
      input.actor,
      async (trx) => {
        const media = await repo.insertMedia(
          {
            workId: input.workId,
            sourceKey: input.sourceKey,
            sourceName: input.sourceName.slice(0, 200),
            sourceBytes: input.sourceBytes,
            rungLimit: input.rungLimit ?? null,
            createdBy: input.staffId,
          },
          trx,
        );
        if (media === undefined) throw notFound(VIDEO_MSG.workNotFound);
        if (media === 'busy') throw conflict(VIDEO_MSG.busy);
        return media;
      },
      (media) => ({
        action: 'media.attach',
        objectType: 'media',
        objectId: media.id,
        after: { ...mediaFields(media), sourceName: media.sourceName, sourceBytes: media.sourceBytes },
      }),
    );
  }

  /** Attaches what is already in storage under `sourceKey` (an upload, an object-store key). */
  async function attachStored(input: Parameters<typeof record>[0]): Promise<MediaRecord> {
    const media = await record(input);
    await jobs.enqueue(media.id);
    return media;
  }

  return {
    /** The works a number names, in any spelling (numberKey): the media commands' lookup. */
    worksByNumberKey: (key: string) => repo.worksByNumberKey(key),
    /** How many jobs wait and how old the oldest is, for the worker's /metrics. */
    queueStats: () => repo.queueStats(),
    /** Whether videos can be made here, and with what (the console says so plainly). */
    status() {
      return {
        ffmpeg: tools ? `${tools.version} (${tools.source})` : null,
        message: tools ? '' : NO_FFMPEG,
        storage: storage.kind,
        maxBytes,
      };
    },

    /**
     * Attaches a local file to a work (the CLI, the media import, a finished upload): the video
     * is recorded first — 404 for no such work, 409 while another video of the work is in the
     * making, leaving the file untouched — then the file is copied (or moved) into storage as
     * its source and a transcode job is queued. A source that cannot be stored fails the video.
     */
    async attachFile(
      input: {
        workId: string;
        file: string;
        name: string;
        staffId: string | null;
        rungLimit?: number | null;
        /** Take the file away (a finished upload) rather than copy it. */
        move?: boolean;
      } & ByStaff,
    ): Promise<MediaRecord> {
      const info = await stat(input.file);
      if (!info.isFile()) throw badRequest(VIDEO_MSG.empty);
      if (info.size === 0) throw badRequest(VIDEO_MSG.empty);
      if (info.size > maxBytes) throw badRequest(VIDEO_MSG.tooLarge);
      const sourceKey = `${SOURCE_PREFIX}${randomUUID()}`;
      const media = await record({ ...input, sourceKey, sourceName: input.name, sourceBytes: info.size });
      try {
        await storage.putFile(sourceKey, input.file, { move: input.move ?? false });
      } catch (error) {
        await repo.markEnded(media.id, 'failed', 'storage-failed', (error as Error).message);
        throw new AppError(500, VIDEO_MSG.failures['storage-failed']);
      }
      await jobs.enqueue(media.id);
      return media;
    },

    attachStored,

    async retry(mediaId: string, { actor }: ByStaff = {}): Promise<MediaRecord> {
      const media = await changed(
        actor,
        async (trx) => {
          const before = await repo.find(mediaId, trx);
          if (!before) throw notFound(VIDEO_MSG.mediaNotFound);
          const requeued = await repo.requeue(mediaId, trx);
          if (requeued === 'busy') throw conflict(VIDEO_MSG.busy);
          if (!requeued)
            throw conflict(before.sourceRemovedAt ? VIDEO_MSG.sourceRemoved : VIDEO_MSG.notRetryable);
          return { before, after: requeued };
        },
        ({ before, after }) => ({
          action: 'media.retry',
          objectType: 'media',
          objectId: mediaId,
          before: { ...mediaFields(before), failure: before.failure },
          after: mediaFields(after),
        }),
      );
      // Queued once the change has landed, so a job never looks for a row that rolled back.
      await jobs.enqueue(media.after.id);
      return media.after;
    },

    async cancel(mediaId: string, { actor }: ByStaff = {}): Promise<MediaRecord> {
      const media = await changed(
        actor,
        async (trx) => {
          const before = await repo.find(mediaId, trx);
          if (!before) throw notFound(VIDEO_MSG.mediaNotFound);
          const ended = await repo.markEnded(mediaId, 'cancelled', 'cancelled', '已取消', trx);
          if (!ended) throw conflict(VIDEO_MSG.notCancellable);
          return { before, after: ended };
        },
        ({ before, after }) => ({
          action: 'media.cancel',
          objectType: 'media',
          objectId: mediaId,
          before: mediaFields(before),
          after: mediaFields(after),
        }),
      );
      await jobs.cancel(mediaId);
      return media.after;
    },

    /** A ready video's frames become its work's stills (as an import would set them). */
    async useStills(mediaId: string, { actor }: ByStaff = {}): Promise<MediaRecord> {
      return changed(
        actor,
        async (trx) => {
          const media = await repo.find(mediaId, trx);
          if (!media) throw notFound(VIDEO_MSG.mediaNotFound);
          if (media.status !== 'ready') throw conflict(VIDEO_MSG.notReady);
          await repo.setWorkStills(
            media.workId,
            stillPaths(media.workId, media.id, false),
            stillPaths(media.workId, media.id, true),
            trx,
          );
          return media;
        },
        (media) => ({
          action: 'media.stills',
          objectType: 'media',
          objectId: media.id,
          after: { workId: media.workId, stills: stillPaths(media.workId, media.id, false).length },
        }),
      );
    },

    find: (mediaId: string) => repo.find(mediaId),
    recent: (
      limit: number,
      offset: number,
      filter: { status?: WorkMediaStatus | undefined; workId?: string | undefined },
    ) => repo.recent(limit, offset, filter),

    /** The ready video a work plays, with its poster's path; undefined when it has none. */
    async playable(workId: string) {
      const playable = await repo.playable(workId);
      if (!playable) return undefined;
      return { ...playable, posterPath: posterPath(playable.workId, playable.mediaId) };
    },

    /** Staff's uploads, tracked so one never attached is swept (media-sweep.ts). */
    uploads: {
      started: (upload: { id: string; uploader: string; workId: string }) => sweepRepo.recordUpload(upload),
      attached: (uploadId: string) => sweepRepo.markUploadAttached(uploadId),
      sweeper: (remove: (uploadId: string) => Promise<void>, olderThanSeconds: number, log: Logger) =>
        createUploadSweep({ repo: sweepRepo, remove, olderThanSeconds, log }),
    },
    /** The sweep of failed and replaced videos' files (run by the worker). */
    sourceSweeper: (keepReplacedSeconds: number, log: Logger) =>
      createSourceSweep({ repo: sweepRepo, storage, keepReplacedSeconds, log }),

    position: (userId: string, workId: string) => repo.position(userId, workId),
    savePosition: (userId: string, workId: string, seconds: number) =>
      repo.savePosition(userId, workId, seconds),
  };
}

export type VideoService = ReturnType<typeof createVideoService>;
