import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API, fillPath, VIDEO_MSG, STAFF_API } from '@yingku/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { makeClip, makeNonVideo, removeClips, testFfmpeg } from '../../../test/media-fixtures';
import { expectLoginDialog, expectStaffOnly, insertRoleCaller } from '../../../test/staff';
import { insertCaller } from '../../../test/users';
import { testConfig } from '../../config';
import { TOKEN_PATH } from '../streams/media-tokens';
import { playlistSegments } from './ladder';

const tools = testFfmpeg();
const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let mediaDir: string;
let staff: Record<string, string>;
let clip: string;
const clips: string[] = [];

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'yingku-media-test-'));
  const base = testConfig();
  t = await createTestApp(
    { media: { ...base.media, dir: mediaDir, inProcessWorker: true } },
    { videoQueue: { retryDelaySeconds: 1, sweepSeconds: 1 } },
  );
  staff = (await insertRoleCaller(t, ['member', 'content'])).headers;
  clip = await makeClip(tools, { width: 854, height: 480, seconds: 6 });
  clips.push(clip);
});

afterAll(async () => {
  await t?.close();
  await removeClips(...clips);
  await rm(mediaDir, { recursive: true, force: true });
});

/** The app's media side, as the CLI uses it. */
const video = () => t.app.videoRuntime;

async function newWork(isOnline: 0 | 1 | 2 = 0) {
  const { ids } = await insertWorks(t.database.db, [buildWorkLine({ isOnline })]);
  return ids[0]!;
}

async function workState(workId: string) {
  return t.database.db
    .selectFrom('works')
    .select(['is_online', 'media_id', 'mp4'])
    .where('id', '=', workId)
    .executeTakeFirstOrThrow();
}

/** Polls the console's view of a video until it leaves queued/running. */
async function settled(mediaId: string) {
  for (let i = 0; i < 600; i += 1) {
    const res = await t.get(fillPath(STAFF_API.media, { id: mediaId }), {}, staff);
    const row = res.json().data;
    if (row.status !== 'queued' && row.status !== 'running') return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`video ${mediaId} never settled`);
}

async function vipHeaders() {
  return (await insertCaller(t, { levelId: 2, vipUntil: new Date(Date.now() + 30 * DAY) })).headers;
}

describe('a video attached to a work', () => {
  it('is transcoded by the queue: 转码中, then online with a ladder, preview and poster', async () => {
    const workId = await newWork(0);
    const media = await video().service.attachFile({ workId, file: clip, name: 'clip.mp4', staffId: null });
    expect(media.status).toBe('queued');
    expect((await workState(workId)).is_online).toBe(2);

    const row = await settled(media.id);
    expect(row).toMatchObject({ status: 'ready', playing: true, failure: null });
    expect(row.rungs.map((r: { name: string }) => r.name)).toEqual(['480p', '360p']);
    expect(
      row.rungs.every((r: { percent: number; bandwidth: number }) => r.percent === 100 && r.bandwidth > 0),
    ).toBe(true);
    const work = await workState(workId);
    expect(work).toMatchObject({
      is_online: 1,
      media_id: media.id,
      mp4: `media/${workId}/${media.id}/preview.mp4`,
    });

    // The preview plays for everyone, with ranges.
    const preview = await t.app.inject({
      method: 'GET',
      url: `/img/${work.mp4}`,
      headers: { range: 'bytes=0-99' },
    });
    expect(preview.statusCode).toBe(206);
    expect(preview.headers['content-type']).toBe('video/mp4');
    expect(preview.rawPayload.length).toBe(100);

    // A VIP gets the master playlist under a token; its rungs and segments are relative to it.
    const stream = await t.get(fillPath(API.videoStream, { id: workId }), {}, await vipHeaders());
    expect(stream.statusCode, stream.body).toBe(200);
    const data = stream.json().data;
    expect(data.qualities).toEqual([
      { name: '480p', height: 480 },
      { name: '360p', height: 360 },
    ]);
    expect(data.posterUrl).toBe(`/img/media/${workId}/${media.id}/poster.jpg`);
    const master = await t.app.inject({ method: 'GET', url: data.m3u8Url });
    expect(master.statusCode).toBe(200);
    expect(master.body).toMatch(/CODECS="avc1\.64[0-9a-f]{4},mp4a\.40\.2"/);
    const rungUri = master.body.split('\n').find((line) => line.startsWith('480p/'))!;
    const base = data.m3u8Url.slice(0, data.m3u8Url.indexOf('master.m3u8'));
    const rung = await t.app.inject({ method: 'GET', url: `${base}${rungUri}` });
    expect(rung.statusCode).toBe(200);
    const segment = playlistSegments(rung.body)[0]!;
    const segmentUrl = `${base}480p/${segment.uri}`;
    const ts = await t.app.inject({ method: 'GET', url: segmentUrl });
    expect(ts.statusCode).toBe(200);
    expect(ts.headers['content-type']).toBe('video/mp2t');
    expect(ts.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte

    // Its frames can become the work's stills, served like any picture.
    expect(row.stills).toHaveLength(8);
    const stills = await t.send('POST', fillPath(STAFF_API.mediaStills, { id: media.id }), {}, staff);
    expect(stills.statusCode, stills.body).toBe(200);
    const images = await t.database.db
      .selectFrom('works')
      .select(['image_big', 'image_small'])
      .where('id', '=', workId)
      .executeTakeFirstOrThrow();
    expect(images.image_small).toEqual(row.stills);
    expect(images.image_big[0]).toBe(`media/${workId}/${media.id}/stills/1.jpg`);
    const still = await t.app.inject({ method: 'GET', url: `/img/${images.image_big[7]}` });
    expect(still.statusCode).toBe(200);
    expect(still.headers['content-type']).toBe('image/jpeg');

    // A token opens this video's files, and no other video's; an altered one opens nothing.
    expect(ts.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(rung.headers['cache-control']).toBe('public, max-age=60');
    const sig = TOKEN_PATH.exec(segmentUrl.slice('/img/hls'.length))!.groups!.sig!;
    const moved = [
      segmentUrl.replace(`/${media.id}/`, `/${BigInt(media.id) + 1n}/`),
      segmentUrl.replace(`/${workId}/`, `/${BigInt(workId) + 1n}/`),
      segmentUrl.replace(sig, `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`),
    ];
    for (const url of moved) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(403);

    // The worker in this process counts on the server's own /metrics: the job, each rung, the queue.
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/^yingku_transcode_jobs_total\{outcome="ready"\} [1-9]/m);
    expect(metrics).toMatch(/^yingku_transcode_rung_seconds_count\{rung="480p"\} [1-9]/m);
    expect(metrics).toMatch(/^yingku_transcode_queue_depth \d+$/m);
    // pg-boss's own queues, each named: the job was taken, so none is waiting.
    expect(metrics).toMatch(/^yingku_job_queue_depth\{queue="video-transcode"\} 0$/m);
    expect(metrics).toMatch(/^yingku_job_queue_oldest_seconds\{queue="video-cleanup"\} 0$/m);
  });

  it('fails a file that is not a video with the reason, leaving the work as it was and no files', async () => {
    const workId = await newWork(0);
    const bad = await makeNonVideo();
    clips.push(bad);
    const media = await video().service.attachFile({ workId, file: bad, name: 'notes.mp4', staffId: null });
    const row = await settled(media.id);
    expect(row).toMatchObject({ status: 'failed', failure: 'not-media', playing: false });
    expect(await workState(workId)).toMatchObject({ is_online: 0, media_id: null });
    expect(existsSync(path.join(mediaDir, 'media', workId))).toBe(false);
    const stills = await t.send('POST', fillPath(STAFF_API.mediaStills, { id: media.id }), {}, staff);
    expect(stills.json()).toEqual({ code: 409, msg: VIDEO_MSG.notReady });
    expect(VIDEO_MSG.failures['not-media']).toBeTruthy();
  });

  it('lets one of two attaches to a work win, and a retry after a failure goes through', async () => {
    const workId = await newWork(0);
    const bad = await makeNonVideo();
    clips.push(bad);
    const results = await Promise.allSettled([
      video().service.attachFile({ workId, file: bad, name: 'a.mp4', staffId: null }),
      video().service.attachFile({ workId, file: bad, name: 'b.mp4', staffId: null }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 409, message: VIDEO_MSG.busy });
    const won = (results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ id: string }>)
      .value;
    expect((await settled(won.id)).status).toBe('failed');

    const retried = await t.send('POST', fillPath(STAFF_API.mediaRetry, { id: won.id }), {}, staff);
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await settled(won.id)).status).toBe('failed'); // still not a video
    expect(
      (await t.send('POST', fillPath(STAFF_API.mediaRetry, { id: '999999' }), {}, staff)).statusCode,
    ).toBe(404);
  });

  it('keeps the old video playing until its replacement is ready, and resumes a member where they stopped', async () => {
    const workId = await newWork(0);
    const first = await video().service.attachFile({ workId, file: clip, name: 'one.mp4', staffId: null });
    await settled(first.id);
    const second = await video().service.attachFile({ workId, file: clip, name: 'two.mp4', staffId: null });
    // While the second is made, the work stays online with the first.
    expect(await workState(workId)).toMatchObject({ is_online: 1, media_id: first.id });
    expect((await settled(second.id)).status).toBe('ready');
    expect(await workState(workId)).toMatchObject({ is_online: 1, media_id: second.id });

    const vip = await vipHeaders();
    const saved = await t.send('POST', API.playPosition, { workId, position: 3.5 }, vip);
    expect(saved.statusCode, saved.body).toBe(200);
    const stream = await t.get(fillPath(API.videoStream, { id: workId }), {}, vip);
    expect(stream.json().data.position).toBe(3.5);
    expect(stream.json().data.m3u8Url).toContain(`/${second.id}/master.m3u8`);
    expect((await t.send('POST', API.playPosition, { workId: '999999', position: 1 }, vip)).statusCode).toBe(
      404,
    );
    expect((await t.send('POST', API.playPosition, { workId, position: -1 }, vip)).statusCode).toBe(400);
  });

  it('fulfils the work’s cloud-download requests when it goes online', async () => {
    const workId = await newWork(0);
    const vip = await vipHeaders();
    const asked = await t.send('POST', API.cloudDownload, { censoredId: workId }, vip);
    expect(asked.statusCode, asked.body).toBe(200);
    const media = await video().service.attachFile({ workId, file: clip, name: 'c.mp4', staffId: null });
    await settled(media.id);
    const mine = await t.get(API.cloudDownloads, { workId }, vip);
    expect(mine.json().rows[0].status).toBe(1);
  });

  it('is the console’s alone: visitors get the login dialog, members 403', async () => {
    expectLoginDialog(await t.get(STAFF_API.mediaList));
    const member = (await insertCaller(t)).headers;
    expectStaffOnly(await t.get(STAFF_API.mediaList, {}, member));
    const status = await t.get(STAFF_API.mediaStatus, {}, staff);
    expect(status.json().data).toMatchObject({ storage: 'local', message: '' });
    expect(status.json().data.ffmpeg).toContain('ffmpeg');
  });
});

describe('the console’s changes to a video', () => {
  const entriesOf = (mediaId: string) =>
    t.database.db
      .selectFrom('staff_actions')
      .select(['actor_id', 'action', 'before', 'after'])
      .where('object_type', '=', 'media')
      .where('object_id', '=', mediaId)
      .orderBy('id')
      .execute();

  it('are each in 操作日志 with who, before and after; one whose entry fails does not land', async () => {
    const editor = await insertRoleCaller(t, ['member', 'content']);
    const workId = await newWork(0);
    const media = await video().service.attachFile({ workId, file: clip, name: 'c.mp4', staffId: null });
    const cancel = () =>
      t.send('POST', fillPath(STAFF_API.mediaCancel, { id: media.id }), {}, editor.headers);
    const cancelled = await cancel();
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(await workState(workId)).toMatchObject({ is_online: 0, media_id: null });
    expect((await cancel()).json()).toEqual({ code: 409, msg: VIDEO_MSG.notCancellable });

    // A fault in the log's write, inside the change's transaction: the retry does not land.
    await sql`ALTER TABLE staff_actions ADD CONSTRAINT refuse_retry CHECK (action <> 'media.retry') NOT VALID`.execute(
      t.database.db,
    );
    const retry = () => t.send('POST', fillPath(STAFF_API.mediaRetry, { id: media.id }), {}, editor.headers);
    try {
      expect((await retry()).statusCode).toBe(500);
      expect((await video().service.find(media.id))?.status).toBe('cancelled');
    } finally {
      await sql`ALTER TABLE staff_actions DROP CONSTRAINT refuse_retry`.execute(t.database.db);
    }
    expect((await retry()).statusCode).toBe(200);
    expect((await settled(media.id)).status).toBe('ready');
    const stills = await t.send(
      'POST',
      fillPath(STAFF_API.mediaStills, { id: media.id }),
      {},
      editor.headers,
    );
    expect(stills.statusCode, stills.body).toBe(200);

    const entries = await entriesOf(media.id);
    expect(entries.map((entry) => entry.action)).toEqual(['media.cancel', 'media.retry', 'media.stills']);
    expect(new Set(entries.map((entry) => entry.actor_id))).toEqual(new Set([editor.user.id]));
    expect(entries[0]!.after).toEqual({ workId, status: 'cancelled' });
    expect(entries[1]).toMatchObject({
      before: { workId, status: 'cancelled', failure: 'cancelled' },
      after: { workId, status: 'queued' },
    });
    expect(entries[2]!.after).toEqual({ workId, stills: 8 });
    // The CLI's attach names nobody, so it is not in the console's log.
    expect(entries.some((entry) => entry.action === 'media.attach')).toBe(false);
  });
});
