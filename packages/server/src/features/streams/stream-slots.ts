import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { RedisLink } from '../../redis/redis-link';
import { createStreamSlotsRepo } from './stream-slots.repo';

/**
 * How long a device keeps its place without a sign of life. Players report their position every
 * ~10 s while playing, so a device that stops (closed, paused, offline) frees its place within
 * this, well inside a minute; a pause longer than it gives the place up until play resumes.
 */
export const SLOT_SECONDS = 45;

/** One device (a login) streaming a work. */
export interface StreamSlot {
  userId: string;
  sessionId: string;
  workId: string;
}

/**
 * The devices each VIP account streams on now, shared by every server (docs/decisions/055):
 * in Redis with REDIS_URL (in the database while it does not answer), else in the database.
 */
export interface StreamSlots {
  /** Takes or keeps the device's place; false, changing nothing, when `limit` others hold one. */
  claim(slot: StreamSlot, limit: number): Promise<boolean>;
  /** The device stopped: its place is free at once. */
  release(userId: string, sessionId: string): Promise<void>;
  /** Devices streaming now, on every account (the metric). */
  active(): Promise<number>;
}

export function databaseStreamSlots(db: Kysely<DB>): StreamSlots & { sweep(): Promise<void> } {
  const repo = createStreamSlotsRepo(db);
  return {
    claim: (slot, limit) => repo.claim(slot, limit, SLOT_SECONDS),
    release: (userId, sessionId) => repo.release(userId, sessionId),
    active: () => repo.active(SLOT_SECONDS),
    sweep: () => repo.sweep(SLOT_SECONDS),
  };
}

/**
 * Takes the place in one step: stale members out, the caller's kept or added while fewer than
 * the limit hold one. KEYS: the account's set, the set of every stream; ARGV: the device, now
 * (ms), the oldest beat still alive (ms), the limit, the device's name in the second set, the
 * account set's lifetime (ms).
 */
const CLAIM = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[3])
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then
  return 0
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[5])
return 1`;

/** Keys `<prefix>streams:<userId>` (a sorted set of logins by last beat) and `<prefix>streams:active`. */
export function redisStreamSlots(redis: Redis, keyPrefix: string): StreamSlots {
  const userKey = (userId: string) => `${keyPrefix}streams:${userId}`;
  const allKey = `${keyPrefix}streams:active`;
  const windowMs = SLOT_SECONDS * 1000;
  return {
    async claim({ userId, sessionId }, limit) {
      const now = Date.now();
      const answer = await redis.eval(
        CLAIM,
        2,
        userKey(userId),
        allKey,
        sessionId,
        now,
        now - windowMs,
        limit,
        `${userId}:${sessionId}`,
        windowMs * 2,
      );
      return answer === 1;
    },
    async release(userId, sessionId) {
      await redis.multi().zrem(userKey(userId), sessionId).zrem(allKey, `${userId}:${sessionId}`).exec();
    },
    async active() {
      await redis.zremrangebyscore(allKey, '-inf', `(${Date.now() - windowMs}`);
      return redis.zcard(allKey);
    },
  };
}

/**
 * Redis's places while it answers, the database's while it does not (decision 080). Neither store
 * knows what the other was told: at each switch a device keeps its place at its next position
 * report (~10 s), and until then a new device of the account may take a place the others will
 * not find free — the limit holds again within one report, and no VIP is refused a stream for
 * an outage.
 */
export function failoverStreamSlots(link: RedisLink, redis: StreamSlots, database: StreamSlots): StreamSlots {
  return {
    claim: (slot, limit) =>
      link.run(
        'stream_slots',
        () => redis.claim(slot, limit),
        () => database.claim(slot, limit),
      ),
    release: (userId, sessionId) =>
      link.run(
        'stream_slots',
        () => redis.release(userId, sessionId),
        () => database.release(userId, sessionId),
      ),
    active: () =>
      link.run(
        'stream_slots',
        () => redis.active(),
        () => database.active(),
      ),
  };
}
