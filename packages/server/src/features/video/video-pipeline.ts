import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isProcessAlive } from '../../db/process-alive';
import type { MediaRungState } from '../../db/schema';
import { type FfmpegTools, MediaError, type MediaFailure, NO_FFMPEG } from './ffmpeg-tools';
import { RUNG_NAMES } from './ladder';
import {
  POSTER_FILE,
  PREVIEW_FILE,
  STILLS_COUNT,
  stillFile,
  transcode,
  type TranscodeResult,
} from './transcode';
import type { MediaRecord, VideoRepo } from './video.repo';
import { putFiles, type VideoStorage } from './video-storage';

/** Where a title's made files live in storage: `media/{workId}/{mediaId}/`. */
export const titlePrefix = (workId: string, mediaId: string) => `media/${workId}/${mediaId}/`;
/** Where uploaded sources live in storage. */
export const SOURCE_PREFIX = 'sources/';
/** The preview's address as the work's `mp4` says it (relative: joined to IMAGE_HOST). */
export const previewPath = (workId: string, mediaId: string) =>
  `${titlePrefix(workId, mediaId)}${PREVIEW_FILE}`;
export const posterPath = (workId: string, mediaId: string) =>
  `${titlePrefix(workId, mediaId)}${POSTER_FILE}`;
/** A ready video's frames as the work's stills would name them: big and small paths. */
export const stillPaths = (workId: string, mediaId: string, small: boolean) =>
  Array.from({ length: STILLS_COUNT }, (_, i) => `${titlePrefix(workId, mediaId)}${stillFile(i + 1, small)}`);

/** The rungs a transcode made, as a ready video records them: tallest first, with their bitrates. */
export function madeRungs(result: TranscodeResult): MediaRungState[] {
  const made: MediaRungState[] = result.rungs.map((r) => ({
    name: r.rung.name,
    width: r.rung.width,
    height: r.rung.height,
    percent: 100,
    bandwidth: Math.ceil(r.peakBitrate),
    averageBandwidth: Math.ceil(r.averageBitrate),
  }));
  return made.sort((a, b) => RUNG_NAMES.indexOf(a.name as never) - RUNG_NAMES.indexOf(b.name as never));
}

/** A job's temporary folder: `yingku-media-{pid}-{mediaId}-…`, so a dead worker's can be found. */
export const WORK_DIR_PREFIX = 'yingku-media-';

/**
 * Removes the temporary folders of workers that are gone (killed mid-job: their copy of the
 * source and half-made rungs stay behind). A folder whose pid is alive is another worker's.
 */
export async function removeDeadWorkFolders(dir: string = tmpdir()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const pid = new RegExp(`^${WORK_DIR_PREFIX}(\\d+)-\\d+-`).exec(name)?.[1];
    if (!pid || isProcessAlive(Number(pid))) continue;
    await rm(path.join(dir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** Failures that another try cannot fix: the file itself is not a title. */
const FINAL: ReadonlySet<MediaFailure> = new Set([
  'not-media',
  'no-video',
  'no-audio',
  'too-short',
  'ffmpeg-missing',
]);

export interface PipelineDeps {
  repo: VideoRepo;
  storage: VideoStorage;
  tools: FfmpegTools | undefined;
  /** libx264 preset (MEDIA_X264_PRESET). */
  preset: string;
  /** A work went online with this video: fulfil its cloud-download requests. */
  onReady?: (media: MediaRecord) => Promise<void>;
  /** Files of a replaced video, to remove once no player can still be using them. */
  onReplaced?: (workId: string, mediaId: string) => Promise<void>;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** The backend holding this process's worker lease (PostgreSQL), recorded as the video's owner. */
  ownerPid?: () => number | null;
  /** Where temporary files go (default: the OS's). */
  tmpDir?: string;
  /** Seconds per rung, for the worker's metrics. */
  metrics?: { rungMade(rung: string, seconds: number): void };
}

/** What one run of a transcode job came to. */
export type PipelineOutcome = 'ready' | 'failed' | 'skipped' | 'retry';

/** How often progress is written to the database while ffmpeg runs. */
const PROGRESS_EVERY_MS = 1_000;

/**
 * Makes one attached video: source → HLS ladder + preview + poster in a temporary folder →
 * storage → the work online. A failure of the file itself (not a video, no sound…) ends the
 * video `failed` with the reason at once; anything else is thrown for the queue to retry, and
 * the last attempt ends it `failed`. The work is left as it was on failure, and no file of the
 * failed video stays in storage.
 */
export function createVideoPipeline(deps: PipelineDeps) {
  const { repo, storage, log } = deps;

  async function fail(media: MediaRecord, error: unknown, lastAttempt: boolean): Promise<PipelineOutcome> {
    const reason: MediaFailure = error instanceof MediaError ? error.reason : 'storage-failed';
    const detail = error instanceof Error ? error.message : String(error);
    await storage.removePrefix(titlePrefix(media.workId, media.id)).catch(() => undefined);
    if (reason === 'cancelled') {
      await repo.markEnded(media.id, 'cancelled', reason, detail);
      return 'failed';
    }
    // A worker stopping is no fault of the video: it goes back to the queue, whatever the count.
    if (reason === 'interrupted' || (!FINAL.has(reason) && !lastAttempt)) {
      log?.warn({ mediaId: media.id, reason, detail }, 'transcode stopped; the queue tries it again');
      await repo.requeueRunning(media.id);
      return 'retry';
    }
    log?.warn({ mediaId: media.id, reason, detail }, 'transcode failed');
    await repo.markEnded(media.id, 'failed', reason, detail);
    return 'failed';
  }

  return {
    async process(
      mediaId: string,
      { signal, lastAttempt = true }: { signal?: AbortSignal; lastAttempt?: boolean } = {},
    ): Promise<PipelineOutcome> {
      const media = await repo.start(mediaId, deps.ownerPid?.() ?? null);
      if (!media) return 'skipped';
      if (!deps.tools) return fail(media, new MediaError('ffmpeg-missing', NO_FFMPEG), true);
      const work = await mkdtemp(
        path.join(deps.tmpDir ?? tmpdir(), `${WORK_DIR_PREFIX}${process.pid}-${mediaId}-`),
      );
      try {
        const source = path.join(work, 'source');
        await storage.download(media.sourceKey, source);
        const outDir = path.join(work, 'out');
        const rungs: MediaRungState[] = [];
        const rungStarted = new Map<string, number>();
        let written = 0;
        const save = (force = false) => {
          if (!force && Date.now() - written < PROGRESS_EVERY_MS) return;
          written = Date.now();
          void repo.setProgress(mediaId, rungs).catch(() => undefined);
        };
        const result = await transcode({
          tools: deps.tools,
          source,
          outDir,
          preset: deps.preset,
          ...(media.rungLimit ? { rungLimit: media.rungLimit } : {}),
          ...(signal ? { signal } : {}),
          onPlan: (plan, probed) => {
            rungs.push(...plan.map((r) => ({ name: r.name, width: r.width, height: r.height, percent: 0 })));
            void repo.setProgress(mediaId, rungs, probed.duration).catch(() => undefined);
          },
          onProgress: (name, percent) => {
            if (percent === 0 && !rungStarted.has(name)) rungStarted.set(name, Date.now());
            const began = rungStarted.get(name);
            if (percent === 100 && began !== undefined && began > 0) {
              // ffmpeg's last progress line may say 100 % too: the rung counts once.
              rungStarted.set(name, 0);
              deps.metrics?.rungMade(name, (Date.now() - began) / 1000);
            }
            const rung = rungs.find((r) => r.name === name);
            if (rung) rung.percent = percent;
            save(percent === 100);
          },
        });
        const prefix = titlePrefix(media.workId, media.id);
        await putFiles(storage, prefix, outDir, result.files);
        const made = madeRungs(result);
        const ready = await repo.inTransaction((trx) =>
          repo.markReady(
            mediaId,
            {
              rungs: made,
              durationSeconds: result.durationSeconds,
              previewPath: previewPath(media.workId, media.id),
            },
            trx,
          ),
        );
        if (!ready) {
          // Cancelled while it ran: nothing of it stays.
          await storage.removePrefix(prefix);
          return 'skipped';
        }
        log?.info({ mediaId, workId: media.workId, rungs: made.map((r) => r.name) }, 'video online');
        if (ready.replaced) await deps.onReplaced?.(media.workId, ready.replaced);
        await deps.onReady?.(media);
        return 'ready';
      } catch (error) {
        return fail(media, error, lastAttempt);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  };
}

export type VideoPipeline = ReturnType<typeof createVideoPipeline>;
