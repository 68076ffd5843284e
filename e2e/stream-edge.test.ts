import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WorkListItem } from '@yingku/contract';
import { testConfig } from '@yingku/server/src/config';
import { edgeBucketPolicy } from '@yingku/server/src/features/video/edge-config';
import { bucketAddress } from '@yingku/server/src/features/video/media-origins';
import { createBucketAdmin } from '@yingku/server/src/features/video/video-s3-bucket';
import { freePort } from '@yingku/server/bench/processes';
import { startEdge, type TestEdge } from '@yingku/server/test/cdn-edge';
import { edgeTestsWanted } from '@yingku/server/test/nginx';
import { s3TestsWanted, startS3Server, type TestS3Server } from '@yingku/server/test/s3-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { playSwitchAndSeek, registerVip, workWithVideo } from './support/streams';

const KEYS = [{ id: 'e2e', secret: 'e2e-media-signing-key-0123456789abcdef' }];
const ORIGIN_SECRET = 'e2e-edge-origin-secret';

// VIPs play a title through a CDN edge (Debian's nginx, configured as `admin media edge-config`
// writes it) in front of the bucket: the page's policy names the edge alone, and the second
// viewer's segments come from the edge's cache.
describe.runIf(s3TestsWanted() && edgeTestsWanted())('streams through a CDN edge', () => {
  let s3: TestS3Server | undefined;
  let mediaDir: string | undefined;
  let edgePort: number;
  let edge: TestEdge | undefined;
  let work: WorkListItem;

  const journey = useJourney({
    config: async () => {
      [s3, mediaDir, edgePort] = await Promise.all([
        startS3Server('yingku-e2e-edge'),
        mkdtemp(path.join(tmpdir(), 'yingku-e2e-edge-')),
        freePort(),
      ]);
      return {
        media: {
          ...testConfig().media,
          dir: mediaDir,
          s3: s3.settings,
          cdn: { baseUrl: `http://127.0.0.1:${edgePort}`, originSecret: ORIGIN_SECRET },
          signingKeys: KEYS,
          inProcessWorker: true,
        },
      };
    },
    afterClose: async () => {
      await s3?.stop();
      if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
    },
  });

  beforeAll(async () => {
    const bucket = createBucketAdmin(s3!.settings);
    await bucket.putPolicy(edgeBucketPolicy(s3!.settings.bucket, ORIGIN_SECRET));
    bucket.close();
    // The edge lets the site's pages read it: started once the site's address is known.
    edge = await startEdge({
      port: edgePort,
      siteOrigin: journey.server.baseUrl,
      keys: KEYS,
      origin: { kind: 'bucket', address: await bucketAddress(s3!.settings), referer: ORIGIN_SECRET },
    });
    work = await workWithVideo(journey.server);
  }, 180_000);
  afterAll(async () => {
    await edge?.stop();
  });

  it('two VIPs play it, switch quality and seek; the second is served from the edge’s cache', async () => {
    const first = await journey.page({ member: await registerVip(journey.server, 'edgevip1') });
    const one = await playSwitchAndSeek(first, journey.url(`/censored/${work.id}`));
    await screenshot(first, 'stream-edge-playing');
    // Every playlist and segment came from the edge, under the token; nothing from the bucket.
    expect(one.length).toBeGreaterThan(4);
    expect(new Set(one.map((f) => f.origin))).toEqual(new Set([edge!.baseUrl]));
    expect(one.every((f) => f.status === 200 && f.path.startsWith('/hls/e2e/'))).toBe(true);
    const csp = await first.evaluate(async () =>
      (await fetch('/app-config.js')).headers.get('content-security-policy'),
    );
    expect(csp).toContain(`connect-src 'self' ${edge!.baseUrl}`);
    expect(csp).not.toContain(s3!.settings.endpoint!);

    await new Promise((resolve) => setTimeout(resolve, 1_100)); // another second: another token
    const second = await journey.page({ member: await registerVip(journey.server, 'edgevip2') });
    const two = await playSwitchAndSeek(second, journey.url(`/censored/${work.id}`));
    const segments = (fetched: typeof one) => fetched.filter((f) => f.path.endsWith('.ts'));
    const firstPaths = new Set(segments(one).map((f) => f.path.replace(/^\/hls\/[^/]+\/\d+\/[^/]+/, '')));
    const again = segments(two).filter((f) =>
      firstPaths.has(f.path.replace(/^\/hls\/[^/]+\/\d+\/[^/]+/, '')),
    );
    expect(again.length).toBeGreaterThan(2);
    expect(again.every((f) => f.cache === 'HIT')).toBe(true);
  });
});
