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
}

/** The media settings from the parsed environment; a half-configured S3 is refused by name. */
export function mediaSettings(e: MediaEnv, dataDir: string, databaseUrl: string | undefined): MediaSettings {
  if (
    !e.MEDIA_S3_BUCKET &&
    (e.MEDIA_S3_ENDPOINT || e.MEDIA_S3_ACCESS_KEY_ID || e.MEDIA_S3_SECRET_ACCESS_KEY)
  ) {
    throw new Error('MEDIA_S3_BUCKET: object storage settings are given without a bucket');
  }
  if (Boolean(e.MEDIA_S3_ACCESS_KEY_ID) !== Boolean(e.MEDIA_S3_SECRET_ACCESS_KEY)) {
    throw new Error('MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together');
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
  };
}
