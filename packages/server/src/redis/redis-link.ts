import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * What a call to Redis is for: the `operation` label of `yingku_redis_errors_total`, a fixed set
 * so the metric's series stay few.
 */
export const REDIS_OPERATIONS = ['nonce', 'flood_limit', 'search_cache', 'stream_slots', 'ping'] as const;
export type RedisOperation = (typeof REDIS_OPERATIONS)[number];

export interface RedisLinkOptions {
  /** While Redis is down, how often it is asked again (ms). */
  probeMs?: number;
  /** How long the start waits for a first connection before serving from the fallbacks (ms). */
  firstContactMs?: number;
}

/**
 * Whether this process reaches Redis now, and the one way every use of Redis goes through it
 * (decision 080): {@link RedisLink.run} sends a call to Redis while it is up and to the use's own
 * fallback — what the site does without REDIS_URL — while it is down or when the call fails.
 */
export interface RedisLink {
  /** The process's client (main.ts owns and closes it). */
  readonly client: Redis;
  /** Calls go to Redis now. */
  readonly up: boolean;
  /**
   * `work` on Redis while up; `fallback` while down, at once, and when `work` fails (a timeout, a
   * lost connection, an error reply), which takes the link down until a probe is answered.
   */
  run<T>(operation: RedisOperation, work: () => Promise<T>, fallback: () => Promise<T> | T): Promise<T>;
  /** Called after each change between up and down (never twice in a row with the same value). */
  onChange(listener: (up: boolean) => void): void;
  /** Called for each failed call to Redis, probes included. */
  onError(listener: (operation: RedisOperation) => void): void;
  /** Waits for the first connection, up to `firstContactMs`; without one the link starts down. */
  start(): Promise<void>;
  /** Stops probing and listening (the app closes; the client is closed by its owner). */
  close(): void;
}

/**
 * Watches one client: down at the first failed call or lost connection, up again when a probe
 * (`PING`, every `probeMs` while down) is answered. The log says each change once — one warning
 * when Redis goes, one line when it is back with how long it was gone — never once per request;
 * ioredis's own error events (one per reconnection attempt) are swallowed here for that reason.
 */
export function createRedisLink(
  client: Redis,
  log: FastifyBaseLogger,
  { probeMs = 1_000, firstContactMs = 3_000 }: RedisLinkOptions = {},
): RedisLink {
  let up = false;
  /** When Redis was lost; undefined while up and before the first contact. */
  let downSince: number | undefined;
  let probe: NodeJS.Timeout | undefined;
  let closed = false;
  const changeListeners: Array<(up: boolean) => void> = [];
  const errorListeners: Array<(operation: RedisOperation) => void> = [];

  const failed = (operation: RedisOperation) => {
    for (const listener of errorListeners) listener(operation);
  };

  const startProbing = () => {
    if (probe || closed) return;
    probe = setInterval(() => void askAgain(), probeMs);
    probe.unref();
  };

  const markDown = (reason: unknown) => {
    if (closed) return;
    startProbing();
    if (!up) return;
    up = false;
    downSince = Date.now();
    log.warn(
      { redis: 'down', reason: describe(reason) },
      'Redis is unreachable: nonces, flood limits, stream places and search answers are kept in the database until it answers again (decision 080)',
    );
    for (const listener of changeListeners) listener(false);
  };

  const markUp = () => {
    if (up || closed) return;
    clearInterval(probe);
    probe = undefined;
    up = true;
    const wasDown = downSince;
    downSince = undefined;
    if (wasDown !== undefined) {
      const downMs = Date.now() - wasDown;
      log.info(
        { redis: 'up', downMs },
        `Redis answers again after ${Math.round(downMs / 1000)} s: back on Redis (nonces once none only the database knows can be replayed, decision 080)`,
      );
    }
    for (const listener of changeListeners) listener(true);
  };

  /** One probe at a time (a second caller shares it); ioredis reconnects by itself, so a probe
   * only asks a connection it has. */
  let asking: Promise<void> | undefined;
  const askAgain = (): Promise<void> => {
    if (client.status !== 'ready') return Promise.resolve();
    asking ??= client
      .ping()
      .then(markUp, () => failed('ping'))
      .finally(() => {
        asking = undefined;
      });
    return asking;
  };

  client.on('error', () => {});
  // A lost connection (Redis stopped, a network reset, a Sentinel failover) is down at once,
  // before a request waits on it; `ready` asks straight away whether it is back.
  const onClose = () => markDown('connection lost');
  const onReady = () => void askAgain();
  client.on('close', onClose);
  client.on('ready', onReady);

  return {
    client,
    get up() {
      return up;
    },
    async run(operation, work, fallback) {
      if (!up) return fallback();
      try {
        return await work();
      } catch (error) {
        failed(operation);
        markDown(error);
        return fallback();
      }
    },
    onChange(listener) {
      changeListeners.push(listener);
    },
    onError(listener) {
      errorListeners.push(listener);
    },
    async start() {
      if (client.status !== 'ready') {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, firstContactMs);
          client.once('ready', done);
          function done() {
            clearTimeout(timer);
            client.off('ready', done);
            resolve();
          }
        });
      }
      await askAgain();
      if (!up && !closed) {
        downSince = Date.now();
        startProbing();
        log.warn(
          { redis: 'down', reason: `no connection within ${firstContactMs} ms` },
          'Redis is unreachable at start: nonces, flood limits, stream places and search answers are kept in the database until it answers (decision 080)',
        );
      }
    },
    close() {
      closed = true;
      clearInterval(probe);
      probe = undefined;
      client.off('close', onClose);
      client.off('ready', onReady);
    },
  };
}

/** A reason fit for one log line: an error's message, without its stack. */
function describe(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
