import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_DIR } from '../../server-dir';
import type { StreamSignature } from '../streams/stream-urls';

/** The demo catalogue's test clip (scripts/make-demo-hls.sh), shared by every online work. */
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

/**
 * The playlist with a signature on every segment line, so the player can fetch each segment
 * from the signed-only media routes. `sign` gets the segment's name; tags and blank lines stay.
 */
export function signPlaylist(playlist: string, sign: (segment: string) => StreamSignature): string {
  return playlist
    .split(/\r?\n/)
    .map((line) => {
      const uri = line.trim();
      if (uri === '' || uri.startsWith('#')) return line;
      const { exp, sig } = sign(uri);
      return `${uri}?exp=${exp}&sig=${sig}`;
    })
    .join('\n');
}
