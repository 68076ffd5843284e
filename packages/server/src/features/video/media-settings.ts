import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: '应为 true 或 false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** The media pipeline's settings, part of the environment config.ts parses once at boot. */
export const mediaEnvShape = {
  /** Where made media and uploads live with local storage (default DATA_DIR/media). */
  MEDIA_DIR: z.string().min(1).optional(),
  /** The largest video staff may attach, in bytes (default 20 GiB). */
  MEDIA_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .max(2 ** 50)
    .default(20 * 1024 ** 3),
  /** libx264's preset: slower makes smaller files for the same quality. */
  MEDIA_X264_PRESET: z
    .enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow', 'slower', 'veryslow'])
    .default('veryfast'),
  /** Videos one worker process makes at once. */
  MEDIA_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** A transcode running longer is stopped and retried. */
  MEDIA_JOB_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(48 * 60)
    .default(360),
  /**
   * Whether this server process also runs the transcode worker. Default: yes on the embedded
   * database (one process does everything), no on PostgreSQL (run `npm run worker`).
   */
  MEDIA_WORKER: bool.optional(),
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  /** S3-compatible object storage: a bucket turns it on (AWS S3, R2, OSS, MinIO…). */
  MEDIA_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, '应为合法的存储桶名称')
    .optional(),
  MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
  /** The store's address for anything but AWS, e.g. https://<account>.r2.cloudflarestorage.com. */
  MEDIA_S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+\/?$/, '应为 http(s):// 开头的地址（不含路径）')
    .optional(),
  MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addresses (bucket in the path): MinIO and most self-hosted stores need it. */
  MEDIA_S3_FORCE_PATH_STYLE: bool.default(false),
  /**
   * The keys that sign stream tokens, `id:secret` separated by commas: the first signs, every one
   * verifies (a rotation adds the new key first and drops the old one once its streams ended).
   * Unset: one key generated and kept in DATA_DIR (docs/decisions/054).
   */
  MEDIA_SIGNING_KEYS: z
    .string()
    .regex(
      /^[A-Za-z0-9]{1,16}:[A-Za-z0-9._~+/=-]{32,256}(,[A-Za-z0-9]{1,16}:[A-Za-z0-9._~+/=-]{32,256})*$/,
      '应为 id:密钥，以逗号分隔（id 为 1–16 个字母或数字，密钥 32–256 个字符）',
    )
    .optional(),
  /** A CDN in front of the media: players fetch playlists and segments from it (decision 054). */
  MEDIA_CDN_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/, '应为 http:// 或 https:// 开头的地址')
    .optional(),
  /**
   * What the edge sends the bucket as `Referer` on a cache miss, which the bucket policy of
   * `admin media edge-config` asks for: the bucket stays closed to everyone else.
   */
  MEDIA_CDN_ORIGIN_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{16,128}$/, '应为 16–128 个字母、数字或 . _ ~ -')
    .optional(),
  /** Where `npm run worker` answers /healthz, /readyz and /metrics (0: any free port). */
  WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  /** Devices one VIP account may stream on at once. */
  MEDIA_STREAMS_PER_VIP: z.coerce.number().int().min(1).max(20).default(2),
};

type MediaEnv = z.output<z.ZodObject<typeof mediaEnvShape>>;

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/** A stream-signing key and the id its tokens name (MEDIA_SIGNING_KEYS). */
export interface MediaKey {
  id: string;
  secret: string;
}

export interface CdnSettings {
  /** The edge's address, no trailing slash: `${baseUrl}/hls/…` and `${baseUrl}/media/…`. */
  baseUrl: string;
  /** The edge's `Referer` to the bucket (MEDIA_CDN_ORIGIN_SECRET). */
  originSecret: string | undefined;
}

export interface MediaSettings {
  /** Local storage's folder (made media, sources and uploads in progress). */
  dir: string;
  /** Object storage instead of `dir` for made media and sources; uploads still land in `dir`. */
  s3: S3Settings | undefined;
  maxBytes: number;
  preset: string;
  concurrency: number;
  jobTimeoutSeconds: number;
  /** Whether the server process runs the transcode worker too. */
  inProcessWorker: boolean;
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
  /** Stream-signing keys, the signing one first (never empty). */
  signingKeys: MediaKey[];
  /** A CDN that players fetch the streams from; undefined: from this site or the bucket. */
  cdn: CdnSettings | undefined;
  /** Devices one VIP account may stream on at once. */
  streamsPerVip: number;
  /** The worker process's health and metrics port (WORKER_PORT). */
  workerPort: number;
}

/** Parses MEDIA_SIGNING_KEYS (already checked by its pattern); ids must differ. */
export function parseSigningKeys(value: string): MediaKey[] {
  const keys = value.split(',').map((pair) => {
    const colon = pair.indexOf(':');
    return { id: pair.slice(0, colon), secret: pair.slice(colon + 1) };
  });
  if (new Set(keys.map((k) => k.id)).size !== keys.length) {
    throw new Error('MEDIA_SIGNING_KEYS: each key needs an id of its own');
  }
  return keys;
}

/**
 * The media settings from the parsed environment; a half-configured S3 or CDN is refused by
 * name. `generatedKey` gives the secret kept in DATA_DIR when MEDIA_SIGNING_KEYS is unset.
 */
export function mediaSettings(
  e: MediaEnv,
  dataDir: string,
  databaseUrl: string | undefined,
  generatedKey: () => string,
): MediaSettings {
  if (
    !e.MEDIA_S3_BUCKET &&
    (e.MEDIA_S3_ENDPOINT || e.MEDIA_S3_ACCESS_KEY_ID || e.MEDIA_S3_SECRET_ACCESS_KEY)
  ) {
    throw new Error('MEDIA_S3_BUCKET: object storage settings are given without a bucket');
  }
  if (Boolean(e.MEDIA_S3_ACCESS_KEY_ID) !== Boolean(e.MEDIA_S3_SECRET_ACCESS_KEY)) {
    throw new Error('MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together');
  }
  // The edge verifies the tokens itself, so its operator must know the keys: none made up here.
  if (e.MEDIA_CDN_BASE_URL && !e.MEDIA_SIGNING_KEYS) {
    throw new Error('MEDIA_CDN_BASE_URL: set MEDIA_SIGNING_KEYS too (the CDN edge verifies them)');
  }
  if (e.MEDIA_CDN_ORIGIN_SECRET && !e.MEDIA_CDN_BASE_URL) {
    throw new Error('MEDIA_CDN_ORIGIN_SECRET: it is for a CDN edge; set MEDIA_CDN_BASE_URL too');
  }
  return {
    dir: path.resolve(e.MEDIA_DIR ?? path.join(dataDir, 'media')),
    s3: e.MEDIA_S3_BUCKET
      ? {
          bucket: e.MEDIA_S3_BUCKET,
          region: e.MEDIA_S3_REGION,
          endpoint: e.MEDIA_S3_ENDPOINT?.replace(/\/+$/, ''),
          accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID,
          secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE,
        }
      : undefined,
    maxBytes: e.MEDIA_MAX_BYTES,
    preset: e.MEDIA_X264_PRESET,
    concurrency: e.MEDIA_CONCURRENCY,
    jobTimeoutSeconds: e.MEDIA_JOB_TIMEOUT_MINUTES * 60,
    inProcessWorker: e.MEDIA_WORKER ?? !databaseUrl,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    signingKeys: e.MEDIA_SIGNING_KEYS
      ? parseSigningKeys(e.MEDIA_SIGNING_KEYS)
      : [{ id: 'local', secret: generatedKey() }],
    cdn: e.MEDIA_CDN_BASE_URL
      ? { baseUrl: e.MEDIA_CDN_BASE_URL.replace(/\/+$/, ''), originSecret: e.MEDIA_CDN_ORIGIN_SECRET }
      : undefined,
    streamsPerVip: e.MEDIA_STREAMS_PER_VIP,
    workerPort: e.WORKER_PORT,
  };
}
