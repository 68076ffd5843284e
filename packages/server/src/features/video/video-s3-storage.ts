import { createReadStream, createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { MediaError } from './ffmpeg-tools';
import type { S3Settings } from './media-settings';
import { s3ClientConfig } from './s3-client-config';
import { assertKey, cacheControlOf, contentTypeOf, type VideoStorage } from './video-storage';

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client(s3ClientConfig(settings));
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * S3-compatible object storage (AWS S3, Cloudflare R2, Alibaba OSS, MinIO…). Files go up as
 * multipart uploads when large (lib-storage); players fetch segments, previews and posters from
 * presigned addresses, so media never passes through the app servers.
 */
export function createS3VideoStorage(
  settings: S3Settings,
  client: S3Client = s3Client(settings),
): VideoStorage {
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async putFile(key, file, { move = false } = {}) {
      assertKey(key);
      const cacheControl = cacheControlOf(key);
      try {
        await new Upload({
          client,
          params: {
            Bucket,
            Key: key,
            Body: createReadStream(file),
            ContentType: contentTypeOf(key),
            ...(cacheControl ? { CacheControl: cacheControl } : {}),
          },
          queueSize: 4,
          partSize: 16 * 1024 * 1024,
        }).done();
      } catch (error) {
        throw new MediaError('storage-failed', (error as Error).message);
      }
      if (move) await unlink(file).catch(() => undefined);
    },
    async read(key, range) {
      assertKey(key);
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        const length = Number(answer.ContentLength ?? 0);
        const total = /\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1];
        return { body: answer.Body as Readable, length, size: total ? Number(total) : length };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async download(key, file) {
      assertKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        await pipeline(answer.Body as Readable, createWriteStream(file));
      } catch (error) {
        throw new MediaError('storage-failed', (error as Error).message);
      }
    },
    async removePrefix(prefix) {
      assertKey(prefix);
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: prefix,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length > 0)
          await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys } }));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async directUrl(key, ttlSeconds) {
      assertKey(key);
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: ttlSeconds });
    },
  };
}
