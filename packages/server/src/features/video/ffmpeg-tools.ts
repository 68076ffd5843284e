import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { VIDEO_MSG } from '@yingku/contract';

/** Where ffmpeg and ffprobe are, and which: the system's, or the registry package's. */
export interface FfmpegTools {
  ffmpeg: string;
  ffprobe: string;
  source: 'setting' | 'system' | 'package';
  /** `ffmpeg 5.1.9-0+deb12u1`: the name and version `-version` gives. */
  version: string;
}

/** Why media cannot be processed here, in words for the console. */
export const NO_FFMPEG = VIDEO_MSG.noFfmpeg;

function versionOf(binary: string): string | undefined {
  try {
    const result = spawnSync(binary, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 10_000 });
    if (result.status !== 0) return undefined;
    // "ffmpeg version 5.1.9-0+deb12u1 Copyright (c) …" → "ffmpeg 5.1.9-0+deb12u1"
    const first = result.stdout.split('\n')[0]?.trim() ?? '';
    const version = /^(\S+) version (\S+)/.exec(first);
    return version ? `${version[1]} ${version[2]}` : first || undefined;
  } catch {
    return undefined;
  }
}

/** The path an optional registry package exports (`@ffmpeg-installer/ffmpeg` and the like). */
function packagedPath(name: string): string | undefined {
  try {
    const required = createRequire(import.meta.url)(name) as { path?: unknown };
    return typeof required.path === 'string' ? required.path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Finds ffmpeg and ffprobe, in this order: FFMPEG_PATH / FFPROBE_PATH when set, the system's
 * (on PATH: Debian's `apt-get install ffmpeg`), else the static builds shipped inside the
 * optional packages `@ffmpeg-installer/ffmpeg` and `@ffprobe-installer/ffprobe` (no download at
 * install time). Undefined when none runs: media features then say {@link NO_FFMPEG}.
 */
export function findFfmpeg(
  env: { FFMPEG_PATH?: string | undefined; FFPROBE_PATH?: string | undefined } = process.env,
): FfmpegTools | undefined {
  const candidates: [FfmpegTools['source'], string | undefined, string | undefined][] = [
    ['setting', env.FFMPEG_PATH, env.FFPROBE_PATH],
    ['system', 'ffmpeg', 'ffprobe'],
    ['package', packagedPath('@ffmpeg-installer/ffmpeg'), packagedPath('@ffprobe-installer/ffprobe')],
  ];
  for (const [source, ffmpeg, ffprobe] of candidates) {
    if (!ffmpeg || !ffprobe) continue;
    const version = versionOf(ffmpeg);
    if (version && versionOf(ffprobe)) return { ffmpeg, ffprobe, source, version };
    if (source === 'setting') break; // a wrong setting is not silently replaced
  }
  return undefined;
}

/** What a media file holds, as far as transcoding cares. */
export interface ProbeResult {
  /** Seconds; 0 when unknown. */
  duration: number;
  video?: { width: number; height: number; codec: string };
  audio?: { codec: string; channels: number };
  format: string;
}

interface FfprobeJson {
  format?: { duration?: string; format_name?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    channels?: number;
    disposition?: { attached_pic?: number };
    tags?: { rotate?: string };
    side_data_list?: { rotation?: number }[];
  }[];
}

/**
 * Probes a file with ffprobe. Throws {@link MediaError} when it is not a media file ffprobe can
 * read. The size reported is the displayed one: a rotated phone video is taller than wide.
 */
export async function probe(tools: FfmpegTools, file: string, signal?: AbortSignal): Promise<ProbeResult> {
  const { stdout, code, stderr } = await run(
    tools.ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '--', file],
    { signal, timeoutMs: 60_000 },
  );
  if (code !== 0) throw new MediaError('not-media', lastLine(stderr) || `ffprobe exited ${code}`);
  let parsed: FfprobeJson;
  try {
    parsed = JSON.parse(stdout) as FfprobeJson;
  } catch {
    throw new MediaError('not-media', 'ffprobe gave no readable answer');
  }
  const streams = parsed.streams ?? [];
  // A cover picture inside an mp3 or m4a is a "video" stream too: not a video.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const result: ProbeResult = {
    duration: Number(parsed.format?.duration) || 0,
    format: parsed.format?.format_name ?? '',
  };
  if (video?.width && video.height) {
    const rotation = Math.abs(Number(video.tags?.rotate ?? video.side_data_list?.[0]?.rotation ?? 0)) % 180;
    const [width, height] = rotation === 90 ? [video.height, video.width] : [video.width, video.height];
    result.video = { width, height, codec: video.codec_name ?? '' };
  }
  if (audio) result.audio = { codec: audio.codec_name ?? '', channels: audio.channels ?? 0 };
  return result;
}

/** Why a media step failed: a code the console can explain, and ffmpeg's own words. */
export class MediaError extends Error {
  constructor(
    readonly reason: MediaFailure,
    detail: string,
  ) {
    super(detail);
    this.name = 'MediaError';
  }
}

export type MediaFailure =
  | 'not-media'
  | 'no-video'
  | 'no-audio'
  | 'too-short'
  | 'ffmpeg-failed'
  | 'ffmpeg-missing'
  | 'storage-failed'
  | 'timed-out'
  | 'interrupted'
  | 'cancelled';

/** Why a job's AbortSignal fired (its `reason`): staff cancelled, the timeout, or a shutdown. */
export const ABORT = { cancel: 'cancel', timeout: 'timeout', shutdown: 'shutdown' } as const;

function abortError(signal: AbortSignal | undefined): MediaError {
  const reason: unknown = signal?.reason;
  if (reason === ABORT.timeout) return new MediaError('timed-out', 'the job ran past its time limit');
  if (reason === ABORT.shutdown) return new MediaError('interrupted', 'the worker stopped');
  return new MediaError('cancelled', 'cancelled');
}

export interface RunOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number;
  /** Called with each `key=value` block ffmpeg writes to `-progress pipe:1`. */
  onProgress?: (fields: Map<string, string>) => void;
}

/**
 * Runs a tool with an argument list (never a shell: no file name or user text is ever parsed as
 * a command), killing it on abort or timeout. Resolves with its exit code and output.
 */
export function run(
  binary: string,
  args: readonly string[],
  { signal, timeoutMs, onProgress }: RunOptions = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let pending = new Map<string, string>();
    let ended: MediaError | undefined;
    const kill = (why: MediaError) => {
      ended ??= why;
      child.kill('SIGKILL');
    };
    const timer = timeoutMs
      ? setTimeout(() => kill(new MediaError('timed-out', `no result after ${timeoutMs} ms`)), timeoutMs)
      : undefined;
    const onAbort = () => kill(abortError(signal));
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (!onProgress) {
        stdout += chunk;
        return;
      }
      for (const line of chunk.split('\n')) {
        const eq = line.indexOf('=');
        if (eq <= 0) continue;
        const key = line.slice(0, eq).trim();
        pending.set(key, line.slice(eq + 1).trim());
        if (key === 'progress') {
          onProgress(pending);
          pending = new Map();
        }
      }
    });
    // Keep the end of stderr only: ffmpeg's last lines say why it failed.
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-8_000);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      reject(new MediaError('ffmpeg-missing', error.message));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (ended) reject(ended);
      else resolve({ code, stdout, stderr });
    });
  });
}

/** The last non-empty line of a tool's stderr: usually the reason it gave up. */
export function lastLine(text: string): string {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return (lines[lines.length - 1] ?? '').slice(0, 300);
}
