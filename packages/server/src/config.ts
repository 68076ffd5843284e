import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: '应为 true 或 false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, '应为 postgres:// 开头的连接串')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, '应为 redis:// 开头的连接串')
    .optional(),
  SIGN_SECRET: z.string().min(8, '至少 8 个字符').default('yingku-demo-sign-secret'),
  APP_ID: z.string().min(1).default('yingku-web'),
  JWT_SECRET: z.string().min(32, '至少 32 个字符 (256 位)').optional(),
  IMAGE_HOST: z.string().min(1).default('/img'),
  CAPTCHA_ENABLED: bool.default(true),
  DEMO_DATA: bool.default(true),
  /**
   * Which proxies may set X-Forwarded-For (the client address behind login limits): false (none,
   * the default), true (any — only behind a proxy that overwrites the header), a hop count, or
   * comma-separated addresses/CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*)$/,
      '应为 true、false、代理层数或以逗号分隔的地址',
    )
    .default('false')
    .transform((v): boolean | number | string =>
      v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v,
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; served at / when present. */
  WEB_DIST: z.string().optional(),
});

export type Env = z.input<typeof envSchema>;

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  signSecret: string;
  appId: string;
  jwtSecret: string;
  imageHost: string;
  captchaEnabled: boolean;
  demoData: boolean;
  logLevel: string;
  webDist: string;
  /** Fastify's trustProxy: false, true, a hop count, or comma-separated addresses. */
  trustProxy: boolean | number | string;
  /** Per-address flood limits on captcha, register and login (http/flood-limits.ts). */
  floodLimits: boolean;
}

export class ConfigError extends Error {}

/**
 * Parses the environment once, at boot. A wrong value stops the start with a message naming it.
 * `JWT_SECRET`, when unset, is generated once and kept in `DATA_DIR`.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    signSecret: e.SIGN_SECRET,
    appId: e.APP_ID,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir, 'jwt-secret'),
    imageHost: e.IMAGE_HOST,
    captchaEnabled: e.CAPTCHA_ENABLED,
    demoData: e.DEMO_DATA,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    floodLimits: true,
    webDist: path.resolve(e.WEB_DIST ?? defaultWebDist()),
  };
}

function defaultWebDist(): string {
  return path.join(import.meta.dirname, '..', '..', 'web', 'dist');
}

function persistedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** A config for tests: in-memory database, fixed secrets, quiet logs. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    databaseUrl: undefined,
    redisUrl: undefined,
    signSecret: 'test-sign-secret',
    appId: 'test-app',
    jwtSecret: 'test-jwt-secret-0123456789abcdef0123456789abcdef',
    imageHost: '/img',
    captchaEnabled: false,
    demoData: false,
    logLevel: 'silent',
    webDist: defaultWebDist(),
    trustProxy: false,
    // Tests register many users from one address; the flood-limit test turns them on.
    floodLimits: false,
    ...overrides,
  };
}
