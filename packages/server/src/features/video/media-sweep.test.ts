import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fillPath, VIDEO_MSG, STAFF_API } from '@yingku/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { insertRoleCaller } from '../../../test/staff';
import { testConfig } from '../../config';
import { silentLogger } from '../../lib/logger';
import { titlePrefix } from './video-pipeline';

let t: TestApp;
let dir: string;
const KEEP_REPLACED = 3 * 60 * 60 + 5 * 60;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'yingku-sweep-'));
  t = await createTestApp({ media: { ...testConfig().media, dir } });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** A video row as the pipeline leaves it, `hoursAgo` after it ended, with its files in storage. */
async function video(workId: string, status: 'ready' | 'failed' | 'cancelled', hoursAgo: number) {
  const { id } = await t.database.db
    .insertInto('work_media')
    .values({
      work_id: workId,
      status,
      source_key: `sources/${workId}-${Math.random().toString(36).slice(2)}`,
      rungs: '[]',
      rung_limit: null,
      duration_seconds: 60,
      failure: status === 'ready' ? null : 'ffmpeg-failed',
      failure_detail: null,
      owner_pid: null,
      created_by: null,
      started_at: null,
      finished_at: sql<Date>`now() - make_interval(hours => ${hoursAgo})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = (await t.app.videoRuntime.service.find(id))!;
  const file = path.join(dir, 'probe');
  await writeFile(file, 'x');
  await t.app.videoRuntime.storage.putFile(row.sourceKey, file);
  if (status === 'ready')
    await t.app.videoRuntime.storage.putFile(`${titlePrefix(workId, id)}master.m3u8`, file);
  return row;
}
const stored = (key: string) => existsSync(path.join(dir, ...key.split('/')));
const plays = (workId: string, mediaId: string) =>
  t.database.db
    .updateTable('works')
    .set({ media_id: mediaId, is_online: 1 })
    .where('id', '=', workId)
    .execute();

describe('the media sweep', () => {
  it('removes what nothing plays or will play, and keeps the rest', async () => {
    const [a, b, c] = (await insertWorks(t.database.db, [buildWorkLine(), buildWorkLine(), buildWorkLine()]))
      .ids as [string, string, string];
    const oldFailure = await video(a, 'failed', 8 * 24);
    const newFailure = await video(a, 'cancelled', 24);
    // b: its first video replaced four hours ago; c: an hour ago (players may still hold it).
    const replaced = await video(b, 'ready', 30);
    const current = await video(b, 'ready', 4);
    await plays(b, current.id);
    const stillHeld = await video(c, 'ready', 30);
    const fresh = await video(c, 'ready', 1);
    await plays(c, fresh.id);

    const sweep = t.app.videoRuntime.service.sourceSweeper(KEEP_REPLACED, silentLogger);
    expect(await sweep()).toBe(2);
    expect(stored(oldFailure.sourceKey)).toBe(false);
    expect(stored(replaced.sourceKey)).toBe(false);
    expect(stored(`${titlePrefix(b, replaced.id)}master.m3u8`)).toBe(false);
    for (const kept of [newFailure.sourceKey, current.sourceKey, stillHeld.sourceKey, fresh.sourceKey]) {
      expect(stored(kept), kept).toBe(true);
    }
    expect(stored(`${titlePrefix(b, current.id)}master.m3u8`)).toBe(true);
    // Once done, never again; the rows say so.
    expect(await sweep()).toBe(0);
    expect((await t.app.videoRuntime.service.find(oldFailure.id))!.sourceRemovedAt).toBeInstanceOf(Date);

    // A failed video whose source went cannot be retried: staff are told to upload it again.
    const staff = (await insertRoleCaller(t, ['member', 'content'])).headers;
    const retry = await t.send('POST', fillPath(STAFF_API.mediaRetry, { id: oldFailure.id }), {}, staff);
    expect(retry.json()).toEqual({ code: 409, msg: VIDEO_MSG.sourceRemoved });
  });
});
