import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_DIR } from '../../server-dir';

/**
 * The bundled test clip (scripts/make-demo-hls.sh): what a work marked online without a video of
 * its own plays.
 */
export const DEMO_HLS_DIR = path.join(SERVER_DIR, 'assets', 'demo-hls');

export const PLAYLIST_FILE = 'index.m3u8';

/** An HLS clip held in memory: its playlist text and its segments by file name. */
export interface HlsClip {
  playlist: string;
  segments: ReadonlyMap<string, Buffer>;
}

/** Reads a clip's playlist and segments (a few hundred KB for the demo clip). */
export function loadHlsClip(dir: string = DEMO_HLS_DIR): HlsClip {
  const segments = new Map<string, Buffer>();
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.mpegts')) segments.set(name, readFileSync(path.join(dir, name)));
  }
  return { playlist: readFileSync(path.join(dir, PLAYLIST_FILE), 'utf8'), segments };
}
