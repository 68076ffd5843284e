import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MediaError } from './ffmpeg-tools';

/**
 * Where titles' media live once made: playlists, segments, previews, posters and sources. Keys
 * are `/`-separated paths made by the server (never from user text), e.g.
 * `titles/{workId}/{mediaId}/720p/seg-00001.ts`.
 */
export interface VideoStorage {
  readonly kind: 'local' | 's3';
  /**
   * Stores a local file under `key` (replacing any); `move` takes the file away (a rename where
   * it can: a finished upload of several GB is not copied). Throws MediaError('storage-failed').
   */
  putFile(key: string, file: string, options?: { move?: boolean }): Promise<void>;
  /** Reads a stored object, whole or a byte range; undefined when there is none. */
  read(key: string, range?: ByteRange): Promise<StoredObject | undefined>;
  /** Copies a stored object to a local file (a source before transcoding). */
  download(key: string, file: string): Promise<void>;
  /** Removes every object under `prefix` (a folder: ends with `/`). */
  removePrefix(prefix: string): Promise<void>;
  /**
   * A short-lived address the browser fetches the object from directly (S3: presigned); undefined
   * for local storage, whose objects the app serves itself.
   */
  directUrl(key: string, ttlSeconds: number): Promise<string | undefined>;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

export interface StoredObject {
  body: Readable;
  /** Bytes in `body`. */
  length: number;
  /** The whole object's size. */
  size: number;
}

/** Content types of what the pipeline stores, by extension. */
export function contentTypeOf(key: string): string {
  const ext = path.extname(key).toLowerCase();
  return (
    {
      '.m3u8': 'application/vnd.apple.mpegurl',
      '.ts': 'video/mp2t',
      '.mp4': 'video/mp4',
      '.jpg': 'image/jpeg',
      '.jpeg': 'image/jpeg',
    }[ext] ?? 'application/octet-stream'
  );
}

/**
 * A video's files never change under its id: segments, previews and pictures are kept for good,
 * by browsers and by a CDN edge (whose cache key leaves the token out). Playlists a minute.
 */
export const SEGMENT_CACHE = 'public, max-age=31536000, immutable';
export const PLAYLIST_CACHE = 'public, max-age=60';

/** The Cache-Control a made file is stored with (an edge that asks the bucket passes it on). */
export function cacheControlOf(key: string): string | undefined {
  if (!key.startsWith('media/')) return undefined;
  return key.endsWith('.m3u8') ? PLAYLIST_CACHE : SEGMENT_CACHE;
}

/** A key the server made: segments of letters, digits, `.`, `_`, `-`; no `..`, no leading `/`. */
export function assertKey(key: string): void {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*\/?$/.test(key) || key.includes('..')) {
    throw new Error(`bad storage key: ${key}`);
  }
}

/**
 * Storage in a local folder (default: `DATA_DIR/media`): one machine, served by the app. Writes
 * go to a temporary name and are renamed into place, so a reader never sees half a file.
 */
export function localVideoStorage(root: string): VideoStorage {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    async putFile(key, file, { move = false } = {}) {
      const target = fileOf(key);
      const temporary = `${target}.part-${process.pid}`;
      try {
        await mkdir(path.dirname(target), { recursive: true });
        if (move) {
          try {
            await rename(file, target);
            return;
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
          }
        }
        await copyFile(file, temporary);
        await rename(temporary, target);
        if (move) await rm(file, { force: true });
      } catch (error) {
        await rm(temporary, { force: true }).catch(() => undefined);
        throw new MediaError('storage-failed', (error as Error).message);
      }
    },
    async read(key, range) {
      const file = fileOf(key);
      const size = await stat(file).then(
        (s) => (s.isFile() ? s.size : undefined),
        () => undefined,
      );
      if (size === undefined) return undefined;
      if (!range) return { body: createReadStream(file), length: size, size };
      return { body: createReadStream(file, range), length: range.end - range.start + 1, size };
    },
    async download(key, file) {
      try {
        await copyFile(fileOf(key), file);
      } catch (error) {
        throw new MediaError('storage-failed', (error as Error).message);
      }
    },
    async removePrefix(prefix) {
      await rm(fileOf(prefix), { recursive: true, force: true });
    },
    async directUrl() {
      return undefined;
    },
  };
}

/** Stores every file of a local folder (paths relative to it) under `prefix`. */
export async function putFiles(storage: VideoStorage, prefix: string, dir: string, files: readonly string[]) {
  // A few at a time: object stores are latency-bound, disks are not hurt by it.
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      await storage.putFile(`${prefix}${file}`, path.join(dir, ...file.split('/')));
    }
  };
  await Promise.all(Array.from({ length: storage.kind === 's3' ? 8 : 2 }, worker));
}
