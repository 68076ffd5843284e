import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { testConfig } from '../../config';
import { loadDemoCatalogue } from './demo-catalogue';
import { attachDemoVideos, prepareDemoVideos } from './demo-videos';
import { PROCESS_TEST_MS } from '../../../test/timeouts';

let t: TestApp;
let mediaDir: string;
const quiet = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'yingku-demo-videos-'));
  const base = testConfig();
  t = await createTestApp({ media: { ...base.media, dir: mediaDir, inProcessWorker: true } });
  await loadDemoCatalogue(t.database.db, { works: 300 });
});

afterAll(async () => {
  await t?.close();
  await rm(mediaDir, { recursive: true, force: true });
});

describe('the demo’s videos', { timeout: PROCESS_TEST_MS }, () => {
  it('go through the pipeline: the newest marked works get one, every other mark and preview path goes', async () => {
    const db = t.database.db;
    const marked = await db
      .selectFrom('works')
      .select(['id', 'channel'])
      .where('is_online', '!=', 0)
      .execute();
    expect(marked.length).toBeGreaterThan(2);

    const chosen = await prepareDemoVideos(db, t.app.videoRuntime, { 1: 1, 2: 1, 3: 0 });
    expect(chosen).toHaveLength(2);
    // Before any video exists, they say 转码中, and nothing else says 在线.
    const marks = await db
      .selectFrom('works')
      .select(['id', 'is_online'])
      .where('is_online', '!=', 0)
      .execute();
    expect(marks.map((w) => [w.id, w.is_online]).sort()).toEqual(chosen.map((id) => [id, 2]).sort());

    const queued = await attachDemoVideos(t.app.videoRuntime, chosen, quiet);
    expect(queued).toBe(2);
    const media = await db.selectFrom('work_media').select(['id', 'work_id', 'rung_limit']).execute();
    expect(media.map((m) => m.rung_limit)).toEqual([2, 2]);
    expect(
      await db.selectFrom('works').select('id').where('mp4', 'like', 'demo/preview/%').execute(),
    ).toEqual([]);

    // Each made for real, then online with its preview; nothing else claims a video.
    for (;;) {
      const open = await db
        .selectFrom('work_media')
        .select('id')
        .where('status', 'in', ['queued', 'running'])
        .execute();
      if (open.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const online = await db
      .selectFrom('works')
      .select(['id', 'is_online', 'mp4'])
      .where('is_online', '!=', 0)
      .execute();
    expect(online.map((w) => w.id).sort()).toEqual(media.map((m) => m.work_id).sort());
    expect(online.every((w) => w.is_online === 1 && w.mp4?.endsWith('/preview.mp4'))).toBe(true);
  });
});
