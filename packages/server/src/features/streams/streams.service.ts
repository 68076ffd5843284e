import { SERVER_MSG } from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Caller } from '../../http/auth';
import { badRequest, notFound, paymentRequired } from '../../http/errors';
import type { StreamUrls } from './stream-urls';
import { createStreamsRepo } from './streams.repo';

/** `is_online` of a work that can be watched (2 is still transcoding). */
const ONLINE = 1;

/**
 * Who may watch what (DESIGN.md "Security model"): a VIP in force (levelId above 1, which the
 * authenticator only reports while vip_until lies ahead) gets a signed, expiring address of an
 * online work. Every online work plays the demo catalogue's one test clip, served by the media
 * routes under that address.
 */
export function createStreamsService(db: Kysely<DB>, urls: StreamUrls) {
  const repo = createStreamsRepo(db);
  return {
    async streamUrl(caller: Caller, workId: string): Promise<{ m3u8Url: string }> {
      if (!/^[1-9]\d{0,18}$/.test(workId) || BigInt(workId) > 9223372036854775807n) {
        throw badRequest(SERVER_MSG.badWorkId);
      }
      const state = await repo.onlineState(workId);
      if (state === undefined) throw notFound(SERVER_MSG.workNotFound);
      // What the work offers is told first: a member asking for an offline work is sent to the
      // magnets, not to the shop.
      if (state !== ONLINE) throw paymentRequired(SERVER_MSG.notOnline);
      if (caller.levelId <= 1) throw paymentRequired(SERVER_MSG.vipRequired);
      return { m3u8Url: urls.playlistUrl(workId) };
    },
  };
}
