import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import { createVideoRuntime } from '../src/features/video/video-runtime';
import { silentLogger } from '../src/lib/logger';
import { createPostgresTestDatabase } from './db';
import { buildWorkLine, insertWorks } from './factories';
import { freePort } from '../bench/processes';
import { makeClip, removeClips, testFfmpeg } from './media-fixtures';

const root = path.resolve(import.meta.dirname, '../../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** `npm run worker` as production runs it, in a process group of its own (ffmpeg included). */
function startWorker(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(tsx, ['packages/server/src/worker.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

/** Whether any process of the group `pgid` is still there (a zombie not yet reaped counts). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls until `check` holds; past `ms`, fails saying what the worker printed. */
async function until(check: () => boolean, worker: { output: () => string }, ms = 200_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting; the worker printed:\n${worker.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The pipeline's working folder of a video, once ffmpeg has written a segment into it. */
const workFolders = (dir: string, mediaId: string) =>
  readdirSync(dir).filter((name) => new RegExp(`^yingku-media-\\d+-${mediaId}-`).test(name));
const segmentWritten = (dir: string, mediaId: string) => () =>
  workFolders(dir, mediaId).some((name) => {
    const out = path.join(dir, name, 'out');
    return (
      existsSync(out) &&
      readdirSync(out).some((rung) => {
        const rungDir = path.join(out, rung);
        return existsSync(rungDir) && readdirSync(rungDir).some((file) => file.endsWith('.ts'));
      })
    );
  });

describe('a worker killed mid-transcode', () => {
  it(
    'loses nothing: the next worker takes the video again and puts it online',
    { timeout: 240_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'yingku-worker-kill-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const databaseUrl = process.env.DATABASE_URL
        ? await createPostgresTestDatabase(process.env.DATABASE_URL).then((created) => {
            cleanups.push(() => created.drop());
            return created.url;
          })
        : undefined;
      // The workers' temporary folder is this test's own (TMPDIR): nothing of other tests is in it.
      const workerTmp = path.join(dataDir, 'tmp');
      await mkdir(workerTmp);
      const env: Record<string, string> = {
        TMPDIR: workerTmp,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        // Slow on purpose, so the kill lands mid-transcode (after the first of three segments).
        MEDIA_X264_PRESET: 'veryslow',
        // The worker logs with pino at LOG_LEVEL, as the server does: the test waits on its info line.
        LOG_LEVEL: 'info',
      };
      const clip = await makeClip(testFfmpeg(), { width: 854, height: 480, seconds: 12 });
      cleanups.push(() => removeClips(clip));

      // Attach (and queue) from a process of its own, as the CLI does, then let go of the database.
      const config = testConfig({
        dataDir,
        databaseUrl,
        media: { ...testConfig().media, dir: path.join(dataDir, 'media'), preset: 'veryslow' },
      });
      const database = await openDatabase({ url: databaseUrl, dataDir });
      await migrateToLatest(database.db);
      const workId = (await insertWorks(database.db, [buildWorkLine({ isOnline: 0 })])).ids[0]!;
      const runtime = createVideoRuntime({ config, database, log: silentLogger });
      const media = await runtime.service.attachFile({ workId, file: clip, name: 'kill.mp4', staffId: null });
      await runtime.close();
      await database.close();

      // The first worker starts on it; it is killed (ffmpeg too) once a segment is written.
      const first = startWorker(env);
      await until(segmentWritten(workerTmp, media.id), first, 100_000);
      process.kill(-first.child.pid!, 'SIGKILL');
      await exited(first.child);
      // tsx's own node process (whose pid names the work folder) goes after tsx: the next worker
      // must not find it still there, or it would rightly leave its folder alone.
      await until(() => !groupAlive(first.child.pid!), first, 30_000);

      // The next worker finds the video its owner left running and makes it.
      // (Faster this time: only the handover is under test.)
      const port = await freePort();
      const second = startWorker({ ...env, MEDIA_X264_PRESET: 'ultrafast', WORKER_PORT: String(port) });
      cleanups.push(async () => {
        if (second.child.exitCode === null) process.kill(-second.child.pid!, 'SIGKILL');
      });
      await until(() => second.output().includes('"msg":"video online"'), second, 100_000);
      // The killed worker's temporary files went when the next one started; its own when done
      // (just after it says the video is online).
      await until(() => workFolders(workerTmp, media.id).length === 0, second, 30_000);
      // Its job done, it answers its health and metrics checks like the server: the video made, by rung.
      const ops = (file: string) => fetch(`http://127.0.0.1:${port}${file}`);
      expect((await ops('/healthz')).status).toBe(200);
      expect((await ops('/readyz')).status).toBe(200);
      let text = '';
      const value = (series: string) =>
        Number(new RegExp(`^${series.replace(/[{}"]/g, (c) => `\\${c}`)} (\\S+)$`, 'm').exec(text)?.[1]);
      // The job ends a moment after its files go: read until it has.
      for (let tries = 0; tries < 100; tries += 1) {
        text = await (await ops('/metrics')).text();
        if (value('yingku_transcode_jobs_total{outcome="ready"}') === 1) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(value('yingku_transcode_jobs_total{outcome="ready"}')).toBe(1);
      expect(value('yingku_transcode_queue_depth')).toBe(0);
      expect(value('yingku_transcode_jobs_in_process')).toBe(0);
      expect(value('yingku_transcode_rung_seconds_count{rung="480p"}')).toBe(1);
      expect(value('yingku_transcode_rung_seconds_sum{rung="480p"}')).toBeGreaterThan(0);
      expect(text).toContain('process_cpu_seconds_total');
      process.kill(-second.child.pid!, 'SIGTERM');
      await exited(second.child);

      const check = await openDatabase({ url: databaseUrl, dataDir });
      try {
        const row = await check.db
          .selectFrom('work_media')
          .select(['status', 'attempts'])
          .where('id', '=', media.id)
          .executeTakeFirstOrThrow();
        expect(row.status).toBe('ready');
        expect(row.attempts).toBeGreaterThanOrEqual(2);
        const work = await check.db
          .selectFrom('works')
          .select(['is_online', 'media_id'])
          .where('id', '=', workId)
          .executeTakeFirstOrThrow();
        expect(work).toEqual({ is_online: 1, media_id: media.id });
      } finally {
        await check.close();
      }
    },
  );
});
