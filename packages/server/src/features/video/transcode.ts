import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type FfmpegTools, lastLine, MediaError, type ProbeResult, probe, run } from './ffmpeg-tools';
import {
  ladderFor,
  masterPlaylist,
  playlistSegments,
  type Rung,
  type RungName,
  type RungOutput,
} from './ladder';

/** Seconds per HLS segment: keyframes every 2 s, so every segment is exactly this long. */
export const SEGMENT_SECONDS = 4;
const KEYFRAME_SECONDS = 2;
/** The master playlist's file name in a title's folder. */
export const MASTER_PLAYLIST = 'master.m3u8';
/** A rung's media playlist, in a folder named after the rung. */
export const RUNG_PLAYLIST = 'index.m3u8';
export const PREVIEW_FILE = 'preview.mp4';
export const POSTER_FILE = 'poster.jpg';
/** Frames offered as the work's stills: `stills/{n}.jpg` (≤ 720 lines) and `stills/{n}-s.jpg`. */
export const STILLS_COUNT = 8;
export const stillFile = (n: number, small: boolean) => `stills/${n}${small ? '-s' : ''}.jpg`;
/** Shortest source worth putting online (a few frames is a broken file, not a title). */
export const MIN_SECONDS = 1;

/** H.264 level per CODECS level byte (Apple's authoring spec levels per rung). */
const LEVELS: Record<string, string> = { '640028': '4.0', '64001f': '3.1', '64001e': '3.0' };

export interface TranscodeOptions {
  tools: FfmpegTools;
  /** The uploaded file. */
  source: string;
  /** An empty local folder the title is written to (then copied to storage). */
  outDir: string;
  /** Keep only the tallest `rungLimit` rungs (the demo uses 2). */
  rungLimit?: number;
  /** libx264 preset: `veryfast` by default (MEDIA_X264_PRESET). */
  preset?: string;
  signal?: AbortSignal;
  /** Percent done per rung (0–100), called often; the preview and poster come after. */
  onProgress?: (rung: RungName, percent: number) => void;
  /** Called once the rungs are known, before any is made. */
  onPlan?: (rungs: readonly Rung[], probe: ProbeResult) => void;
}

export interface TranscodeResult {
  probe: ProbeResult;
  rungs: RungOutput[];
  /** Files written, relative to outDir (playlists, segments, preview, poster). */
  files: string[];
  durationSeconds: number;
}

/**
 * Makes a title's HLS VOD: one H.264 High + AAC-LC rendition per rung not taller than the source
 * (so iOS Safari plays it natively and hls.js everywhere else), 4 s MPEG-TS segments starting
 * on keyframes, a master playlist with BANDWIDTH (measured peak), AVERAGE-BANDWIDTH, RESOLUTION
 * and CODECS; then a muted-free short preview mp4 of three excerpts and a poster frame. Refuses
 * (MediaError) what is not a video with sound.
 */
export async function transcode(options: TranscodeOptions): Promise<TranscodeResult> {
  const { tools, source, outDir, signal } = options;
  const probed = await probe(tools, source, signal);
  if (!probed.video) {
    throw new MediaError(probed.audio ? 'no-video' : 'not-media', 'the file has no video stream');
  }
  if (!probed.audio) throw new MediaError('no-audio', 'the file has no audio stream');
  if (probed.duration < MIN_SECONDS) {
    throw new MediaError('too-short', `the file lasts ${probed.duration.toFixed(2)} s`);
  }
  const rungs = ladderFor(probed.video.width, probed.video.height, options.rungLimit);
  options.onPlan?.(rungs, probed);

  const files: string[] = [];
  const outputs: RungOutput[] = [];
  for (const rung of rungs) {
    const written = await transcodeRung(options, probed, rung);
    files.push(...written.files);
    outputs.push(written.output);
  }
  await writeFile(path.join(outDir, MASTER_PLAYLIST), masterPlaylist(outputs));
  files.push(MASTER_PLAYLIST);
  await cutPreview(options, probed, rungs[rungs.length - 1]!);
  files.push(PREVIEW_FILE);
  await grabPoster(options, probed);
  files.push(POSTER_FILE);
  files.push(...(await grabStills(options, probed)));
  return { probe: probed, rungs: outputs, files, durationSeconds: probed.duration };
}

async function ffmpeg(options: TranscodeOptions, args: string[], onSeconds?: (seconds: number) => void) {
  const { code, stderr } = await run(
    options.tools.ffmpeg,
    ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', ...args],
    {
      signal: options.signal,
      ...(onSeconds
        ? {
            onProgress: (fields) => {
              // out_time_us (and the misnamed out_time_ms) are microseconds.
              const us = Number(fields.get('out_time_us') ?? fields.get('out_time_ms'));
              if (Number.isFinite(us) && us >= 0) onSeconds(us / 1e6);
            },
          }
        : {}),
    },
  );
  if (code !== 0) throw new MediaError('ffmpeg-failed', lastLine(stderr) || `ffmpeg exited ${code}`);
}

async function transcodeRung(options: TranscodeOptions, probed: ProbeResult, rung: Rung) {
  const dir = path.join(options.outDir, rung.name);
  await mkdir(dir, { recursive: true });
  const maxrate = Math.round(rung.videoBitrate * 1.07);
  options.onProgress?.(rung.name, 0);
  await ffmpeg(
    options,
    [
      ...['-i', options.source, '-map', '0:v:0', '-map', '0:a:0', '-sn', '-dn', '-map_metadata', '-1'],
      ...['-vf', `scale=${rung.width}:${rung.height},setsar=1`, '-pix_fmt', 'yuv420p'],
      ...['-c:v', 'libx264', '-preset', options.preset ?? 'veryfast', '-profile:v', 'high'],
      ...['-level:v', LEVELS[rung.avcLevel] ?? '4.0'],
      ...['-b:v', `${rung.videoBitrate}`, '-maxrate', `${maxrate}`, '-bufsize', `${maxrate * 2}`],
      ...['-force_key_frames', `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`, '-sc_threshold', '0'],
      ...['-c:a', 'aac', '-b:a', `${rung.audioBitrate}`, '-ac', '2', '-ar', '48000'],
      ...['-f', 'hls', '-hls_time', `${SEGMENT_SECONDS}`, '-hls_playlist_type', 'vod'],
      ...['-hls_flags', 'independent_segments', '-hls_segment_type', 'mpegts'],
      ...['-hls_segment_filename', path.join(dir, 'seg-%05d.ts')],
      ...['-progress', 'pipe:1', '-nostats', path.join(dir, RUNG_PLAYLIST)],
    ],
    (seconds) => {
      const percent = probed.duration > 0 ? Math.min(99, Math.floor((seconds / probed.duration) * 100)) : 0;
      options.onProgress?.(rung.name, percent);
    },
  );
  const playlist = await readFile(path.join(dir, RUNG_PLAYLIST), 'utf8');
  const segments = playlistSegments(playlist);
  if (segments.length === 0) throw new MediaError('ffmpeg-failed', `${rung.name}: no segments written`);
  let peak = 0;
  let bytes = 0;
  let seconds = 0;
  const files = [`${rung.name}/${RUNG_PLAYLIST}`];
  for (const segment of segments) {
    const size = (await stat(path.join(dir, segment.uri))).size;
    files.push(`${rung.name}/${segment.uri}`);
    bytes += size;
    seconds += segment.duration;
    // A last segment of a fraction of a second says little about the peak.
    if (segment.duration >= 1) peak = Math.max(peak, (size * 8) / segment.duration);
  }
  const average = seconds > 0 ? (bytes * 8) / seconds : 0;
  options.onProgress?.(rung.name, 100);
  return {
    files,
    output: {
      rung,
      uri: `${rung.name}/${RUNG_PLAYLIST}`,
      peakBitrate: Math.max(peak, average),
      averageBitrate: average,
    },
  };
}

/** Where the preview's excerpts start: three of 4 s spread over the title, or the whole of a short one. */
export function previewExcerpts(duration: number): { start: number; length: number }[] {
  const length = 4;
  if (duration <= length * 3) return [{ start: 0, length: Math.min(duration, 10) }];
  return [0.15, 0.45, 0.75].map((at) => ({ start: Math.floor(duration * at * 10) / 10, length }));
}

/**
 * The preview: three 4 s excerpts (input seeking, so a two-hour file is not decoded whole),
 * joined, at the smallest rung's size, with sound, `faststart` so it plays while it loads.
 */
async function cutPreview(options: TranscodeOptions, probed: ProbeResult, smallest: Rung) {
  const excerpts = previewExcerpts(probed.duration);
  const inputs = excerpts.flatMap(({ start, length }) => [
    ...['-ss', `${start}`, '-t', `${length}`, '-i', options.source],
  ]);
  const scale = `scale=${smallest.width}:${smallest.height},setsar=1,fps=25`;
  const chains = excerpts.map(
    (_, i) =>
      `[${i}:v:0]${scale},setpts=PTS-STARTPTS[v${i}];` +
      `[${i}:a:0]aresample=44100,aformat=channel_layouts=stereo,asetpts=PTS-STARTPTS[a${i}]`,
  );
  const joined = excerpts.map((_, i) => `[v${i}][a${i}]`).join('');
  await ffmpeg(options, [
    ...inputs,
    ...['-filter_complex', `${chains.join(';')};${joined}concat=n=${excerpts.length}:v=1:a=1[v][a]`],
    ...['-map', '[v]', '-map', '[a]', '-map_metadata', '-1'],
    ...[
      '-c:v',
      'libx264',
      '-preset',
      options.preset ?? 'veryfast',
      '-profile:v',
      'main',
      '-pix_fmt',
      'yuv420p',
    ],
    ...['-b:v', '700000', '-maxrate', '800000', '-bufsize', '1600000'],
    ...['-c:a', 'aac', '-b:a', '64000', '-movflags', '+faststart'],
    path.join(options.outDir, PREVIEW_FILE),
  ]);
}

/**
 * Frames spread over the title (the middle of each eighth), big and small, that staff may take
 * as the work's stills. Input seeking: one decoded frame each, whatever the file's length.
 */
async function grabStills(options: TranscodeOptions, probed: ProbeResult): Promise<string[]> {
  await mkdir(path.join(options.outDir, 'stills'), { recursive: true });
  const height = Math.min(720, probed.video!.height);
  const files: string[] = [];
  for (let n = 1; n <= STILLS_COUNT; n += 1) {
    const at = Math.floor(((n - 0.5) / STILLS_COUNT) * probed.duration * 10) / 10;
    await ffmpeg(options, [
      ...['-ss', `${at}`, '-i', options.source],
      ...[
        '-filter_complex',
        `[0:v:0]split=2[a][b];[a]scale=-2:${height - (height % 2)}[big];[b]scale=-2:180[small]`,
      ],
      ...[
        '-map',
        '[big]',
        '-frames:v',
        '1',
        '-q:v',
        '3',
        '-map_metadata',
        '-1',
        path.join(options.outDir, stillFile(n, false)),
      ],
      ...[
        '-map',
        '[small]',
        '-frames:v',
        '1',
        '-q:v',
        '5',
        '-map_metadata',
        '-1',
        path.join(options.outDir, stillFile(n, true)),
      ],
    ]);
    files.push(stillFile(n, false), stillFile(n, true));
  }
  return files;
}

/** The poster: one frame a tenth of the way in, at most 720 lines, as JPEG. */
async function grabPoster(options: TranscodeOptions, probed: ProbeResult) {
  const at = Math.floor(probed.duration * 0.1 * 10) / 10;
  const height = Math.min(720, probed.video!.height);
  await ffmpeg(options, [
    ...['-ss', `${at}`, '-i', options.source, '-frames:v', '1'],
    ...['-vf', `scale=-2:${height - (height % 2)}`, '-q:v', '3', '-map_metadata', '-1'],
    path.join(options.outDir, POSTER_FILE),
  ]);
}
