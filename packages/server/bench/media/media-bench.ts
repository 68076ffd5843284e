/**
 * `npm run bench:media`: what the media pipeline costs and how fast it serves.
 * - Transcode speed per rung, as a multiple of real time, for a generated 1080p 60 s clip
 *   (the preset the site uses: MEDIA_X264_PRESET, veryfast by default).
 * - Segment delivery, side by side in one run (delivery.ts): one 1080p segment through the app
 *   (local storage, token check), straight from the bucket (presigned, Ceph's gateway) and from a
 *   CDN edge's cache (nginx in front of the bucket), next to @fastify/static serving the same
 *   file (the ceiling of a Node server): req/s, MB/s, p50/p99.
 * - Time to first frame on each of the three: a VIP taps 在线播放 on the work's page in Chromium
 *   on loopback; from the tap to the first frame painted (requestVideoFrameCallback), cold runs.
 * Writes JSON to bench/results/media-<time>.json. Options: --seconds N (clip, 60), --load N
 * (seconds of load per server, 10), --connections N (50), --runs N (5).
 */
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { findFfmpeg, run } from '../../src/features/video/ffmpeg-tools';
import { transcode } from '../../src/features/video/transcode';
import { load, measureDelivery } from './delivery';

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
  return {
    outDir,
    made: result,
    rungs,
    totalSeconds: total / 1000,
    wholeJobRealTime: SECONDS / (total / 1000),
  };
}

/** The ceiling: @fastify/static serving the same 1080p segment, no token, no storage layer. */
async function staticCeiling(outDir: string) {
  const dir = path.join(outDir, '1080p');
  const bytes = (await stat(path.join(dir, 'seg-00001.ts'))).size;
  const plain = Fastify();
  await plain.register(fastifyStatic, { root: dir, prefix: '/' });
  const plainUrl = await plain.listen({ host: '127.0.0.1', port: 0 });
  try {
    return {
      segmentBytes: bytes,
      fastifyStatic: await load(`${plainUrl}/seg-00001.ts`, { connections: CONNECTIONS, loadSeconds: LOAD }),
    };
  } finally {
    await plain.close();
  }
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
  const ceiling = await staticCeiling(speeds.outDir);
  const delivery = await measureDelivery({
    outDir: speeds.outDir,
    made: speeds.made,
    connections: CONNECTIONS,
    loadSeconds: LOAD,
    runs: RUNS,
  });
  console.log(
    `segment of ${(ceiling.segmentBytes / 1024).toFixed(0)} KB (1080p), ${CONNECTIONS} connections, ${LOAD} s each:`,
  );
  const line = (
    name: string,
    l: { rps: number; mbPerSecond: number; p50: number; p99: number; errors: number },
  ) =>
    `  ${name.padEnd(22)} ${l.rps} req/s, ${l.mbPerSecond} MB/s, p50 ${l.p50} ms, p99 ${l.p99} ms, errors ${l.errors}`;
  for (const r of delivery.results) console.log(line(r.mode, r.segment));
  console.log(line('@fastify/static', ceiling.fastifyStatic));
  for (const r of delivery.results) {
    console.log(
      `time to first frame, ${r.mode}: ${r.firstFrame.join(' / ')} ms (median ${median(r.firstFrame)}; aim < 1000)`,
    );
  }
  for (const note of delivery.skipped) console.log(`skipped: ${note}`);
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
        ceiling,
        delivery,
      },
      null,
      2,
    ),
  );
  console.log(`results: ${file}`);
} finally {
  await rm(work, { recursive: true, force: true });
}
