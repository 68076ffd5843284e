import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { run } from '../../features/video/ffmpeg-tools';
import type { VideoRuntime } from '../../features/video/video-runtime';
import type { Logger } from '../../lib/logger';
import type { DB } from '../schema';

/** Demo works that get a video, per channel: a fresh `npm start` shows 转码中 → online for real. */
export const DEMO_VIDEOS_PER_CHANNEL = { 1: 6, 2: 3, 3: 3 } as const;
/** The demo's ladders are short: two rungs (720p and 480p of a 720p source). */
const DEMO_RUNGS = 2;

/**
 * Picks the demo works that get a video — the newest the generator marked online, per channel —
 * and marks them 转码中 (2) at once, before the site opens: until a video is made, the page says
 * it is on its way, rather than offering a play button with nothing behind it. The generator's
 * other online or transcoding marks and its preview paths (no such files) are cleared, so nothing
 * in the demo claims a video it does not have. Answers the works chosen. Without ffmpeg nothing
 * changes: the works marked online play the bundled test clip.
 */
export async function prepareDemoVideos(
  db: Kysely<DB>,
  video: Pick<VideoRuntime, 'tools'>,
  perChannel: Record<number, number> = DEMO_VIDEOS_PER_CHANNEL,
): Promise<string[]> {
  if (!video.tools) return [];
  const chosen: string[] = [];
  for (const [channel, count] of Object.entries(perChannel)) {
    if (count <= 0) continue;
    const rows = await db
      .selectFrom('works')
      .select('id')
      .where('channel', '=', Number(channel))
      .where('is_online', '!=', 0)
      .orderBy('pub_date', 'desc')
      .orderBy('id', 'desc')
      .limit(count)
      .execute();
    chosen.push(...rows.map((row) => row.id));
  }
  await db
    .updateTable('works')
    .set({ is_online: 0 })
    .where('is_online', '!=', 0)
    .$if(chosen.length > 0, (q) => q.where('id', 'not in', chosen))
    .execute();
  if (chosen.length > 0) {
    await db.updateTable('works').set({ is_online: 2 }).where('id', 'in', chosen).execute();
  }
  await db.updateTable('works').set({ mp4: null }).where('mp4', 'like', 'demo/preview/%').execute();
  await sql`ANALYZE works`.execute(db);
  return chosen;
}

/**
 * Gives the works {@link prepareDemoVideos} chose real videos through the same pipeline as staff
 * uploads, in the background once the site is up: a small source drawn by ffmpeg (its test
 * pattern and a tone, 12 s, 720p) is attached to each, and the worker makes them; each goes
 * online by itself. Answers how many videos were queued.
 */
export async function attachDemoVideos(
  video: VideoRuntime,
  chosen: readonly string[],
  log: Pick<Logger, 'info' | 'warn'>,
): Promise<number> {
  if (!video.tools) {
    log.warn('Demo videos: no ffmpeg, so the demo works marked online play the bundled test clip.');
    return 0;
  }
  if (chosen.length === 0) return 0;
  const dir = await mkdtemp(path.join(tmpdir(), 'yingku-demo-source-'));
  try {
    const source = path.join(dir, 'demo-source.mp4');
    const { code, stderr } = await run(
      video.tools.ffmpeg,
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
        ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=330'],
        ...[
          '-t',
          '12',
          '-c:v',
          'libx264',
          '-preset',
          'ultrafast',
          '-pix_fmt',
          'yuv420p',
          '-c:a',
          'aac',
          source,
        ],
      ],
      { timeoutMs: 120_000 },
    );
    if (code !== 0) throw new Error(`could not draw the demo source: ${stderr}`);
    for (const workId of chosen) {
      await video.service.attachFile({
        workId,
        file: source,
        name: 'demo-source.mp4',
        staffId: null,
        rungLimit: DEMO_RUNGS,
      });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  log.info(`Demo videos: ${chosen.length} queued for transcoding (转码中 until each is made).`);
  return chosen.length;
}
