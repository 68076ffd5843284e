/**
 * `bench:media`'s delivery part: one made title served three ways side by side in one run —
 * through the app (local storage), straight from the bucket (S3 storage, presigned segments) and
 * from a CDN edge's cache (nginx in front of the bucket) — with segment requests per second and
 * MB/s at saturation, and time to first frame in Chromium on each. The S3 server and nginx are
 * the tests' own (Ceph's gateway, Debian's nginx); without them those two ways are skipped.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PRERENDERED_ATTRIBUTE } from '@yingku/contract';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { type AppConfig, testConfig } from '../../src/config';
import { type Database, openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { loadDemoCatalogue } from '../../src/db/seed/demo-catalogue';
import { createMediaTokens } from '../../src/features/streams/media-tokens';
import { edgeBucketPolicy } from '../../src/features/video/edge-config';
import { bucketAddress } from '../../src/features/video/media-origins';
import type { MediaKey } from '../../src/features/video/media-settings';
import type { TranscodeResult } from '../../src/features/video/transcode';
import { madeRungs, previewPath, titlePrefix } from '../../src/features/video/video-pipeline';
import { createVideoRepo } from '../../src/features/video/video.repo';
import { createBucketAdmin } from '../../src/features/video/video-s3-bucket';
import { putFiles } from '../../src/features/video/video-storage';
import { createAccessTokens } from '../../src/http/auth';
import { startEdge, type TestEdge } from '../../test/cdn-edge';
import { edgeTestsWanted } from '../../test/nginx';
import { freePort } from '../processes';
import { hasS3Server, startS3Server, type TestS3Server } from '../../test/s3-server';
import { CHROMIUM, CHROMIUM_FLAGS } from '../web/chromium';

export type DeliveryMode = 'app (local storage)' | 'bucket (presigned)' | 'edge cache (nginx)';

export interface Load {
  rps: number;
  mbPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface DeliveryResult {
  mode: DeliveryMode;
  segment: Load;
  /** Tap on 在线播放 to the first frame painted, ms, each cold run. */
  firstFrame: number[];
}

const run = promisify(execFile);
const KEYS: MediaKey[] = [{ id: 'bench', secret: 'bench-media-signing-key-0123456789abcdef' }];
const ORIGIN_SECRET = 'bench-edge-origin-secret';
const WEB_DIST = path.resolve(import.meta.dirname, '../../../web/dist');

export interface DeliveryOptions {
  /** The transcoder's output: a folder with the ladder, preview and poster, and what was made. */
  outDir: string;
  made: TranscodeResult;
  connections: number;
  loadSeconds: number;
  runs: number;
}

/**
 * Saturation on one address: with wrk (Debian's, a process of its own in C) when it is there, so
 * the load generator does not share the servers' event loop; else autocannon in this process,
 * whose own JavaScript then caps large answers at tens of MB/s.
 */
export async function load(
  url: string,
  { connections, loadSeconds }: Pick<DeliveryOptions, 'connections' | 'loadSeconds'>,
): Promise<Load> {
  if (spawnSync('sh', ['-c', 'command -v wrk']).status === 0)
    return loadWithWrk(url, connections, loadSeconds);
  const result = await autocannon({ url, connections, duration: loadSeconds, timeout: 10 });
  return {
    rps: Math.round(result.requests.average),
    mbPerSecond: Number((result.throughput.average / 1024 / 1024).toFixed(1)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function loadWithWrk(url: string, connections: number, seconds: number): Promise<Load> {
  const { stdout } = await run(
    'wrk',
    ['-t2', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '--latency', url],
    {
      maxBuffer: 1 << 20,
    },
  );
  const ms = (value: string | undefined) => {
    const match = /^([\d.]+)(us|ms|s|m)$/.exec(value ?? '');
    if (!match) return NaN;
    const n = Number(match[1]);
    return Math.round(
      { us: n / 1000, ms: n, s: n * 1000, m: n * 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'],
    );
  };
  const mb = (value: string | undefined) => {
    const match = /^([\d.]+)([KMG]?)B$/.exec(value ?? '');
    if (!match) return NaN;
    return Number(
      (
        Number(match[1]) * { '': 1 / 2 ** 20, K: 1 / 1024, M: 1, G: 1024 }[match[2] as '' | 'K' | 'M' | 'G']
      ).toFixed(1),
    );
  };
  const field = (pattern: RegExp) => pattern.exec(stdout)?.[1];
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  const non2xx = Number(field(/Non-2xx or 3xx responses: (\d+)/) ?? 0);
  return {
    rps: Math.round(Number(field(/Requests\/sec:\s+([\d.]+)/))),
    mbPerSecond: mb(field(/Transfer\/sec:\s+([\d.]+[KMG]?B)/)),
    p50: ms(field(/^\s+50%\s+(\S+)[ \t]*$/m)),
    p99: ms(field(/^\s+99%\s+(\S+)[ \t]*$/m)),
    errors: non2xx + (errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  };
}

interface Site {
  app: FastifyInstance;
  database: Database;
  baseUrl: string;
  workId: string;
  mediaId: string;
  close(): Promise<void>;
}

/** The site on a small demo catalogue with the made title installed as the pipeline leaves it. */
async function startSite(media: AppConfig['media'], options: DeliveryOptions): Promise<Site> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(database.db);
  await loadDemoCatalogue(database.db, { works: 50 });
  const config = testConfig({ media, webDist: WEB_DIST, logLevel: 'silent', checkResponses: false });
  const app = await buildApp({ config, database });
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const work = await database.db
    .selectFrom('works')
    .select('id')
    .where('channel', '=', 1)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const { storage } = app.videoRuntime;
  // A made video recorded as the worker records one, straight through the repo (no transcode).
  const repo = createVideoRepo(database.db);
  const row = await repo.insertMedia({
    workId: work.id,
    sourceKey: 'sources/bench',
    sourceName: 'bench.mp4',
    sourceBytes: 1,
    rungLimit: null,
    createdBy: null,
  });
  if (!row || row === 'busy') throw new Error('could not record the bench video');
  await repo.start(row.id, null);
  await putFiles(storage, titlePrefix(work.id, row.id), options.outDir, options.made.files);
  const rungs = madeRungs(options.made);
  await repo.inTransaction((trx) =>
    repo.markReady(
      row.id,
      { rungs, durationSeconds: options.made.durationSeconds, previewPath: previewPath(work.id, row.id) },
      trx,
    ),
  );
  return {
    app,
    database,
    baseUrl,
    workId: work.id,
    mediaId: row.id,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** From tapping 在线播放 to the first frame painted, on the site's work page, cold each time. */
async function timeToFirstFrame(site: Site, runs: number): Promise<number[]> {
  const { chromium } = await import('playwright-core');
  const user = await site.database.db
    .insertInto('users')
    .values({
      user_name: 'benchvip',
      user_name_key: 'benchvip',
      email: 'benchvip@example.com',
      password_hash: 'x',
      level_id: 2,
      vip_until: new Date(Date.now() + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, '--disable-quic'],
  });
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i += 1) {
      // A login per run: each is a device of its own, as a cold visitor is.
      const sessionId = crypto.randomUUID();
      await site.database.db
        .insertInto('login_sessions')
        .values({ id: sessionId, user_id: user.id })
        .execute();
      const token = await createAccessTokens(testConfig().jwtSecret).issue({ userId: user.id, sessionId });
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
      });
      await context.addCookies([{ name: 'yingku-token', value: token, url: site.baseUrl }]);
      const page = await context.newPage();
      await page.goto(`${site.baseUrl}/censored/${site.workId}`);
      // The first screen is drawn by the server; a tap counts once the app has taken it over.
      await page.locator(`#root[${PRERENDERED_ATTRIBUTE}]`).waitFor({ state: 'detached' });
      const play = page.getByRole('button', { name: '在线播放' });
      await play.waitFor();
      const tapped = await page.evaluate(() => performance.now());
      await play.click();
      await page.getByTestId('stream-video').waitFor();
      const painted = await page.getByTestId('stream-video').evaluate(firstFramePainted);
      times.push(Math.round(painted - tapped));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times;
}

/** Runs in the page: when the video paints its first frame (typed without the DOM lib). */
function firstFramePainted(video: unknown): Promise<number> {
  type Frames = { requestVideoFrameCallback(callback: (now: number) => void): void };
  return new Promise((resolve) => (video as Frames).requestVideoFrameCallback((now) => resolve(now)));
}

/** The 1080p rung's second segment (a whole 4 s one) under a fresh token at `base`. */
const segmentPath = (site: Site) => {
  const dir = createMediaTokens(KEYS).dir(site.workId, site.mediaId, Math.floor(Date.now() / 1000) + 3600);
  return `/hls${dir}1080p/seg-00001.ts`;
};

export async function measureDelivery(
  options: DeliveryOptions,
): Promise<{ results: DeliveryResult[]; skipped: string[] }> {
  const work = await mkdtemp(path.join(tmpdir(), 'yingku-delivery-bench-'));
  // Every run is a cold visitor on a login of its own: the device limit must not stop the bench.
  const base = {
    ...testConfig().media,
    signingKeys: KEYS,
    inProcessWorker: false,
    maxBytes: 2 ** 40,
    streamsPerVip: 20,
  };
  const results: DeliveryResult[] = [];
  const skipped: string[] = [];
  let s3: TestS3Server | undefined;
  let edge: TestEdge | undefined;
  try {
    // Through the app, from its local folder.
    const local = await startSite({ ...base, dir: path.join(work, 'local') }, options);
    try {
      results.push({
        mode: 'app (local storage)',
        segment: await load(`${local.baseUrl}/img${segmentPath(local)}`, options),
        firstFrame: await timeToFirstFrame(local, options.runs),
      });
    } finally {
      await local.close();
    }

    if (!hasS3Server()) {
      skipped.push('bucket and edge: no S3 server here (apt-get install -y radosgw ceph-mon ceph-osd)');
      return { results, skipped };
    }
    s3 = await startS3Server('yingku-bench');
    const bucket = await startSite({ ...base, dir: path.join(work, 'bucket'), s3: s3.settings }, options);
    try {
      const admin = createBucketAdmin(s3.settings);
      await admin.allowSite(bucket.baseUrl);
      admin.close();
      const direct = await bucket.app.videoRuntime.storage.directUrl(
        `${titlePrefix(bucket.workId, bucket.mediaId)}1080p/seg-00001.ts`,
        3600,
      );
      results.push({
        mode: 'bucket (presigned)',
        segment: await load(direct!, options),
        firstFrame: await timeToFirstFrame(bucket, options.runs),
      });
    } finally {
      await bucket.close();
    }

    if (!edgeTestsWanted()) {
      skipped.push('edge: no nginx here (apt-get install -y nginx)');
      return { results, skipped };
    }
    const edgePort = await freePort();
    const cdn = { baseUrl: `http://127.0.0.1:${edgePort}`, originSecret: ORIGIN_SECRET };
    const viaEdge = await startSite({ ...base, dir: path.join(work, 'edge'), s3: s3.settings, cdn }, options);
    try {
      const admin = createBucketAdmin(s3.settings);
      await admin.putPolicy(edgeBucketPolicy(s3.settings.bucket, ORIGIN_SECRET));
      admin.close();
      edge = await startEdge({
        port: edgePort,
        siteOrigin: viaEdge.baseUrl,
        keys: KEYS,
        origin: { kind: 'bucket', address: await bucketAddress(s3.settings), referer: ORIGIN_SECRET },
      });
      const url = `${cdn.baseUrl}${segmentPath(viaEdge)}`;
      await (await fetch(url)).arrayBuffer(); // the one read from the bucket; the rest are HITs
      results.push({
        mode: 'edge cache (nginx)',
        segment: await load(url, options),
        firstFrame: await timeToFirstFrame(viaEdge, options.runs),
      });
    } finally {
      await viaEdge.close();
    }
    return { results, skipped };
  } finally {
    await edge?.stop();
    await s3?.stop();
    await rm(work, { recursive: true, force: true });
  }
}
