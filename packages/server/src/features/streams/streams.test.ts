import { API, fillPath, SERVER_MSG, streamLimitMessage } from '@yingku/contract';
import { sql } from 'kysely';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { insertCaller, insertUser, loginAs } from '../../../test/users';
import { DEMO_HLS_DIR } from '../demo-media/hls-clip';
import { createMediaTokens, mediaDigest, TOKEN_PATH } from './media-tokens';
import { SLOT_SECONDS } from './stream-slots';
import { STREAM_TTL_SECONDS } from './stream-urls';

let t: TestApp;
let online: string;
let offline: string;
let transcoding: string;
const DAY = 24 * 60 * 60 * 1000;
type Headers = Record<string, string>;

const streamOf = (workId: string, headers: Headers = {}) =>
  t.get(fillPath(API.videoStream, { id: workId }), {}, headers);
const fetchMedia = (url: string) => t.app.inject({ method: 'GET', url });

async function vipHeaders() {
  return (await insertCaller(t, { levelId: 2, vipUntil: new Date(Date.now() + 30 * DAY) })).headers;
}

beforeAll(async () => {
  t = await createTestApp();
  const { ids } = await insertWorks(t.database.db, [
    buildWorkLine({ isOnline: 1 }),
    buildWorkLine({ isOnline: 0 }),
    buildWorkLine({ isOnline: 2 }),
  ]);
  [online, offline, transcoding] = ids as [string, string, string];
});
afterAll(() => t.close());

describe('GET /v2/video/censored/{id}', () => {
  it('gives a VIP in force a signed playlist address that expires', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await streamOf(online, await vipHeaders());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { m3u8Url } = res.json().data;
    expect(m3u8Url.startsWith('/img/hls/')).toBe(true);
    const match = TOKEN_PATH.exec(m3u8Url.slice('/img/hls'.length));
    expect(match, m3u8Url).not.toBeNull();
    // A work marked online without a video of its own plays the bundled clip (media id 0).
    expect(match!.groups).toMatchObject({ kid: 'test1', workId: online, mediaId: '0', file: 'index.m3u8' });
    const exp = Number(match!.groups!.exp);
    expect(exp - before).toBeGreaterThanOrEqual(STREAM_TTL_SECONDS);
    expect(exp - before).toBeLessThanOrEqual(STREAM_TTL_SECONDS + 5);
  });

  it('refuses a visitor with 403', async () => {
    const res = await streamOf(online);
    expect(res.statusCode).toBe(403);
    expect(res.json().data).toBeUndefined();
  });

  it.each([
    ['a member', { levelId: 1, vipUntil: null }],
    ['an expired VIP', { levelId: 2, vipUntil: new Date(Date.now() - DAY) }],
  ])('tells %s that online viewing is for VIPs (402)', async (_who, user) => {
    const { headers } = await insertCaller(t, user);
    const res = await streamOf(online, headers);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ code: 402, msg: SERVER_MSG.vipRequired });
  });

  it('tells a VIP, and a member, that a work not online cannot be watched (402)', async () => {
    const vip = await vipHeaders();
    for (const work of [offline, transcoding]) {
      const res = await streamOf(work, vip);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ code: 402, msg: SERVER_MSG.notOnline });
    }
    const member = (await insertCaller(t)).headers;
    expect((await streamOf(offline, member)).json().msg).toBe(SERVER_MSG.notOnline);
  });

  it('answers 404 for an unknown work and 400 for an id that is not one', async () => {
    const vip = await vipHeaders();
    for (const missingId of ['9000000000000000001', '9999999999999999999', '99999999999999999999', '0']) {
      const unknown = await streamOf(missingId, vip);
      expect(unknown.statusCode, missingId).toBe(404);
      expect(unknown.json().msg).toBe(SERVER_MSG.workNotFound);
    }
    for (const bad of ['abc', '-1', '1.5']) {
      const res = await streamOf(bad, vip);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().msg).toBe(SERVER_MSG.badWorkId);
    }
  });
});

describe('devices per VIP account (MEDIA_STREAMS_PER_VIP, 2 here)', () => {
  const report = (headers: Headers, body: Record<string, unknown>) =>
    t.send('POST', API.playPosition, { workId: online, position: 5, ...body }, headers);
  async function vipLogins(count: number) {
    const user = await insertUser(t.database.db, { levelId: 2, vipUntil: new Date(Date.now() + 30 * DAY) });
    const logins: Headers[] = await Promise.all(Array.from({ length: count }, () => loginAs(t, user)));
    return { user, logins };
  }
  const placesOf = async (userId: string) =>
    Number(
      (
        await sql<{ n: string }>`SELECT count(*) AS n FROM stream_slots WHERE user_id = ${userId}`.execute(
          t.database.db,
        )
      ).rows[0]!.n,
    );

  it('gives two devices their streams and tells a third the limit, changing nothing', async () => {
    const { user, logins } = await vipLogins(3);
    const [a, b, c] = logins as [Headers, Headers, Headers];
    expect((await streamOf(online, a)).statusCode).toBe(200);
    expect((await streamOf(online, b)).statusCode).toBe(200);
    const third = await streamOf(online, c);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ code: 429, msg: streamLimitMessage(2) });
    expect(third.json().msg).toBe(
      '同一VIP账号最多同时在2台设备上在线观看，请先停止其他设备上的播放，约1分钟后再试',
    );
    expect(await placesOf(user.id)).toBe(2);
    // A device that plays asks again (a renewal): still its place.
    expect((await streamOf(online, a)).statusCode).toBe(200);
  });

  it('frees a place when a player stops, and when it stays silent; a silent one that comes back is told', async () => {
    const { user, logins } = await vipLogins(3);
    const [a, b, c] = logins as [Headers, Headers, Headers];
    await streamOf(online, a);
    await streamOf(online, b);
    // The position reports are the players' beats: they keep the place.
    expect((await report(a, {})).statusCode).toBe(200);
    expect((await report(a, { stopped: true })).statusCode).toBe(200);
    expect(await placesOf(user.id)).toBe(1);
    expect((await streamOf(online, c)).statusCode).toBe(200);

    // b stays silent past the window; a takes its place; b's next beat is refused.
    await sql`UPDATE stream_slots SET beat_at = now() - make_interval(secs => ${SLOT_SECONDS + 1})
      WHERE user_id = ${user.id} AND beat_at = (SELECT min(beat_at) FROM stream_slots WHERE user_id = ${user.id})`.execute(
      t.database.db,
    );
    expect((await streamOf(online, a)).statusCode).toBe(200);
    const lost = await report(b, {});
    expect(lost.statusCode).toBe(429);
    expect(lost.json()).toEqual({ code: 429, msg: streamLimitMessage(2) });
    // Its position was kept all the same.
    expect(
      (
        await t.database.db
          .selectFrom('play_positions')
          .select('position_seconds')
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).position_seconds,
    ).toBe(5);
  });

  it('counts logins, not accounts: other VIPs and members are not in the way', async () => {
    for (let i = 0; i < 3; i += 1) expect((await streamOf(online, await vipHeaders())).statusCode).toBe(200);
    const member = (await insertCaller(t)).headers;
    expect((await report(member, {})).statusCode).toBe(200);
    expect(
      await sql`SELECT 1 FROM stream_slots s JOIN users u ON u.id = s.user_id WHERE u.level_id = 1`.execute(
        t.database.db,
      ),
    ).toMatchObject({ rows: [] });
  });

  it('counts streams started, refused and playing now in /metrics', async () => {
    const { logins } = await vipLogins(3);
    for (const login of logins) await streamOf(online, login);
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
    expect(value('yingku_streams_started_total')).toBeGreaterThanOrEqual(2);
    expect(value('yingku_streams_refused_total')).toBeGreaterThanOrEqual(1);
    expect(value('yingku_streams_active')).toBeGreaterThanOrEqual(2);
  });

  it('refuses a bad report with 400 and an unknown work with 404, taking no place', async () => {
    const { user, logins } = await vipLogins(1);
    for (const bad of [{ stopped: 'yes' }, { position: -1 }, { workId: 'abc' }]) {
      expect((await report(logins[0]!, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await report(logins[0]!, { workId: '9000000000000000001' })).statusCode).toBe(404);
    expect(await placesOf(user.id)).toBe(0);
  });
});

describe('GET /img/hls/{token}/{workId}/0/…: the bundled clip', () => {
  async function signedPlaylist() {
    const res = await streamOf(online, await vipHeaders());
    return res.json().data.m3u8Url as string;
  }
  const tokenOf = (url: string) => TOKEN_PATH.exec(url.slice('/img/hls'.length))!.groups!;

  it('serves the playlist, whose relative segment addresses carry the token, and each segment', async () => {
    const url = await signedPlaylist();
    const res = await fetchMedia(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.body).toMatch(/^#EXTM3U\n/);
    expect(res.body).toContain('#EXT-X-ENDLIST');
    const segments = res.body.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(segments.length).toBeGreaterThanOrEqual(2);
    const dir = url.slice(0, url.lastIndexOf('/') + 1);
    for (const line of segments) {
      expect(line).toMatch(/^segment-\d+\.mpegts$/);
      const segment = await fetchMedia(new URL(line, `http://x${dir}`).pathname);
      expect(segment.statusCode).toBe(200);
      expect(segment.headers['content-type']).toBe('video/mp2t');
      expect(segment.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const file = readFileSync(path.join(DEMO_HLS_DIR, line));
      expect(segment.rawPayload.equals(file)).toBe(true);
      // MPEG-TS: 188-byte packets, each starting with the sync byte 0x47.
      expect(segment.rawPayload[0]).toBe(0x47);
      expect(segment.rawPayload.length % 188).toBe(0);
    }
  });

  it('refuses unsigned, tampered, moved, expired and unknown-key addresses with 403', async () => {
    const url = await signedPlaylist();
    const { kid, exp, sig } = tokenOf(url);
    const flipped = (sig!.startsWith('A') ? 'B' : 'A') + sig!.slice(1);
    const past = Math.floor(Date.now() / 1000) - 1;
    const tokens = createMediaTokens(t.config.media.signingKeys);
    const expired = tokens.sign(online, '0', past);
    const foreign = mediaDigest('another-secret-0123456789abcdef0123456789', Number(exp), online, '0');

    const refused = [
      `/img/hls/${kid}/${exp}/${flipped}/${online}/0/index.m3u8`,
      `/img/hls/${kid}/${Number(exp) + 1}/${sig}/${online}/0/index.m3u8`,
      `/img/hls/${kid}/${exp}/${sig}/${offline}/0/index.m3u8`,
      `/img/hls/${kid}/${exp}/${sig}/${offline}/0/segment-0.mpegts`,
      `/img/hls/${kid}/${exp}/${sig}/${online}/1/index.m3u8`,
      `/img/hls/${kid}/${past}/${expired.sig}/${online}/0/index.m3u8`,
      `/img/hls/${kid}/${exp}/${foreign}/${online}/0/index.m3u8`,
      `/img/hls/other/${exp}/${sig}/${online}/0/index.m3u8`,
      `/img/hls/${kid}/${exp}/${sig}/99999999999999999999/0/index.m3u8`,
    ];
    for (const bad of refused) {
      const res = await fetchMedia(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().code, bad).toBe(403);
    }
    // Not even the shape of a token: no such file.
    for (const bad of [
      `/img/hls/${online}/index.m3u8`,
      `/img/hls/${kid}/${exp}/${sig}/${online}/index.m3u8`,
    ]) {
      expect((await fetchMedia(bad)).statusCode, bad).toBe(404);
    }
    // The genuine ones still work.
    expect((await fetchMedia(url)).statusCode).toBe(200);
    expect((await fetchMedia(url.replace('index.m3u8', 'segment-0.mpegts'))).statusCode).toBe(200);
  });

  it('verifies a token of an older key still listed, and signs with the first', async () => {
    const older = { id: 'old', secret: 'older-media-signing-key-0123456789abcdef' };
    const rotated = await createTestApp({
      media: { ...t.config.media, signingKeys: [...t.config.media.signingKeys, older] },
    });
    try {
      const exp = Math.floor(Date.now() / 1000) + 60;
      const dir = createMediaTokens([older]).dir(online, '0', exp);
      expect(dir.startsWith('/old/')).toBe(true);
      const res = await rotated.app.inject({ method: 'GET', url: `/img/hls${dir}index.m3u8` });
      expect(res.statusCode).toBe(200);
      // This suite's app does not know the key.
      expect((await fetchMedia(`/img/hls${dir}index.m3u8`)).statusCode).toBe(403);
    } finally {
      await rotated.close();
    }
  });

  it('answers 404 for a signed name that is not part of the clip', async () => {
    const dir = createMediaTokens(t.config.media.signingKeys).dir(
      online,
      '0',
      Math.floor(Date.now() / 1000) + 60,
    );
    expect((await fetchMedia(`/img/hls${dir}segment-99.mpegts`)).statusCode).toBe(404);
  });
});
