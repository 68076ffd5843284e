import { z } from 'zod';

/** One `host:port` of REDIS_SENTINELS; a host may be a name, an IPv4 or a bracketed IPv6 address. */
const SENTINEL = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/;

/** The Redis settings, part of the environment config.ts parses once at boot (decision 080). */
export const redisEnvShape = {
  /** One Redis by address: `redis://[:password@]host:port[/db]`, or `rediss://` for TLS. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, '应为 redis:// 开头的连接串')
    .optional(),
  /** Starts every Redis key, so several sites or environments can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, '应为 1–64 个字母、数字或 : _ . -')
    .default('yingku:'),
  /** Redis through Sentinel instead of REDIS_URL: the sentinels, `host:port` comma-separated. */
  REDIS_SENTINELS: z
    .string()
    .refine((v) => v.split(',').every((entry) => SENTINEL.test(entry.trim())), '应为以逗号分隔的 host:port')
    .optional(),
  /** The master's name the sentinels watch (`sentinel monitor <name> …`). */
  REDIS_SENTINEL_NAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, '应为 1–64 个字母、数字或 . _ -')
    .optional(),
  /** With REDIS_SENTINELS: the master's password (REDIS_URL carries its own). */
  REDIS_PASSWORD: z.string().min(1).optional(),
  /** With REDIS_SENTINELS: the sentinels' own password, when they ask for one. */
  REDIS_SENTINEL_PASSWORD: z.string().min(1).optional(),
};

type RedisEnv = z.output<z.ZodObject<typeof redisEnvShape>>;

/** Where Redis is: one address, or a master found through Sentinel. */
export type RedisSettings =
  | { url: string }
  | {
      sentinels: Array<{ host: string; port: number }>;
      name: string;
      password: string | undefined;
      sentinelPassword: string | undefined;
    };

/**
 * REDIS_URL or REDIS_SENTINELS (with REDIS_SENTINEL_NAME), never both; undefined with neither.
 * Throws naming the setting for config.ts to report.
 */
export function redisSettings(e: RedisEnv): RedisSettings | undefined {
  if (!e.REDIS_SENTINELS) {
    const stray = (['REDIS_SENTINEL_NAME', 'REDIS_PASSWORD', 'REDIS_SENTINEL_PASSWORD'] as const).find(
      (name) => e[name] !== undefined,
    );
    if (stray) throw new Error(`${stray}: only with REDIS_SENTINELS (REDIS_URL carries its own password)`);
    return e.REDIS_URL ? { url: e.REDIS_URL } : undefined;
  }
  if (e.REDIS_URL) throw new Error('REDIS_SENTINELS: set REDIS_URL or REDIS_SENTINELS, not both');
  if (!e.REDIS_SENTINEL_NAME) {
    throw new Error(
      'REDIS_SENTINEL_NAME: the name of the master the sentinels watch is needed with REDIS_SENTINELS',
    );
  }
  const sentinels = e.REDIS_SENTINELS.split(',').map((entry) => {
    const [, host = '', port = ''] = SENTINEL.exec(entry.trim()) ?? [];
    return { host: host.replace(/^\[|\]$/g, ''), port: Number(port) };
  });
  const badPort = sentinels.find(({ port }) => port < 1 || port > 65535);
  if (badPort) throw new Error(`REDIS_SENTINELS: ${badPort.host}:${badPort.port} is not a port`);
  return {
    sentinels,
    name: e.REDIS_SENTINEL_NAME,
    password: e.REDIS_PASSWORD,
    sentinelPassword: e.REDIS_SENTINEL_PASSWORD,
  };
}

/** How the start line names it: `Redis` or `Redis via Sentinel (mymaster)`. */
export function describeRedis(settings: RedisSettings): string {
  return 'url' in settings ? 'Redis' : `Redis via Sentinel (${settings.name})`;
}
