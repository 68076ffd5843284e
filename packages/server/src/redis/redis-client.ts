import { Redis, type RedisOptions } from 'ioredis';
import type { RedisSettings } from './redis-settings';

/**
 * How long one command may go unanswered before its call is served by its fallback (decision
 * 080). Redis answers in well under a millisecond on a LAN; half a second is a Redis that is
 * hung, swapping or cut off, and it is what a request waits at most when that begins.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * The client's options, each chosen so that no request waits on a Redis that does not answer
 * (decision 080):
 * - `enableOfflineQueue: false` — while there is no connection a command fails at once instead of
 *   waiting in a queue for one;
 * - `commandTimeout` — a connection that is up but silent (a stopped or overloaded Redis) fails
 *   each command after {@link REDIS_COMMAND_TIMEOUT_MS};
 * - `socketTimeout` — and is dropped and dialled again after 2 s without a byte, so a hung master
 *   is left (through Sentinel, for the one it promoted);
 * - `maxRetriesPerRequest: 0`, `autoResendUnfulfilledCommands: false` — a command cut off by a lost
 *   connection fails, and is not sent again later: its caller has already used the fallback;
 * - reconnecting every 0.2–2 s, for ever: it comes back by itself.
 */
const CLIENT_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  socketTimeout: 2_000,
  connectTimeout: 2_000,
  maxRetriesPerRequest: 0,
  autoResendUnfulfilledCommands: false,
  retryStrategy: (times) => Math.min(200 * times, 2_000),
  enableAutoPipelining: true,
};

/**
 * The process's one Redis client (main.ts makes it; buildApp watches it through a RedisLink).
 * With Sentinel, ioredis asks the sentinels for the master, follows a failover they announce
 * (`failoverDetector`), and asks again whenever the connection is lost.
 */
export function createRedisClient(settings: RedisSettings): Redis {
  if ('url' in settings) return new Redis(settings.url, CLIENT_OPTIONS);
  return new Redis({
    ...CLIENT_OPTIONS,
    sentinels: settings.sentinels,
    name: settings.name,
    ...(settings.password ? { password: settings.password } : {}),
    ...(settings.sentinelPassword ? { sentinelPassword: settings.sentinelPassword } : {}),
    sentinelCommandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    failoverDetector: true,
  });
}
