import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WorkListItem } from '@yingku/contract';
import { testConfig } from '@yingku/server/src/config';
import { createBucketAdmin } from '@yingku/server/src/features/video/video-s3-bucket';
import { s3TestsWanted, startS3Server, type TestS3Server } from '@yingku/server/test/s3-server';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { playSwitchAndSeek, registerVip, workWithVideo } from './support/streams';

// A VIP plays a title whose segments come straight from the bucket (S3 storage, no CDN): the
// project's own S3-compatible server (Ceph's gateway), CORS set as `admin media check --fix-cors`
// sets it, and the page's security policy naming the bucket's origin (and nothing wider).
describe.runIf(s3TestsWanted())('streams from the bucket', () => {
  let s3: TestS3Server | undefined;
  let mediaDir: string | undefined;
  let work: WorkListItem;

  const journey = useJourney({
    config: async () => {
      [s3, mediaDir] = await Promise.all([
        startS3Server('yingku-e2e-streams'),
        mkdtemp(path.join(tmpdir(), 'yingku-e2e-bucket-')),
      ]);
      return { media: { ...testConfig().media, dir: mediaDir, s3: s3.settings, inProcessWorker: true } };
    },
    afterClose: async () => {
      await s3?.stop();
      if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
    },
  });

  beforeAll(async () => {
    const bucket = createBucketAdmin(s3!.settings);
    await bucket.allowSite(journey.server.baseUrl);
    bucket.close();
    work = await workWithVideo(journey.server);
  }, 180_000);

  it('a VIP plays it, switches quality and seeks, every segment from the bucket', async () => {
    const page = await journey.page({ member: await registerVip(journey.server, 'bucketvip') });
    const fetched = await playSwitchAndSeek(page, journey.url(`/censored/${work.id}`));
    await screenshot(page, 'stream-bucket-playing');
    const segments = fetched.filter((f) => f.path.endsWith('.ts'));
    expect(segments.length).toBeGreaterThan(2);
    expect(new Set(segments.map((f) => f.origin))).toEqual(new Set([s3!.settings.endpoint]));
    expect(segments.every((f) => f.status === 200)).toBe(true);
    // The playlists come from the site, under the stream's token.
    const playlists = fetched.filter((f) => f.path.endsWith('.m3u8'));
    expect(
      playlists.every((f) => f.origin === journey.server.baseUrl && f.path.startsWith('/img/hls/')),
    ).toBe(true);
    const csp = await page.evaluate(async () =>
      (await fetch('/app-config.js')).headers.get('content-security-policy'),
    );
    expect(csp).toContain(`connect-src 'self' ${s3!.settings.endpoint}`);
  });
});
