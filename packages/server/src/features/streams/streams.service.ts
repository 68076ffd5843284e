import { isInt64Id, SERVER_MSG, type VideoStreamData } from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller } from '../../http/auth';
import { badRequest, notFound, paymentRequired } from '../../http/errors';
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

/**
 * Who may watch what (DESIGN.md "Security model"): a VIP in force (levelId above 1, which the
 * authenticator only reports while vip_until lies ahead) gets a signed, expiring address of an
 * online work's video, its poster, its rungs and where the member stopped last time. A work
 * marked online with no video of its own (staff flipped it by hand) plays the generated test clip.
 */
export function createStreamsService(
  db: Kysely<DB>,
  urls: StreamUrls,
  videos: StreamVideos,
  imageHost: string,
) {
  const repo = createStreamsRepo(db);
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
      const video = await videos.playable(workId);
      if (!video) return { m3u8Url: urls.playlistUrl(workId) };
      const position = await videos.position(caller.userId, workId);
      return {
        m3u8Url: urls.masterUrl(workId, video.mediaId),
        posterUrl: `${imageHost.replace(/\/+$/, '')}/${video.posterPath}`,
        qualities: video.rungs.map(({ name, height }) => ({ name, height })),
        ...(position !== undefined ? { position } : {}),
      };
    },

    /** Keeps where the member is in a work's video; false when the work has none. */
    savePosition: (caller: Caller, workId: string, position: number): Promise<boolean> =>
      videos.savePosition(caller.userId, workId, position),
  };
}

export type StreamsService = ReturnType<typeof createStreamsService>;
