import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API, fillPath } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminCli } from '../../../test/admin-cli';
import { createTestApp, type TestApp } from '../../../test/app';
import { startEdge, type TestEdge } from '../../../test/cdn-edge';
import { edgeTestsWanted } from '../../../test/nginx';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { makeClip, removeClips, testFfmpeg } from '../../../test/media-fixtures';
import { s3TestsWanted, startS3Server, type TestS3Server } from '../../../test/s3-server';
import { insertCaller } from '../../../test/users';
import { testConfig } from '../../config';
import { createMediaTokens, TOKEN_PATH } from '../streams/media-tokens';
import { edgeBucketPolicy } from './edge-config';
import { playlistSegments } from './ladder';
import { checkMediaDelivery } from './media-check';
import { bucketAddress } from './media-origins';
import type { MediaKey } from './media-settings';
import { createBucketAdmin } from './video-s3-bucket';
import { titlePrefix } from './video-pipeline';

const DAY = 86_400_000;
const KEYS: MediaKey[] = [{ id: 'edge2', secret: 'edge-media-signing-key-0123456789abcdef' }];
const ORIGIN_SECRET = 'edge-origin-secret-0123';
const SITE = 'http://127.0.0.1:8080';

/** Every file a player asks for, in order, from the master playlist down; and what the edge said. */
async function watch(masterUrl: string, origin = SITE) {
  const got: { url: string; status: number; cache: string | null; cors: string | null; bytes: number }[] = [];
  const fetchOne = async (url: string) => {
    const res = await fetch(url, { headers: { Origin: origin } });
    const body = Buffer.from(await res.arrayBuffer());
    got.push({
      url,
      status: res.status,
      cache: res.headers.get('x-cache-status'),
      cors: res.headers.get('access-control-allow-origin'),
      bytes: body.length,
    });
    return body.toString('latin1');
  };
  const master = await fetchOne(masterUrl);
  for (const rung of master.split('\n').filter((line) => line && !line.startsWith('#'))) {
    const rungUrl = new URL(rung, masterUrl).href;
    const playlist = await fetchOne(rungUrl);
    for (const segment of playlistSegments(playlist)) await fetchOne(new URL(segment.uri, rungUrl).href);
  }
  return got;
}

async function untilReady(t: TestApp, mediaId: string) {
  for (let i = 0; i < 1200; i += 1) {
    const row = await t.app.videoRuntime.service.find(mediaId);
    if (row && row.status !== 'queued' && row.status !== 'running') return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('video not made in time');
}

/** A work with a made video (the queue of `t` makes it). */
async function madeTitle(t: TestApp, clip: string) {
  const { ids } = await insertWorks(t.database.db, [buildWorkLine({ isOnline: 0 })]);
  const workId = ids[0]!;
  const media = await t.app.videoRuntime.service.attachFile({
    workId,
    file: clip,
    name: 'c.mp4',
    staffId: null,
  });
  expect((await untilReady(t, media.id)).status).toBe('ready');
  return { workId, mediaId: media.id };
}

const vipStream = async (t: TestApp, workId: string) => {
  const vip = (await insertCaller(t, { levelId: 2, vipUntil: new Date(Date.now() + DAY) })).headers;
  const res = await t.get(fillPath(API.videoStream, { id: workId }), {}, vip);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { m3u8Url: string; posterUrl: string };
};

// Against a real S3-compatible server and a real nginx edge, never mocks of either.
describe.runIf(s3TestsWanted() && edgeTestsWanted())('media delivery (Ceph radosgw, nginx edge)', () => {
  let s3: TestS3Server;
  let clip: string;
  let dir: string;

  beforeAll(async () => {
    [s3, clip, dir] = await Promise.all([
      startS3Server('yingku-delivery'),
      makeClip(testFfmpeg(), { width: 640, height: 360, seconds: 9 }),
      mkdtemp(path.join(tmpdir(), 'yingku-delivery-')),
    ]);
  }, 120_000);
  afterAll(async () => {
    await s3?.stop();
    await removeClips(clip);
    await rm(dir, { recursive: true, force: true });
  });

  const s3Env = () => ({
    MEDIA_S3_BUCKET: s3.settings.bucket,
    MEDIA_S3_ENDPOINT: s3.settings.endpoint!,
    MEDIA_S3_ACCESS_KEY_ID: s3.settings.accessKeyId!,
    MEDIA_S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey!,
    MEDIA_S3_FORCE_PATH_STYLE: 'true',
    PUBLIC_URL: SITE,
  });

  it('media check: says the bucket lacks the site in its CORS rules, adds it, then passes', async () => {
    const cli = createAdminCli({ env: s3Env() });
    try {
      const before = await cli.admin('media', 'check');
      expect(before.code, before.stdout + before.stderr).toBe(1);
      expect(before.stdout).toContain(`✓ bucket ${s3.settings.bucket} answers at ${s3.settings.endpoint}`);
      expect(before.stdout).toMatch(
        /✗ the bucket's CORS rules do not let http:\/\/127\.0\.0\.1:8080 read it/,
      );
      expect(before.stdout).toMatch(/✓ the bucket refuses a read without a signature \(HTTP 403\)/);

      const fixed = await cli.admin('media', 'check', '--fix-cors');
      expect(fixed.code, fixed.stdout + fixed.stderr).toBe(0);
      expect(fixed.stdout).toContain(`✓ added the CORS rule for ${SITE} (GET, HEAD) to the bucket`);
      expect(fixed.stdout).toContain(`✓ a presigned read from ${SITE} works, CORS included`);
      expect((await cli.admin('media', 'check')).code).toBe(0);
      const admin = createBucketAdmin(s3.settings);
      expect((await admin.corsRules()).map((rule) => rule.AllowedOrigins)).toEqual([[SITE]]);
      admin.close();
    } finally {
      await cli.cleanup();
    }
  });

  describe('through an nginx edge in front of the bucket', () => {
    let edge: TestEdge;
    let t: TestApp;
    let title: { workId: string; mediaId: string };

    beforeAll(async () => {
      const admin = createBucketAdmin(s3.settings);
      await admin.putPolicy(edgeBucketPolicy(s3.settings.bucket, ORIGIN_SECRET));
      admin.close();
      edge = await startEdge({
        siteOrigin: SITE,
        keys: KEYS,
        origin: { kind: 'bucket', address: await bucketAddress(s3.settings), referer: ORIGIN_SECRET },
      });
      t = await createTestApp(
        {
          media: {
            ...testConfig().media,
            dir,
            s3: s3.settings,
            cdn: { baseUrl: edge.baseUrl, originSecret: ORIGIN_SECRET },
            signingKeys: KEYS,
            inProcessWorker: true,
          },
        },
        { videoQueue: { retryDelaySeconds: 1 } },
      );
      title = await madeTitle(t, clip);
    }, 180_000);
    afterAll(async () => {
      await t?.close();
      await edge?.stop();
    });

    it('serves a second viewer every playlist and segment from its cache', async () => {
      const first = await vipStream(t, title.workId);
      expect(first.m3u8Url.startsWith(`${edge.baseUrl}/hls/edge2/`)).toBe(true);
      expect(first.posterUrl).toBe(`${edge.baseUrl}/${titlePrefix(title.workId, title.mediaId)}poster.jpg`);
      const one = await watch(first.m3u8Url);
      expect(one.length).toBeGreaterThan(4);
      expect(one.every((file) => file.status === 200 && file.cors === SITE)).toBe(true);
      expect(one.every((file) => file.cache === 'MISS')).toBe(true);

      // Another VIP a second later: another token, the same files from the edge.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const second = await vipStream(t, title.workId);
      expect(second.m3u8Url).not.toBe(first.m3u8Url);
      const two = await watch(second.m3u8Url);
      expect(two.map((file) => [file.status, file.cache, file.bytes])).toEqual(
        one.map((file) => [200, 'HIT', file.bytes]),
      );
      // The log says so too, and never holds a token's signature.
      const log = await edge.accessLog();
      expect(log.filter((line) => / 200 \d+ HIT /.test(line))).toHaveLength(two.length);
      const sig = TOKEN_PATH.exec(new URL(first.m3u8Url).pathname.slice('/hls'.length))!.groups!.sig!;
      expect(log.join('\n')).not.toContain(sig);
    });

    it('refuses at the edge a token for another title, an expired, altered or unknown-key one', async () => {
      // Another title in the bucket: its own token opens it.
      const other = {
        workId: String(BigInt(title.workId) + 7n),
        mediaId: String(BigInt(title.mediaId) + 7n),
      };
      const storage = t.app.videoRuntime.storage;
      const copy = path.join(dir, 'copy.m3u8');
      const { writeFile } = await import('node:fs/promises');
      await writeFile(copy, '#EXTM3U\n');
      await storage.putFile(`${titlePrefix(other.workId, other.mediaId)}master.m3u8`, copy);

      const tokens = createMediaTokens(KEYS);
      const exp = Math.floor(Date.now() / 1000) + 600;
      const at = (token: string, ids: typeof title, file = 'master.m3u8') =>
        `${edge.baseUrl}/hls${token.replace(/\/\d+\/\d+\/$/, `/${ids.workId}/${ids.mediaId}/`)}${file}`;
      const titleToken = tokens.dir(title.workId, title.mediaId, exp);
      const get = async (url: string) => {
        const res = await fetch(url, { headers: { Origin: SITE } });
        await res.arrayBuffer();
        return { status: res.status, cors: res.headers.get('access-control-allow-origin') };
      };
      expect((await get(at(tokens.dir(other.workId, other.mediaId, exp), other))).status).toBe(200);
      expect((await get(at(titleToken, title))).status).toBe(200);

      const { sig, kid } = tokens.sign(title.workId, title.mediaId, exp);
      const refused = [
        at(titleToken, other),
        at(tokens.dir(title.workId, title.mediaId, Math.floor(Date.now() / 1000) - 1), title),
        at(titleToken.replace(sig, `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`), title),
        at(titleToken.replace(`/${exp}/`, `/${exp + 60}/`), title),
        at(titleToken.replace(`/${kid}/`, '/nokey/'), title),
        // The key of another site: its tokens open nothing here.
        at(
          createMediaTokens([{ id: kid, secret: 'x'.repeat(40) }]).dir(title.workId, title.mediaId, exp),
          title,
        ),
      ];
      for (const url of refused) {
        // Refused with the site's CORS header on: the player sees the 403 and asks for a new address.
        expect(await get(url), url).toEqual({ status: 403, cors: SITE });
      }
      // Without a token, a segment is no public file.
      expect(
        (await get(`${edge.baseUrl}/media/${title.workId}/${title.mediaId}/360p/seg-00000.ts`)).status,
      ).toBe(404);
      // Nor does the bucket give anything to a stranger; the edge's own read passes its policy.
      const address = await bucketAddress(s3.settings);
      const direct = `${address.origin}${address.pathPrefix}/${titlePrefix(title.workId, title.mediaId)}master.m3u8`;
      expect((await fetch(direct)).status).toBe(403);
      expect((await fetch(direct, { headers: { Referer: ORIGIN_SECRET } })).status).toBe(200);
    });

    it('serves the preview and the poster from the edge, the site redirecting there', async () => {
      const poster = `${titlePrefix(title.workId, title.mediaId)}poster.jpg`;
      const redirect = await t.app.inject({ method: 'GET', url: `/img/${poster}` });
      expect(redirect.statusCode).toBe(302);
      expect(redirect.headers.location).toBe(`${edge.baseUrl}/${poster}`);
      const res = await fetch(`${edge.baseUrl}/${poster}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const preview = await fetch(`${edge.baseUrl}/${titlePrefix(title.workId, title.mediaId)}preview.mp4`, {
        headers: { Range: 'bytes=0-99' },
      });
      expect(preview.status).toBe(206);
      expect((await preview.arrayBuffer()).byteLength).toBe(100);
    });

    it('media check: passes every check of the bucket and the edge', async () => {
      const findings = await checkMediaDelivery({
        media: t.config.media,
        siteOrigin: SITE,
        storage: t.app.videoRuntime.storage,
        bucket: { admin: createBucketAdmin(s3.settings), address: await bucketAddress(s3.settings) },
      });
      expect(findings.filter((f) => f.level !== 'ok')).toEqual([]);
      expect(findings.map((f) => f.text)).toEqual(
        expect.arrayContaining([
          'the bucket lets the edge read media/* (MEDIA_CDN_ORIGIN_SECRET)',
          "a second viewer of the file is served from the edge's cache (HIT)",
          'the edge refuses an altered token (HTTP 403)',
          'the edge refuses an expired token (HTTP 403)',
          'the edge refuses a token for another video (HTTP 403)',
          'the edge refuses an unknown key (HTTP 403)',
          'the edge refuses no token at all (HTTP 404)',
        ]),
      );
    });
  });

  describe('through an nginx edge in front of this site (local storage)', () => {
    let edge: TestEdge;
    let t: TestApp;
    let title: { workId: string; mediaId: string };

    beforeAll(async () => {
      const base = testConfig();
      t = await createTestApp(
        { media: { ...base.media, dir, signingKeys: KEYS, inProcessWorker: true } },
        { videoQueue: { retryDelaySeconds: 1 } },
      );
      const siteUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
      edge = await startEdge({ siteOrigin: SITE, keys: KEYS, origin: { kind: 'site', url: siteUrl } });
      title = await madeTitle(t, clip);
    }, 180_000);
    afterAll(async () => {
      await edge?.stop();
      await t?.close();
    });

    it('asks the site once for each file, however many watch', async () => {
      const tokens = createMediaTokens(KEYS);
      const master = (exp: number) =>
        `${edge.baseUrl}/hls${tokens.dir(title.workId, title.mediaId, exp)}master.m3u8`;
      const now = Math.floor(Date.now() / 1000);
      const one = await watch(master(now + 600));
      expect(one.every((file) => file.status === 200 && file.cache === 'MISS')).toBe(true);
      const two = await watch(master(now + 601));
      expect(two.every((file) => file.status === 200 && file.cache === 'HIT')).toBe(true);
      const refused = await fetch(master(now - 1));
      expect(refused.status).toBe(403);
    });
  });
});
