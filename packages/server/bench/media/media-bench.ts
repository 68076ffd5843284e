/**
 * `npm run bench:media`: what the media pipeline costs and how fast it serves.
 * - Transcode speed per rung, as a multiple of real time, for a generated 1080p 60 s clip
 *   (the preset the site uses: MEDIA_X264_PRESET, veryfast by default).
 * - Segment serving: a signed 1080p segment through the app (signature check, storage read)
 *   next to @fastify/static serving the same file, in the same run (req/s, MB/s, p50/p99).
 * - Time to first frame: a VIP taps 在线播放 on the work's page in Chromium on loopback; from
 *   the tap to the first frame painted (requestVideoFrameCallback), median of 5 cold runs.
 * Writes JSON to bench/results/media-<time>.json. Options: --seconds N (clip, 60), --load N
 * (seconds of load per server, 10), --connections N (50), --runs N (5).
 */
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import fastifyStatic from '@fastify/static';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { migrateToLatest } from '../../src/db/migrate';
import { openDatabase } from '../../src/db/connection';
import { loadDemoCatalogue } from '../../src/db/seed/demo-catalogue';
import { createAccessTokens } from '../../src/http/auth';
import { findFfmpeg, run } from '../../src/features/video/ffmpeg-tools';
import { createStreamUrls, HLS_BASE } from '../../src/features/streams/stream-urls';
import { transcode } from '../../src/features/video/transcode';
import { CHROMIUM, CHROMIUM_FLAGS } from '../web/chromium';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    load: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    runs: { type: 'string', default: '5' },
  },
});
const SECONDS = Number(values.seconds);
const LOAD = Number(values.load);
const CONNECTIONS = Number(values.connections);
const RUNS = Number(values.runs);
const WEB_DIST = path.resolve(import.meta.dirname, '../../../web/dist');

const tools = findFfmpeg();
if (!tools) throw new Error('bench:media needs ffmpeg (apt-get install -y ffmpeg)');
const work = await mkdtemp(path.join(tmpdir(), 'yingku-media-bench-'));
const preset = process.env.MEDIA_X264_PRESET ?? 'veryfast';

async function makeSource(): Promise<string> {
  const file = path.join(work, 'source-1080p.mp4');
  const made = await run(tools!.ffmpeg, [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...[
      '-t',
      String(SECONDS),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      '18',
      '-pix_fmt',
      'yuv420p',
    ],
    ...['-c:a', 'aac', file],
  ]);
  if (made.code !== 0) throw new Error(made.stderr);
  return file;
}

/** Wall time per rung from the transcoder's own progress reports (0 % → 100 %). */
async function transcodeSpeeds(source: string) {
  const started = new Map<string, number>();
  const took = new Map<string, number>();
  const outDir = path.join(work, 'out');
  await mkdir(outDir);
  const before = Date.now();
  const result = await transcode({
    tools: tools!,
    source,
    outDir,
    preset,
    onProgress: (rung, percent) => {
      if (percent === 0 && !started.has(rung)) started.set(rung, Date.now());
      if (percent === 100) took.set(rung, Date.now() - started.get(rung)!);
    },
  });
  const total = Date.now() - before;
  const rungs = result.rungs.map(({ rung, averageBitrate }) => {
    const ms = took.get(rung.name)!;
    return {
      rung: rung.name,
      seconds: ms / 1000,
      realTime: SECONDS / (ms / 1000),
      kbps: Math.round(averageBitrate / 1000),
    };
  });
  return { outDir, rungs, totalSeconds: total / 1000, wholeJobRealTime: SECONDS / (total / 1000) };
}

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: LOAD, timeout: 10 });
  return {
    rps: Math.round(result.requests.average),
    mbPerSecond: Number((result.throughput.average / 1024 / 1024).toFixed(1)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** A signed segment through the app next to @fastify/static on the same file. */
async function segmentServing(outDir: string) {
  const mediaDir = path.join(work, 'media');
  const key = 'media/1/1001/1080p';
  await mkdir(path.join(mediaDir, key), { recursive: true });
  const segment = 'seg-00001.ts';
  const { copyFile } = await import('node:fs/promises');
  await copyFile(path.join(outDir, '1080p', segment), path.join(mediaDir, key, segment));
  const bytes = (await stat(path.join(mediaDir, key, segment))).size;

  const database = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(database.db);
  const config = testConfig({ media: { ...testConfig().media, dir: mediaDir }, logLevel: 'silent' });
  const app = await buildApp({ config, database });
  const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const signedPath = `${HLS_BASE}/1/1001/1080p/${segment}`;
  const { exp, sig } = createStreamUrls(config.jwtSecret).sign(
    signedPath,
    Math.floor(Date.now() / 1000) + 3600,
  );
  const plain = Fastify();
  await plain.register(fastifyStatic, { root: path.join(mediaDir, key), prefix: '/' });
  const plainUrl = await plain.listen({ host: '127.0.0.1', port: 0 });
  try {
    const viaApp = await load(`${appUrl}${signedPath}?exp=${exp}&sig=${sig}`);
    const viaStatic = await load(`${plainUrl}/${segment}`);
    return { segmentBytes: bytes, app: viaApp, fastifyStatic: viaStatic };
  } finally {
    await plain.close();
    await app.close();
    await database.close();
  }
}

/** From tapping 在线播放 to the first frame painted, on the real site with a real transcode. */
async function timeToFirstFrame(source: string): Promise<number[] | undefined> {
  const { chromium } = await import('playwright-core');
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(database.db);
  await loadDemoCatalogue(database.db, { works: 50 });
  const config = testConfig({
    media: {
      ...testConfig().media,
      dir: path.join(work, 'site-media'),
      inProcessWorker: true,
      preset,
      maxBytes: 2 ** 40,
    },
    webDist: WEB_DIST,
    logLevel: 'silent',
  });
  const app = await buildApp({ config, database });
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, '--disable-quic'],
  });
  try {
    const target = await database.db
      .selectFrom('works')
      .select('id')
      .where('channel', '=', 1)
      .limit(1)
      .executeTakeFirstOrThrow();
    const media = await app.videoRuntime.service.attachFile({
      workId: target.id,
      file: source,
      name: 'bench.mp4',
      staffId: null,
    });
    for (let row = media; row.status === 'queued' || row.status === 'running';) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      row = (await app.videoRuntime.service.find(media.id))!;
      if (row.status === 'failed') throw new Error(`bench video failed: ${row.failureDetail}`);
    }
    const user = await database.db
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
    const sessionId = crypto.randomUUID();
    await database.db.insertInto('login_sessions').values({ id: sessionId, user_id: user.id }).execute();
    const token = await createAccessTokens(config.jwtSecret).issue({ userId: user.id, sessionId });
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
      });
      await context.addCookies([{ name: 'yingku-token', value: token, url: baseUrl }]);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/censored/${target.id}`);
      const play = page.getByRole('button', { name: '在线播放' });
      await play.waitFor();
      const tapped = await page.evaluate(() => performance.now());
      await play.click();
      await page.getByTestId('stream-video').waitFor();
      const painted = await page.getByTestId('stream-video').evaluate(firstFramePainted);
      times.push(Math.round(painted - tapped));
      await context.close();
    }
    return times;
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
}

/** Runs in the page: when the video paints its first frame (typed without the DOM lib). */
function firstFramePainted(video: unknown): Promise<number> {
  type Frames = { requestVideoFrameCallback(callback: (now: number) => void): void };
  return new Promise((resolve) => (video as Frames).requestVideoFrameCallback((now) => resolve(now)));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  console.log(`ffmpeg: ${tools.version} (${tools.source}); preset ${preset}; ${SECONDS} s 1080p source`);
  const source = await makeSource();
  const speeds = await transcodeSpeeds(source);
  for (const r of speeds.rungs) {
    console.log(
      `transcode ${r.rung}: ${r.seconds.toFixed(1)} s = ${r.realTime.toFixed(2)}× real time (${r.kbps} kbit/s)`,
    );
  }
  console.log(
    `whole job (4 rungs + preview + poster): ${speeds.totalSeconds.toFixed(1)} s = ${speeds.wholeJobRealTime.toFixed(2)}× real time`,
  );
  const serving = await segmentServing(speeds.outDir);
  console.log(
    `segment of ${(serving.segmentBytes / 1024).toFixed(0)} KB, ${CONNECTIONS} connections, ${LOAD} s each:`,
  );
  console.log(
    `  app (signed):     ${serving.app.rps} req/s, ${serving.app.mbPerSecond} MB/s, p50 ${serving.app.p50} ms, p99 ${serving.app.p99} ms, errors ${serving.app.errors}`,
  );
  console.log(
    `  @fastify/static:  ${serving.fastifyStatic.rps} req/s, ${serving.fastifyStatic.mbPerSecond} MB/s, p50 ${serving.fastifyStatic.p50} ms, p99 ${serving.fastifyStatic.p99} ms, errors ${serving.fastifyStatic.errors}`,
  );
  const firstFrame = await timeToFirstFrame(source);
  if (firstFrame)
    console.log(
      `time to first frame: ${firstFrame.join(' / ')} ms (median ${median(firstFrame)}; aim < 1000)`,
    );
  const results = path.resolve(import.meta.dirname, '../results');
  await mkdir(results, { recursive: true });
  const file = path.join(results, `media-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(
    file,
    JSON.stringify(
      {
        ffmpeg: tools.version,
        preset,
        seconds: SECONDS,
        speeds: speeds.rungs,
        wholeJob: speeds.totalSeconds,
        serving,
        firstFrame,
      },
      null,
      2,
    ),
  );
  console.log(`results: ${file}`);
} finally {
  await rm(work, { recursive: true, force: true });
}
