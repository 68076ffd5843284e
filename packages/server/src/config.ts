import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DELETION_LIMITS } from '@yingku/contract';
import { z } from 'zod';
import type {
  AlipaySettings,
  PaymentsSettings,
  WechatPlatformKey,
  WechatSettings,
} from './features/payments/payment-provider';
import { wechatPlatformKeys } from './features/payments/wechat-keys';
import { type ConfigProfile, configProfile, DEMO_SIGN_SECRET, productionProblems } from './config-production';
import { readSettingFiles } from './config-secret-files';
import { mailEnvShape, type MailSettings, mailSettings } from './features/mail/mail-settings';
import { mediaEnvShape, type MediaSettings, mediaSettings } from './features/video/media-settings';
import { redisEnvShape, type RedisSettings, redisSettings } from './redis/redis-settings';
import { SERVER_DIR } from './server-dir';
import { tracingEnvShape, type TracingSettings, tracingSettings } from './telemetry/tracing-settings';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: '应为 true 或 false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  /** `production` holds the settings to the production profile (config-production.ts). */
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, '应为 postgres:// 开头的连接串')
    .optional(),
  /**
   * Whether the server and the worker bring the schema up to date before they listen. Unset: yes
   * on the embedded database, no with DATABASE_URL, where `npm run migrate` does it apart from
   * the deploy's start and a process refuses a schema older than it needs (decision 072).
   */
  MIGRATE_ON_START: bool.optional(),
  /** A read replica for catalogue reads; only with DATABASE_URL (checked in loadConfig). */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, '应为 postgres:// 开头的连接串')
    .optional(),
  /** When set, GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, '至少 16 个字符').optional(),
  /**
   * After SIGTERM/SIGINT: how long /readyz answers 503 while requests are still served (ended
   * early once no connection is open). 3 s lets keep-alive clients' requests on their way land.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(3_000),
  /** After SIGTERM/SIGINT: how long in-flight requests may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  /**
   * How long a catalogue answer may be reused: the in-process read cache (decision 006) and the
   * HTTP max-age of anonymous catalogue reads (decision 017). 0 turns both off (the benchmark
   * measures the database path that way).
   */
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * How long a keyword search's answer is kept in the search cache (Redis with REDIS_URL, else in
   * process), keyed by the catalogue's version so any import or hide is seen at once; this bounds
   * how far a ranking's order may lag likes and ratings. 0 turns it off.
   */
  SEARCH_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  SIGN_SECRET: z.string().min(8, '至少 8 个字符').default(DEMO_SIGN_SECRET),
  APP_ID: z.string().min(1).default('yingku-web'),
  JWT_SECRET: z.string().min(32, '至少 32 个字符 (256 位)').optional(),
  /**
   * The AES-256-GCM key of the two-factor secrets (decision 070): 32 bytes, as 64 hex digits or
   * base64. Losing it turns every member's 两步验证 off in effect (their codes no longer check).
   */
  TWO_FACTOR_KEY: z
    .string()
    .refine((v) => twoFactorKeyBytes(v) !== undefined, '应为 32 字节的密钥：64 位十六进制或 base64')
    .optional(),
  IMAGE_HOST: z.string().min(1).default('/img'),
  CAPTCHA_ENABLED: bool.default(true),
  /** Unset: on, except in the production profile, which refuses it on (decision 073). */
  DEMO_DATA: bool.optional(),
  /**
   * With the demo catalogue, give a dozen of its works real videos in the background (ffmpeg
   * works for a minute or two after the first start). The benchmarks turn it off: the CPU they
   * measure is not shared with transcoding.
   */
  DEMO_VIDEOS: bool.default(true),
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
  /** The site's public origin, for payment links and provider notify URLs. */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/, '应为 http:// 或 https:// 开头的地址')
    .optional(),
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_SELLER_ID: z.string().optional(),
  ALIPAY_GATEWAY: z
    .string()
    .regex(/^https:\/\//, '应为 https:// 开头的地址')
    .optional(),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_MCH_ID: z.string().optional(),
  WECHAT_API_V3_KEY: z.string().length(32, '应为 32 个字符').optional(),
  WECHAT_PRIVATE_KEY: z.string().optional(),
  WECHAT_SERIAL_NO: z.string().optional(),
  WECHAT_PLATFORM_PUBLIC_KEY: z.string().optional(),
  WECHAT_PLATFORM_SERIAL: z.string().optional(),
  WECHAT_PUBLIC_KEY: z.string().optional(),
  WECHAT_PUBLIC_KEY_ID: z.string().optional(),
  WECHAT_PLATFORM_CERTS_DIR: z.string().optional(),
  WECHAT_API_BASE: z
    .string()
    .regex(/^https:\/\/[^/?#\s]+\/?$/, '应为 https:// 开头的地址（不含路径）')
    .optional(),
  SANDBOX_PAY_KEY: z.string().min(16, '至少 16 个字符').optional(),
  /**
   * The local sandbox that "pays" without money. Unset: on only for the demo (DEMO_DATA on and
   * no real provider configured). `true` beside a real provider is allowed, deliberately.
   */
  PAY_SANDBOX: bool.optional(),
  /** A login's address and user agent are blanked after this many days (docs/operations.md). */
  RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(180),
  /**
   * The embedded database's scheduled backups, written by the running server (decision 075):
   * every BACKUP_EVERY_HOURS hours (0: none), the newest BACKUP_KEEP kept in BACKUP_DIR, the
   * secrets DATA_DIR keeps only with BACKUP_SECRETS. PostgreSQL sites use pgBackRest (074).
   */
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 7)
    .default(0),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_SECRETS: bool.default(false),
  /**
   * The passphrase that encrypts the embedded database's archives, scheduled and by hand
   * (decision 077); unset, they are written plain. A restore of an encrypted one needs it.
   */
  BACKUP_KEY: z.string().min(16, '至少 16 个字符').optional(),
  /** 注销账号's cooling-off period in days: a login in it undoes the request (0: the next run). */
  ACCOUNT_DELETION_DAYS: z.coerce.number().int().min(0).max(90).default(DELETION_LIMITS.coolingOffDays),
  /** Activation codes one staff member may mint in the console per Asia/Shanghai day. */
  CODES_DAILY_CAP: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  /** A console login unused this many minutes is ended. */
  CONSOLE_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  ...mediaEnvShape,
  ...mailEnvShape,
  ...tracingEnvShape,
  ...redisEnvShape,
});

export type Env = z.input<typeof envSchema>;

/**
 * The settings that may also be given as `NAME_FILE`, a file holding the value (decision 073):
 * every one that holds a secret (a database or SMTP address carries its password), and the
 * providers' PEM keys that are mounted beside them.
 */
const FILE_SETTINGS: readonly (keyof Env)[] = [
  'DATABASE_URL',
  'DATABASE_READ_URL',
  'REDIS_URL',
  'REDIS_PASSWORD',
  'REDIS_SENTINEL_PASSWORD',
  'METRICS_TOKEN',
  'SIGN_SECRET',
  'JWT_SECRET',
  'TWO_FACTOR_KEY',
  'BACKUP_KEY',
  'ALIPAY_PRIVATE_KEY',
  'ALIPAY_PUBLIC_KEY',
  'WECHAT_API_V3_KEY',
  'WECHAT_PRIVATE_KEY',
  'WECHAT_PLATFORM_PUBLIC_KEY',
  'WECHAT_PUBLIC_KEY',
  'SANDBOX_PAY_KEY',
  'MEDIA_S3_SECRET_ACCESS_KEY',
  'MEDIA_SIGNING_KEYS',
  'MEDIA_CDN_ORIGIN_SECRET',
  'SMTP_URL',
  'OTEL_EXPORTER_OTLP_HEADERS',
  'OTEL_EXPORTER_OTLP_TRACES_HEADERS',
];

export interface AppConfig {
  /** NODE_ENV=production: `production`, whose rules the settings passed; else `development`. */
  profile: ConfigProfile;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** MIGRATE_ON_START: migrate before listening, else only check the schema (decision 072). */
  migrateOnStart: boolean;
  /** REDIS_URL or REDIS_SENTINELS: where Redis is; undefined without it (decision 080). */
  redis: RedisSettings | undefined;
  signSecret: string;
  appId: string;
  jwtSecret: string;
  /** TWO_FACTOR_KEY: 32 bytes that seal the TOTP secrets and key the backup codes' hashes. */
  twoFactorKey: Buffer;
  imageHost: string;
  captchaEnabled: boolean;
  demoData: boolean;
  /** The demo's background videos (DEMO_VIDEOS), only with {@link demoData}. */
  demoVideos: boolean;
  logLevel: string;
  webDist: string;
  /** Fastify's trustProxy: false, true, a hop count, or comma-separated addresses. */
  trustProxy: boolean | number | string;
  /** Per-address flood limits on captcha, register and login (http/flood-limits.ts). */
  floodLimits: boolean;
  /** Payment providers: Alipay / WeChat Pay when all their keys are set; the sandbox when chosen. */
  payments: PaymentsSettings;
  /** A PostgreSQL read replica that catalogue reads go to (DATABASE_READ_URL). */
  databaseReadUrl: string | undefined;
  /** Prefix of every Redis key (nonces, flood limits, stream places, search answers). */
  redisKeyPrefix: string;
  /** When set, /metrics needs this bearer token. */
  metricsToken: string | undefined;
  /** Graceful shutdown: readiness-503 drain, then the longest wait for in-flight requests. */
  shutdown: { drainMs: number; timeoutMs: number };
  /** Catalogue answers are reused this long, in process and by HTTP caches; 0: never. */
  catalogueCacheMs: number;
  /** Keyword searches' answers are kept this long, by catalogue version; 0: never. */
  searchCacheMs: number;
  /**
   * Tests: every response body is written by both serialisers, the fast one and zod's, and a
   * difference fails the request (http/response-serializer.ts). Off in production.
   */
  checkResponses: boolean;
  /** Uploads, transcoding, storage and the worker (docs/decisions/023). */
  media: MediaSettings;
  /** Password reset and e-mail verification mails: SMTP, else the outbox (decision 066). */
  mail: MailSettings;
  /** RETENTION_DAYS: addresses and user agents of logins are kept this long. */
  retentionDays: number;
  /**
   * Backups of the embedded database (BACKUP_*; decisions 075, 077): the schedule (everyHours 0:
   * none) and the key that encrypts every archive, scheduled or by hand (undefined: plain).
   */
  backup: { everyHours: number; keep: number; dir: string; withSecrets: boolean; key: string | undefined };
  /** ACCOUNT_DELETION_DAYS: 注销账号's cooling-off period, in which logging in undoes it. */
  accountDeletionDays: number;
  /** The console's trust rules (decision 071): CODES_DAILY_CAP, CONSOLE_IDLE_MINUTES. */
  staffTrust: { codesDailyCap: number; consoleIdleMinutes: number };
  /** OpenTelemetry tracing over OTLP (OTEL_*; decision 081); undefined: off, nothing loaded. */
  tracing: TracingSettings | undefined;
}

export class ConfigError extends Error {}

/**
 * Parses the environment once, at boot. A wrong value stops the start with a message naming it.
 * `JWT_SECRET` and `TWO_FACTOR_KEY`, when unset, are generated once and kept in `DATA_DIR`.
 * `NAME_FILE` gives a secret's value in a file; NODE_ENV=production refuses demo settings
 * (decision 073).
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
  const files = readSettingFiles(cleaned, FILE_SETTINGS, Object.keys(envSchema.shape));
  if (files.problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${files.problems.join('\n  ')}`);
  }
  const parsed = envSchema.safeParse(files.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_READ_URL: a read replica needs DATABASE_URL (the primary) too',
    );
  }
  const profile = configProfile(e.NODE_ENV);
  const demoData = e.DEMO_DATA ?? profile !== 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  const payments = paymentsSettings(e, demoData, dataDir);
  if (profile === 'production') {
    const problems = productionProblems(e, payments);
    if (problems.length > 0) {
      throw new ConfigError(
        `Refused by the production profile (NODE_ENV=production):\n  ${problems.join('\n  ')}`,
      );
    }
  }
  let media: MediaSettings;
  let mail: MailSettings;
  let redis: RedisSettings | undefined;
  try {
    media = mediaSettings(e, dataDir, e.DATABASE_URL, () => persistedSecret(dataDir, 'media-signing-key'));
    mail = mailSettings(e, dataDir, payments.publicUrl);
    redis = redisSettings(e);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  ${(error as Error).message}`);
  }
  return {
    profile,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    migrateOnStart: e.MIGRATE_ON_START ?? e.DATABASE_URL === undefined,
    redis,
    signSecret: e.SIGN_SECRET,
    appId: e.APP_ID,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir, 'jwt-secret'),
    twoFactorKey: twoFactorKey(e.TWO_FACTOR_KEY ?? persistedSecret(dataDir, 'two-factor-key')),
    imageHost: e.IMAGE_HOST,
    captchaEnabled: e.CAPTCHA_ENABLED,
    demoData,
    demoVideos: e.DEMO_VIDEOS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    floodLimits: true,
    webDist: path.resolve(e.WEB_DIST ?? defaultWebDist()),
    payments,
    databaseReadUrl: e.DATABASE_READ_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    metricsToken: e.METRICS_TOKEN,
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    catalogueCacheMs: e.CATALOGUE_CACHE_MS,
    searchCacheMs: e.SEARCH_CACHE_MS,
    checkResponses: false,
    media,
    mail,
    retentionDays: e.RETENTION_DAYS,
    backup: {
      everyHours: e.BACKUP_EVERY_HOURS,
      keep: e.BACKUP_KEEP,
      // Beside DATA_DIR, never in it: a backup must not hold the ones before it.
      dir: path.resolve(e.BACKUP_DIR ?? `${dataDir.replace(/[\\/]+$/, '')}-backups`),
      withSecrets: e.BACKUP_SECRETS,
      key: e.BACKUP_KEY,
    },
    accountDeletionDays: e.ACCOUNT_DELETION_DAYS,
    staffTrust: { codesDailyCap: e.CODES_DAILY_CAP, consoleIdleMinutes: e.CONSOLE_IDLE_MINUTES },
    tracing: tracingSettings(e),
  };
}

type ParsedEnv = z.output<typeof envSchema>;

const ALIPAY_REQUIRED = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'] as const;
const ALIPAY_OPTIONAL = ['ALIPAY_SELLER_ID', 'ALIPAY_GATEWAY'] as const;
const WECHAT_REQUIRED = [
  'WECHAT_APP_ID',
  'WECHAT_MCH_ID',
  'WECHAT_API_V3_KEY',
  'WECHAT_PRIVATE_KEY',
  'WECHAT_SERIAL_NO',
] as const;
/** Where WeChat's verification keys come from (at least one), and its API's address. */
const WECHAT_OPTIONAL = [
  'WECHAT_PLATFORM_PUBLIC_KEY',
  'WECHAT_PLATFORM_SERIAL',
  'WECHAT_PUBLIC_KEY',
  'WECHAT_PUBLIC_KEY_ID',
  'WECHAT_PLATFORM_CERTS_DIR',
  'WECHAT_API_BASE',
] as const;

/**
 * A provider is on only when every key it needs is set; some but not all of them is a typo or a
 * half-finished deployment, and stops the start rather than silently falling back to the sandbox.
 * The sandbox is never a stand-in for a missing provider: it is on when `PAY_SANDBOX` says so,
 * or by default only for the demo (demo data and no real provider); a channel with neither is
 * refused (decision 021).
 */
function paymentsSettings(e: ParsedEnv, demoData: boolean, dataDir: string): PaymentsSettings {
  const alipay = providerKeys(e, 'Alipay', ALIPAY_REQUIRED, ALIPAY_OPTIONAL);
  const wechat = providerKeys(e, 'WeChat Pay', WECHAT_REQUIRED, WECHAT_OPTIONAL);
  const sandbox = e.PAY_SANDBOX ?? (demoData && !alipay && !wechat);
  const settings: PaymentsSettings = {
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    sandbox,
    // Only a site that runs the sandbox needs its key (and a file for it in DATA_DIR).
    sandboxKey: sandbox ? (e.SANDBOX_PAY_KEY ?? persistedSecret(dataDir, 'sandbox-pay-key')) : '',
  };
  if (alipay) {
    const value: AlipaySettings = {
      appId: alipay.ALIPAY_APP_ID,
      privateKey: pem(alipay.ALIPAY_PRIVATE_KEY),
      alipayPublicKey: pem(alipay.ALIPAY_PUBLIC_KEY),
    };
    if (e.ALIPAY_SELLER_ID) value.sellerId = e.ALIPAY_SELLER_ID;
    if (e.ALIPAY_GATEWAY) value.gateway = e.ALIPAY_GATEWAY;
    settings.alipay = value;
  }
  if (wechat) {
    let platformKeys: WechatPlatformKey[];
    try {
      platformKeys = wechatPlatformKeys(e, pem);
    } catch (error) {
      throw new ConfigError(`Invalid configuration:\n  WeChat Pay: ${(error as Error).message}`);
    }
    if (platformKeys.length === 0) {
      throw new ConfigError(
        'Invalid configuration:\n  WeChat Pay is partly configured; also set WECHAT_PUBLIC_KEY and ' +
          'WECHAT_PUBLIC_KEY_ID, WECHAT_PLATFORM_PUBLIC_KEY and WECHAT_PLATFORM_SERIAL, or ' +
          'WECHAT_PLATFORM_CERTS_DIR (the keys that verify what WeChat Pay sends)',
      );
    }
    const value: WechatSettings = {
      appId: wechat.WECHAT_APP_ID,
      mchId: wechat.WECHAT_MCH_ID,
      apiV3Key: wechat.WECHAT_API_V3_KEY,
      privateKey: pem(wechat.WECHAT_PRIVATE_KEY),
      serialNo: wechat.WECHAT_SERIAL_NO,
      platformKeys,
    };
    if (e.WECHAT_API_BASE) value.baseUrl = e.WECHAT_API_BASE.replace(/\/+$/, '');
    settings.wechat = value;
  }
  return settings;
}

/** The provider's required keys when all are set; undefined when none is; ConfigError in between. */
function providerKeys<K extends keyof ParsedEnv>(
  e: ParsedEnv,
  provider: string,
  required: readonly K[],
  optional: readonly (keyof ParsedEnv)[],
): Record<K, string> | undefined {
  const missing = required.filter((name) => !e[name]);
  const anySet = [...required, ...optional].some((name) => e[name] !== undefined);
  if (!anySet) return undefined;
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  ${provider} is partly configured; also set ${missing.join(', ')}`,
    );
  }
  return Object.fromEntries(required.map((name) => [name, String(e[name])])) as Record<K, string>;
}

/** PEM keys often reach the environment on one line, with `\\n` for each line break. */
function pem(value: string): string {
  return value.replace(/\\n/g, '\n');
}

function defaultWebDist(): string {
  return path.join(SERVER_DIR, '..', 'web', 'dist');
}

/** TWO_FACTOR_KEY's bytes; a kept key that is not one (an edited DATA_DIR file) stops the start. */
function twoFactorKey(text: string): Buffer {
  const bytes = twoFactorKeyBytes(text);
  if (!bytes) {
    throw new ConfigError(
      'Invalid configuration:\n  TWO_FACTOR_KEY (or DATA_DIR/two-factor-key): not 32 bytes of hex or base64',
    );
  }
  return bytes;
}

/** 32 bytes from 64 hex digits or base64 (either alphabet, padded or not); undefined otherwise. */
function twoFactorKeyBytes(text: string): Buffer | undefined {
  const value = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(value)
      ? Buffer.from(value, 'base64')
      : undefined;
  return bytes?.length === 32 ? bytes : undefined;
}

/**
 * The secrets generated into DATA_DIR when their settings are unset (one file each): a backup
 * leaves them out unless asked (features/backup, decision 075).
 */
export const PERSISTED_SECRETS = [
  'jwt-secret',
  'two-factor-key',
  'media-signing-key',
  'sandbox-pay-key',
] as const;

function persistedSecret(dataDir: string, name: (typeof PERSISTED_SECRETS)[number]): string {
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
    profile: 'development',
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    databaseUrl: undefined,
    migrateOnStart: true,
    redis: undefined,
    signSecret: 'test-sign-secret',
    appId: 'test-app',
    jwtSecret: 'test-jwt-secret-0123456789abcdef0123456789abcdef',
    twoFactorKey: Buffer.alloc(32, 7),
    imageHost: '/img',
    captchaEnabled: false,
    demoData: false,
    demoVideos: false,
    logLevel: 'silent',
    webDist: defaultWebDist(),
    trustProxy: false,
    // Tests register many users from one address; the flood-limit test turns them on.
    floodLimits: false,
    // No origin: sandbox links are same-origin paths, right whatever port a test server gets.
    payments: { publicUrl: '', sandbox: true, sandboxKey: 'test-sandbox-pay-key-0123456789abcdef' },
    databaseReadUrl: undefined,
    redisKeyPrefix: 'yingku:',
    metricsToken: undefined,
    shutdown: { drainMs: 0, timeoutMs: 10_000 },
    catalogueCacheMs: 10_000,
    searchCacheMs: 60_000,
    checkResponses: true,
    // Nothing is written here unless a test attaches a video; such tests pass a folder of their own.
    media: {
      dir: path.join(tmpdir(), `yingku-test-media-${process.pid}`),
      s3: undefined,
      maxBytes: 64 * 1024 * 1024,
      preset: 'ultrafast',
      concurrency: 1,
      jobTimeoutSeconds: 600,
      inProcessWorker: false,
      ffmpegPath: undefined,
      ffprobePath: undefined,
      signingKeys: [{ id: 'test1', secret: 'test-media-signing-key-0123456789abcdef' }],
      cdn: undefined,
      streamsPerVip: 2,
      workerPort: 0,
    },
    // No outbox: a test that follows a mail gives an SMTP server of its own (test/smtp-server.ts).
    retentionDays: 180,
    backup: {
      everyHours: 0,
      keep: 7,
      dir: path.join(tmpdir(), 'yingku-test-backups'),
      withSecrets: false,
      key: undefined,
    },
    accountDeletionDays: DELETION_LIMITS.coolingOffDays,
    staffTrust: { codesDailyCap: 2000, consoleIdleMinutes: 30 },
    tracing: undefined,
    mail: {
      smtpUrl: undefined,
      from: '影库 <no-reply@yingku.test>',
      outboxDir: undefined,
      siteUrl: 'http://localhost',
    },
    ...overrides,
  };
}
