import { isInt64Id, SERVER_MSG, streamLimitMessage, type VideoStreamData } from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller } from '../../http/auth';
import { badRequest, notFound, paymentRequired, tooManyRequests } from '../../http/errors';
import type { StreamSlots } from './stream-slots';
import type { StreamUrls } from './stream-urls';
import { createStreamsRepo } from './streams.repo';

/** `is_online` of a work that can be watched (2 is still transcoding). */
const ONLINE = 1;

/** What streams need of the video feature: the ready video a work plays, and positions. */
export interface StreamVideos {
  playable(
    workId: string,
  ): Promise<{ mediaId: string; posterPath: string; rungs: { name: string; height: number }[] } | undefined>;
  position(userId: string, workId: string): Promise<number | undefined>;
  savePosition(userId: string, workId: string, position: number): Promise<boolean>;
}

export interface StreamsServiceDeps {
  db: Kysely<DB>;
  urls: StreamUrls;
  videos: StreamVideos;
  /** The devices each account streams on now, and how many it may (MEDIA_STREAMS_PER_VIP). */
  slots: StreamSlots;
  devicesPerVip: number;
  metrics?: { streamStarted(): void; streamRefused(): void };
}

/**
 * Who may watch what (DESIGN.md "Security model"): a VIP in force (levelId above 1, which the
 * authenticator only reports while vip_until lies ahead) gets a signed, expiring address of an
 * online work's video, its poster, its rungs and where the member stopped last time — on at most
 * `devicesPerVip` devices at once (logins; docs/decisions/055): the stream call takes the
 * device's place, the player's position reports keep it, and a device silent for SLOT_SECONDS
 * (stream-slots.ts) loses it. A work marked online with no video of its own plays the
 * bundled test clip.
 */
export function createStreamsService({
  db,
  urls,
  videos,
  slots,
  devicesPerVip,
  metrics,
}: StreamsServiceDeps) {
  const repo = createStreamsRepo(db);
  /** Takes or keeps the caller's device's place; 429 naming the limit when the others hold them all. */
  const holdPlace = async (caller: Caller, workId: string) => {
    const slot = { userId: caller.userId, sessionId: caller.sessionId, workId };
    if (await slots.claim(slot, devicesPerVip)) return;
    metrics?.streamRefused();
    throw tooManyRequests(streamLimitMessage(devicesPerVip));
  };
  return {
    async streamUrl(caller: Caller, workId: string): Promise<VideoStreamData> {
      // Not a number: a bad request. A number no work can have (past int64): no such work.
      if (!/^\d+$/.test(workId)) throw badRequest(SERVER_MSG.badWorkId);
      if (!isInt64Id(workId)) throw notFound(SERVER_MSG.workNotFound);
      const state = await repo.onlineState(workId);
      if (state === undefined) throw notFound(SERVER_MSG.workNotFound);
      // What the work offers is told first: a member asking for an offline work is sent to the
      // magnets, not to the shop.
      if (state !== ONLINE) throw paymentRequired(SERVER_MSG.notOnline);
      if (caller.levelId <= 1) throw paymentRequired(SERVER_MSG.vipRequired);
      await holdPlace(caller, workId);
      metrics?.streamStarted();
      const video = await videos.playable(workId);
      if (!video) return { m3u8Url: urls.clipUrl(workId) };
      const position = await videos.position(caller.userId, workId);
      return {
        m3u8Url: urls.masterUrl(workId, video.mediaId),
        posterUrl: urls.publicUrl(video.posterPath),
        qualities: video.rungs.map(({ name, height }) => ({ name, height })),
        ...(position !== undefined ? { position } : {}),
      };
    },

    /**
     * Keeps where the member is in a work's video (404 when there is no such work), and, for a
     * VIP, the device's place among the account's streams: refreshed while it plays (429 when
     * it lost the place, silent too long, and other devices took them all), freed when it stops.
     */
    async savePosition(caller: Caller, workId: string, position: number, stopped = false): Promise<void> {
      if (!(await videos.savePosition(caller.userId, workId, position)))
        throw notFound(SERVER_MSG.workNotFound);
      if (stopped) await slots.release(caller.userId, caller.sessionId);
      else if (caller.levelId > 1) await holdPlace(caller, workId);
    },
  };
}

export type StreamsService = ReturnType<typeof createStreamsService>;
