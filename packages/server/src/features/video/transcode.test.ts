import { mkdtemp, readFile, rm, stat, truncate, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip, makeNonVideo, removeClips, testFfmpeg } from '../../../test/media-fixtures';
import { MediaError, probe } from './ffmpeg-tools';
import { playlistSegments } from './ladder';
import { MASTER_PLAYLIST, POSTER_FILE, PREVIEW_FILE, SEGMENT_SECONDS, transcode } from './transcode';

const tools = testFfmpeg();
const clips: string[] = [];
const outDirs: string[] = [];

async function outDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'yingku-hls-'));
  outDirs.push(dir);
  return dir;
}

let source720: string;

beforeAll(async () => {
  source720 = await makeClip(tools, { width: 1280, height: 720, seconds: 9 });
  clips.push(source720);
});

afterAll(async () => {
  await removeClips(...clips);
  await Promise.all(outDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('transcode', () => {
  it('makes an HLS ladder of the rungs not above the source, with a master playlist, preview and poster', async () => {
    const dir = await outDir();
    const progress = new Map<string, number[]>();
    const result = await transcode({
      tools,
      source: source720,
      outDir: dir,
      preset: 'ultrafast',
      onProgress: (rung, percent) => progress.set(rung, [...(progress.get(rung) ?? []), percent]),
    });
    expect(result.rungs.map((r) => r.rung.name)).toEqual(['720p', '480p', '360p']);
    expect(result.rungs.map((r) => `${r.rung.width}x${r.rung.height}`)).toEqual([
      '1280x720',
      '854x480',
      '640x360',
    ]);

    const master = await readFile(path.join(dir, MASTER_PLAYLIST), 'utf8');
    const inf = master.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF'));
    expect(inf).toHaveLength(3);
    for (const line of inf) {
      expect(line).toMatch(
        /BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,RESOLUTION=\d+x\d+,CODECS="avc1\.64[0-9a-f]{4},mp4a\.40\.2"/,
      );
    }
    expect(master).toContain('720p/index.m3u8');

    // Every rung: a VOD playlist of 4 s segments (the last may be shorter), each file present.
    for (const rung of ['720p', '480p', '360p']) {
      const playlist = await readFile(path.join(dir, rung, 'index.m3u8'), 'utf8');
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist).toContain('#EXT-X-ENDLIST');
      const segments = playlistSegments(playlist);
      expect(segments.length).toBe(3);
      expect(segments.slice(0, -1).every((s) => Math.abs(s.duration - SEGMENT_SECONDS) < 0.1)).toBe(true);
      for (const segment of segments)
        expect((await stat(path.join(dir, rung, segment.uri))).size).toBeGreaterThan(0);
      expect(progress.get(rung)?.at(-1)).toBe(100);
    }

    // The rungs really are H.264 High + AAC at their sizes.
    const rung = await probe(tools, path.join(dir, '480p', 'seg-00000.ts'));
    expect(rung.video).toMatchObject({ width: 854, height: 480, codec: 'h264' });
    expect(rung.audio?.codec).toBe('aac');

    const preview = await probe(tools, path.join(dir, PREVIEW_FILE));
    expect(preview.video).toMatchObject({ width: 640, height: 360 });
    expect(preview.audio?.codec).toBe('aac');
    expect(preview.duration).toBeGreaterThan(5);
    expect(preview.duration).toBeLessThan(10.5);
    const poster = await readFile(path.join(dir, POSTER_FILE));
    expect(poster.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8])); // JPEG
    expect(result.files).toContain('360p/seg-00002.ts');
    // Eight frames for stills, big (the source's 720 lines) and small (180).
    expect(result.files.filter((f) => f.startsWith('stills/'))).toHaveLength(16);
    const still = await probe(tools, path.join(dir, 'stills', '8-s.jpg'));
    expect(still.video).toMatchObject({ width: 320, height: 180 });
  });

  it('keeps only the tallest rungs when told (the demo uses two)', async () => {
    const dir = await outDir();
    const result = await transcode({
      tools,
      source: source720,
      outDir: dir,
      preset: 'ultrafast',
      rungLimit: 2,
    });
    expect(result.rungs.map((r) => r.rung.name)).toEqual(['720p', '480p']);
  });

  it.each([
    ['not a media file', () => makeNonVideo(), 'not-media'],
    ['0 bytes', () => makeNonVideo('empty.mp4', ''), 'not-media'],
    ['audio only', () => makeClip(tools, { video: false, extension: '.m4a' }), 'no-video'],
    ['video only', () => makeClip(tools, { audio: false }), 'no-audio'],
  ] as const)('refuses %s with a reason', async (_name, make, reason) => {
    const file = await make();
    clips.push(file);
    const error = await transcode({ tools, source: file, outDir: await outDir(), preset: 'ultrafast' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).reason).toBe(reason);
  });

  it('refuses a truncated file', async () => {
    const file = await makeNonVideo('cut.mp4', '');
    clips.push(file);
    await copyFile(source720, file);
    await truncate(file, 20_000);
    const error = await transcode({ tools, source: file, outDir: await outDir(), preset: 'ultrafast' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MediaError);
  });

  it('stops ffmpeg when cancelled', async () => {
    const controller = new AbortController();
    const started = transcode({
      tools,
      source: source720,
      outDir: await outDir(),
      preset: 'ultrafast',
      signal: controller.signal,
      // Once ffmpeg has reported progress: it is running.
      onProgress: (_rung, percent) => percent > 0 && controller.abort(),
    });
    await expect(started).rejects.toMatchObject({ reason: 'cancelled' });
  });
});
