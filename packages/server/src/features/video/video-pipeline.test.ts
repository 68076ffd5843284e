import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { makeClip, removeClips, testFfmpeg } from '../../../test/media-fixtures';
import type { Database } from '../../db/connection';
import { MediaError } from './ffmpeg-tools';
import { createVideoRepo } from './video.repo';
import { createVideoPipeline, SOURCE_PREFIX } from './video-pipeline';
import { localVideoStorage, type VideoStorage } from './video-storage';

const tools = testFfmpeg();
let database: Database;
let root: string;
let clip: string;

beforeAll(async () => {
  database = await createTestDatabase();
  root = await mkdtemp(path.join(tmpdir(), 'yingku-pipeline-'));
  clip = await makeClip(tools, { width: 640, height: 360, seconds: 4 });
});

afterAll(async () => {
  await database?.close();
  await removeClips(clip);
  await rm(root, { recursive: true, force: true });
});

/** Local storage whose disk refuses every write of made media (a full disk, a read-only bucket). */
function refusingStorage(inner: VideoStorage): VideoStorage {
  return {
    ...inner,
    async putFile(key, file, options) {
      if (key.startsWith('media/')) throw new MediaError('storage-failed', 'ENOSPC: no space left on device');
      return inner.putFile(key, file, options);
    },
  };
}

describe('the pipeline when storage refuses writes', () => {
  it('retries while attempts remain, then fails with the reason, leaving the work as it was and no files', async () => {
    const repo = createVideoRepo(database.db);
    const local = localVideoStorage(path.join(root, 'media-root'));
    const storage = refusingStorage(local);
    const pipeline = createVideoPipeline({ repo, storage, tools, preset: 'ultrafast' });
    const workId = (await insertWorks(database.db, [buildWorkLine({ isOnline: 0 })])).ids[0]!;
    const sourceKey = `${SOURCE_PREFIX}refused`;
    await local.putFile(sourceKey, clip);
    const media = await repo.insertMedia({
      workId,
      sourceKey,
      sourceName: 'refused.mp4',
      sourceBytes: 1,
      rungLimit: 1,
      createdBy: null,
    });
    if (!media || media === 'busy') throw new Error('not recorded');

    // Not the last attempt: back to the queue for another try.
    expect(await pipeline.process(media.id, { lastAttempt: false })).toBe('retry');
    expect((await repo.find(media.id))?.status).toBe('queued');
    // The last: failed, with the storage's words, the work back to 0, nothing made left behind.
    expect(await pipeline.process(media.id, { lastAttempt: true })).toBe('failed');
    expect(await repo.find(media.id)).toMatchObject({
      status: 'failed',
      failure: 'storage-failed',
      failureDetail: 'ENOSPC: no space left on device',
      attempts: 2,
    });
    const work = await database.db
      .selectFrom('works')
      .select('is_online')
      .where('id', '=', workId)
      .executeTakeFirstOrThrow();
    expect(work.is_online).toBe(0);
    expect(await readdir(path.join(root, 'media-root')).catch(() => [])).toEqual(['sources']);
  });
});
