import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VIDEO_MSG } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { makeNonVideo, removeClips } from '../../../test/media-fixtures';
import { testConfig } from '../../config';
import type { Database } from '../../db/connection';
import { silentLogger } from '../../lib/logger';
import { createVideoRuntime, type VideoRuntime } from './video-runtime';

let database: Database;
let runtime: VideoRuntime;
let mediaDir: string;
let file: string;

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = await mkdtemp(path.join(tmpdir(), 'yingku-no-ffmpeg-'));
  const config = testConfig({ media: { ...testConfig().media, dir: mediaDir } });
  runtime = createVideoRuntime({
    config,
    database,
    log: silentLogger,
    tools: null,
    queue: { retryDelaySeconds: 1 },
  });
  await runtime.startWorker();
  file = await makeNonVideo('any.mp4', 'bytes');
});

afterAll(async () => {
  await runtime?.close();
  await database?.close();
  await removeClips(file);
  await rm(mediaDir, { recursive: true, force: true });
});

describe('a site without ffmpeg', () => {
  it('says so plainly, and a video attached anyway fails with that reason, the work as it was', async () => {
    expect(runtime.service.status()).toEqual({
      ffmpeg: null,
      message: VIDEO_MSG.noFfmpeg,
      storage: 'local',
      maxBytes: testConfig().media.maxBytes,
    });
    const workId = (await insertWorks(database.db, [buildWorkLine({ isOnline: 0 })])).ids[0]!;
    const media = await runtime.service.attachFile({ workId, file, name: 'any.mp4', staffId: null });
    let row = await runtime.service.find(media.id);
    while (row?.status === 'queued' || row?.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await runtime.service.find(media.id);
    }
    expect(row).toMatchObject({ status: 'failed', failure: 'ffmpeg-missing' });
    const work = await database.db
      .selectFrom('works')
      .select('is_online')
      .where('id', '=', workId)
      .executeTakeFirstOrThrow();
    expect(work.is_online).toBe(0);
  });
});
