/**
 * The adaptive ladder: which renditions (rungs) a source gets, at what size and bitrate, and how
 * the master playlist announces them. Pure: no ffmpeg here.
 */

/** One rendition of a title. */
export interface Rung {
  /** The rung's name as the player's quality menu shows it: `1080p` … `360p`. */
  name: RungName;
  width: number;
  height: number;
  /** Target video bitrate, bits per second (capped VBR: maxrate = this × 1.07). */
  videoBitrate: number;
  /** AAC-LC bitrate, bits per second. */
  audioBitrate: number;
  /** H.264 High profile level as the CODECS attribute spells it (`avc1.64` + level). */
  avcLevel: string;
}

export type RungName = '1080p' | '720p' | '480p' | '360p';

/** The full ladder, tallest first (H.264 High, levels from Apple's HLS authoring spec). */
export const LADDER: readonly Omit<Rung, 'width'>[] = [
  { name: '1080p', height: 1080, videoBitrate: 5_000_000, audioBitrate: 128_000, avcLevel: '640028' },
  { name: '720p', height: 720, videoBitrate: 2_800_000, audioBitrate: 128_000, avcLevel: '64001f' },
  { name: '480p', height: 480, videoBitrate: 1_400_000, audioBitrate: 96_000, avcLevel: '64001e' },
  { name: '360p', height: 360, videoBitrate: 800_000, audioBitrate: 96_000, avcLevel: '64001e' },
];

export const RUNG_NAMES: readonly RungName[] = LADDER.map((rung) => rung.name);

/** AAC-LC as the CODECS attribute spells it. */
const AAC_LC = 'mp4a.40.2';

/** The even number nearest `n` (H.264 in 4:2:0 needs even sizes): 480 × 16/9 → 854. */
const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * The rungs for a source of `width` × `height` (display size, rotation applied): every rung not
 * taller than the source, keeping its aspect ratio; a source shorter than 360 lines gets one rung
 * at its own size. `limit` keeps only the first (tallest) rungs, e.g. 2 for the demo.
 */
export function ladderFor(width: number, height: number, limit = LADDER.length): Rung[] {
  if (!(width > 0 && height > 0)) throw new RangeError(`bad source size ${width}x${height}`);
  const fitting = LADDER.filter((rung) => rung.height <= height);
  const rungs = fitting.length > 0 ? fitting : [{ ...LADDER[LADDER.length - 1]!, height: even(height) }];
  return rungs.slice(0, Math.max(1, limit)).map((rung) => ({
    ...rung,
    height: even(rung.height),
    width: even((rung.height * width) / height),
  }));
}

/** What the master playlist says of one finished rung. */
export interface RungOutput {
  rung: Rung;
  /** The rung's media playlist, relative to the master playlist. */
  uri: string;
  /** Peak bits per second over any one segment (BANDWIDTH), from the files written. */
  peakBitrate: number;
  /** Mean bits per second over the whole rung (AVERAGE-BANDWIDTH). */
  averageBitrate: number;
}

/** The CODECS attribute of a rung: H.264 High at its level, and AAC-LC. */
export function codecsOf(rung: Rung): string {
  return `avc1.${rung.avcLevel},${AAC_LC}`;
}

/** The master playlist of a title: one EXT-X-STREAM-INF per rung, tallest first. */
export function masterPlaylist(outputs: readonly RungOutput[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const { rung, uri, peakBitrate, averageBitrate } of outputs) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${Math.ceil(peakBitrate)},AVERAGE-BANDWIDTH=${Math.ceil(averageBitrate)},` +
        `RESOLUTION=${rung.width}x${rung.height},CODECS="${codecsOf(rung)}",NAME="${rung.name}"`,
      uri,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** A segment of a media playlist: its duration in seconds and its URI. */
export interface PlaylistSegment {
  duration: number;
  uri: string;
}

/** The segments a VOD media playlist lists, in order. */
export function playlistSegments(playlist: string): PlaylistSegment[] {
  const segments: PlaylistSegment[] = [];
  let duration: number | undefined;
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    const inf = /^#EXTINF:([\d.]+)/.exec(line);
    if (inf) duration = Number(inf[1]);
    else if (line !== '' && !line.startsWith('#') && duration !== undefined) {
      segments.push({ duration, uri: line });
      duration = undefined;
    }
  }
  return segments;
}
