import { API, fillPath, SERVER_MSG } from '@yingku/contract';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { insertCaller } from '../../../test/users';
import { DEMO_HLS_DIR } from '../media/hls-clip';
import { createStreamUrls, STREAM_TTL_SECONDS } from './stream-urls';

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
    const match = /^\/img\/hls\/(\d+)\/index\.m3u8\?exp=(\d+)&sig=([\w-]{43})$/.exec(m3u8Url);
    expect(match, m3u8Url).not.toBeNull();
    expect(match![1]).toBe(online);
    const exp = Number(match![2]);
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

describe('GET /img/hls/{workId}/…', () => {
  async function signedPlaylist() {
    const res = await streamOf(online, await vipHeaders());
    return res.json().data.m3u8Url as string;
  }

  it('serves the playlist with every segment signed, and each segment', async () => {
    const url = await signedPlaylist();
    const res = await fetchMedia(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toMatch(/^#EXTM3U\n/);
    expect(res.body).toContain('#EXT-X-ENDLIST');
    const exp = new URL(url, 'http://x').searchParams.get('exp');
    const segments = res.body.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(segments.length).toBeGreaterThanOrEqual(2);
    for (const line of segments) {
      const match = /^(segment-\d+\.mpegts)\?exp=(\d+)&sig=([\w-]{43})$/.exec(line);
      expect(match, line).not.toBeNull();
      expect(match![2]).toBe(exp);
      const segment = await fetchMedia(`/img/hls/${online}/${line}`);
      expect(segment.statusCode).toBe(200);
      expect(segment.headers['content-type']).toBe('video/mp2t');
      const file = readFileSync(path.join(DEMO_HLS_DIR, match![1]!));
      expect(segment.rawPayload.equals(file)).toBe(true);
      // MPEG-TS: 188-byte packets, each starting with the sync byte 0x47.
      expect(segment.rawPayload[0]).toBe(0x47);
      expect(segment.rawPayload.length % 188).toBe(0);
    }
  });

  it('refuses unsigned, tampered, moved and expired addresses with 403', async () => {
    const url = await signedPlaylist();
    const { searchParams } = new URL(url, 'http://x');
    const exp = searchParams.get('exp')!;
    const sig = searchParams.get('sig')!;
    const playlist = (await fetchMedia(url)).body;
    const segmentLine = playlist.split('\n').find((line) => line.startsWith('segment-0'))!;
    const segmentSig = new URL(segmentLine, 'http://x/').searchParams.get('sig')!;
    const flipped = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');

    const urls = createStreamUrls(t.config.jwtSecret);
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = urls.sign(`/img/hls/${online}/index.m3u8`, past);
    const foreign = createStreamUrls('another-secret-0123456789abcdef0123456789abcdef').sign(
      `/img/hls/${online}/index.m3u8`,
      Number(exp),
    );

    const refused = [
      `/img/hls/${online}/index.m3u8`,
      `/img/hls/${online}/index.m3u8?exp=${exp}`,
      `/img/hls/${online}/index.m3u8?sig=${sig}`,
      `/img/hls/${online}/index.m3u8?exp=${exp}&sig=${flipped}`,
      `/img/hls/${online}/index.m3u8?exp=${Number(exp) + 1}&sig=${sig}`,
      `/img/hls/${online}/index.m3u8?exp=${exp}&exp=${exp}&sig=${sig}`,
      `/img/hls/${offline}/index.m3u8?exp=${exp}&sig=${sig}`,
      `/img/hls/${online}/index.m3u8?exp=${expired.exp}&sig=${expired.sig}`,
      `/img/hls/${online}/index.m3u8?exp=${foreign.exp}&sig=${foreign.sig}`,
      `/img/hls/${online}/segment-0.mpegts`,
      `/img/hls/${online}/segment-1.mpegts?exp=${exp}&sig=${segmentSig}`,
      `/img/hls/${online}/segment-0.mpegts?exp=${exp}&sig=${sig}`,
      `/img/hls/${offline}/segment-0.mpegts?exp=${exp}&sig=${segmentSig}`,
    ];
    for (const bad of refused) {
      const res = await fetchMedia(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().code, bad).toBe(403);
    }
    // The genuine ones still work.
    expect((await fetchMedia(url)).statusCode).toBe(200);
    expect((await fetchMedia(`/img/hls/${online}/${segmentLine}`)).statusCode).toBe(200);
  });

  it('answers 404 for a signed name that is not part of the clip', async () => {
    const file = `/img/hls/${online}/segment-99.mpegts`;
    const { exp, sig } = createStreamUrls(t.config.jwtSecret).sign(file, Math.floor(Date.now() / 1000) + 60);
    expect((await fetchMedia(`${file}?exp=${exp}&sig=${sig}`)).statusCode).toBe(404);
  });
});
