import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { VIDEO_MSG } from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { DB, WorkMediaStatus } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import type { Logger } from '../../lib/logger';
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
}

/** Attaching videos to works, their states for the console, and what members may play. */
export function createVideoService({ db, storage, jobs, tools, maxBytes }: VideoServiceDeps) {
  const repo = createVideoRepo(db);
  const sweepRepo = createMediaSweepRepo(db);

  /** Records the video (404 no work, 409 busy), before its source is in place. */
  async function record(input: {
    workId: string;
    sourceKey: string;
    sourceName: string;
    sourceBytes: number;
    staffId: string | null;
    rungLimit?: number | null;
  }): Promise<MediaRecord> {
    if (input.sourceBytes <= 0) throw badRequest(VIDEO_MSG.empty);
    if (input.sourceBytes > maxBytes) throw badRequest(VIDEO_MSG.tooLarge);
    const media = await repo.insertMedia({
      workId: input.workId,
      sourceKey: input.sourceKey,
      sourceName: input.sourceName.slice(0, 200),
      sourceBytes: input.sourceBytes,
      rungLimit: input.rungLimit ?? null,
      createdBy: input.staffId,
    });
    if (media === undefined) throw notFound(VIDEO_MSG.workNotFound);
    if (media === 'busy') throw conflict(VIDEO_MSG.busy);
    return media;
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
    async attachFile(input: {
      workId: string;
      file: string;
      name: string;
      staffId: string | null;
      rungLimit?: number | null;
      /** Take the file away (a finished upload) rather than copy it. */
      move?: boolean;
    }): Promise<MediaRecord> {
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

    async retry(mediaId: string): Promise<MediaRecord> {
      const media = await repo.requeue(mediaId);
      if (media === 'busy') throw conflict(VIDEO_MSG.busy);
      if (!media) {
        const found = await repo.find(mediaId);
        if (!found) throw notFound(VIDEO_MSG.mediaNotFound);
        throw conflict(found.sourceRemovedAt ? VIDEO_MSG.sourceRemoved : VIDEO_MSG.notRetryable);
      }
      await jobs.enqueue(media.id);
      return media;
    },

    async cancel(mediaId: string): Promise<MediaRecord> {
      const media = await repo.markEnded(mediaId, 'cancelled', 'cancelled', '已取消');
      if (!media) {
        if (!(await repo.find(mediaId))) throw notFound(VIDEO_MSG.mediaNotFound);
        throw conflict(VIDEO_MSG.notCancellable);
      }
      await jobs.cancel(mediaId);
      return media;
    },

    /** A ready video's frames become its work's stills (as an import would set them). */
    async useStills(mediaId: string): Promise<MediaRecord> {
      const media = await repo.find(mediaId);
      if (!media) throw notFound(VIDEO_MSG.mediaNotFound);
      if (media.status !== 'ready') throw conflict(VIDEO_MSG.notReady);
      await repo.setWorkStills(
        media.workId,
        stillPaths(media.workId, media.id, false),
        stillPaths(media.workId, media.id, true),
      );
      return media;
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
