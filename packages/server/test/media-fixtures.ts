import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FfmpegTools, findFfmpeg, run } from '../src/features/video/ffmpeg-tools';

/** ffmpeg for tests: the system's, else the packaged one; a test run without either is a failure. */
export function testFfmpeg(): FfmpegTools {
  const tools = findFfmpeg();
  if (!tools) throw new Error('ffmpeg is needed by the media tests (apt-get install -y ffmpeg)');
  return tools;
}

export interface ClipOptions {
  width?: number;
  height?: number;
  seconds?: number;
  video?: boolean;
  audio?: boolean;
  /** Container by extension: .mp4 (default), .mkv, .mov, .m4a… */
  extension?: string;
}

/**
 * A generated clip: ffmpeg's test pattern and a tone, nothing else (synthetic test data). Made
 * fast (ultrafast, low quality); callers remove the folder with {@link removeClips}.
 */
export async function makeClip(tools: FfmpegTools, options: ClipOptions = {}): Promise<string> {
  const { width = 640, height = 360, seconds = 6, video = true, audio = true, extension = '.mp4' } = options;
  const dir = await mkdtemp(path.join(tmpdir(), 'yingku-clip-'));
  const file = path.join(dir, `clip${extension}`);
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
  if (video) args.push('-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=25`);
  if (audio) args.push('-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000');
  args.push('-t', `${seconds}`);
  if (video) args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p');
  if (audio) args.push('-c:a', 'aac', '-b:a', '64k');
  args.push(file);
  const { code, stderr } = await run(tools.ffmpeg, args, { timeoutMs: 120_000 });
  if (code !== 0) throw new Error(`could not make a clip: ${stderr}`);
  return file;
}

/** A file that is no video at all, named like one. */
export async function makeNonVideo(name = 'notes.mp4', content = 'not a video\n'): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'yingku-clip-'));
  const file = path.join(dir, name);
  await writeFile(file, content);
  return file;
}

/** Removes clips made by {@link makeClip} and {@link makeNonVideo} (their folders). */
export async function removeClips(...files: string[]): Promise<void> {
  await Promise.all(files.map((file) => rm(path.dirname(file), { recursive: true, force: true })));
}
