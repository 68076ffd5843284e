/**
 * The rules of the online player that need no browser: which qualities the menu offers, where a
 * member resumes, when the position is sent, and how the player answers a failing stream.
 */

/** A rung of the stream as the server names it (`qualities` of GET /v2/video/censored/{id}). */
export interface QualityName {
  name: string;
  height: number;
}

/** A level of the master playlist as hls.js parsed it. */
export interface StreamLevel {
  height: number;
  bitrate: number;
}

/** A rung the menu offers: its name (720p), its height and the hls.js level that plays it. */
export interface QualityRung {
  name: string;
  height: number;
  level: number;
}

/** The menu's choice: hls.js picks the rung itself, or the member pinned one by name. */
export type QualityChoice = 'auto' | string;
export const AUTO_QUALITY: QualityChoice = 'auto';

/** How far a level's height may be from a named rung's and still be that rung (odd source sizes). */
const HEIGHT_TOLERANCE = 0.1;

/** The server's name for a height: the nearest named rung close enough, else `{height}p`. */
export function rungName(height: number, names: readonly QualityName[] = []): string {
  let nearest: QualityName | undefined;
  for (const named of names) {
    if (!nearest || Math.abs(named.height - height) < Math.abs(nearest.height - height)) nearest = named;
  }
  if (nearest && Math.abs(nearest.height - height) <= nearest.height * HEIGHT_TOLERANCE) return nearest.name;
  return `${height}p`;
}

/**
 * The rungs a stream offers, tallest first: one per name (the level with the highest bitrate
 * when several share a height), levels without a known height left out.
 */
export function qualityRungs(
  levels: readonly StreamLevel[],
  names: readonly QualityName[] = [],
): QualityRung[] {
  const byName = new Map<string, QualityRung & { bitrate: number }>();
  levels.forEach(({ height, bitrate }, level) => {
    if (!(height > 0)) return;
    const name = rungName(height, names);
    const kept = byName.get(name);
    if (!kept || bitrate > kept.bitrate) byName.set(name, { name, height, level, bitrate });
  });
  return [...byName.values()]
    .sort((a, b) => b.height - a.height)
    .map(({ name, height, level }) => ({ name, height, level }));
}

/**
 * The rungs a member may pin: none when the browser plays HLS itself (it picks the rung) or the
 * stream has a single rung (nothing to choose), else every rung.
 */
export function pinnableRungs(rungs: readonly QualityRung[], engine: 'hlsjs' | 'native'): QualityRung[] {
  return engine === 'hlsjs' && rungs.length > 1 ? [...rungs] : [];
}

/** The hls.js level of a choice: -1 (hls.js's automatic choice) for 自动 or a rung that is gone. */
export function levelOfChoice(choice: QualityChoice, rungs: readonly QualityRung[]): number {
  if (choice === AUTO_QUALITY) return -1;
  return rungs.find((rung) => rung.name === choice)?.level ?? -1;
}

/** The rung hls.js is playing, by level index (shown beside 自动). */
export function rungOfLevel(level: number, rungs: readonly QualityRung[], levels: readonly StreamLevel[]) {
  const height = levels[level]?.height;
  return height ? rungs.find((rung) => rung.height === height) : undefined;
}

/** A resume closer to the start than this is not worth a jump (seconds). */
export const RESUME_MIN_SECONDS = 5;
/** …nor one this close to the end: the member had finished (seconds). */
export const RESUME_END_MARGIN_SECONDS = 10;

/** Where to start a stream of `duration` seconds given where the member stopped; undefined: the start. */
export function resumePoint(position: number | undefined, duration: number): number | undefined {
  if (position === undefined || !Number.isFinite(position) || !Number.isFinite(duration)) return undefined;
  if (position <= RESUME_MIN_SECONDS || position >= duration - RESUME_END_MARGIN_SECONDS) return undefined;
  return position;
}

/** The largest position the server takes (playPositionBody: a day). */
const MAX_POSITION_SECONDS = 24 * 60 * 60;

/** What the position rules read of a video element. */
export interface VideoClock {
  currentTime: number;
  ended: boolean;
  /** HTMLMediaElement.readyState: 0 until the metadata of the current source is known. */
  readyState: number;
}

/**
 * The position to keep for a video, or undefined when its clock says nothing: no metadata yet
 * (a source loading, or one being replaced by a new address, whose clock reads 0), or still in
 * its first second. A video played to its end keeps 0, not its duration: the next play starts
 * from the beginning either way (a resume that close to the end is skipped), and 0 says plainly
 * that nothing is left to resume, without depending on the margin above.
 */
export function positionToKeep({ currentTime, ended, readyState }: VideoClock): number | undefined {
  if (ended) return 0;
  if (readyState < 1 || !Number.isFinite(currentTime) || currentTime < 1) return undefined;
  return Math.min(Math.floor(currentTime), MAX_POSITION_SECONDS);
}

/** While playing, the position is sent at most this often. */
export const POSITION_SAVE_INTERVAL_MS = 10_000;

export interface PositionSaver {
  /** From the first frame played on: positions before it are the start, not the member's. */
  start(): void;
  /** While playing (timeupdate): sends when the interval has passed since the last send. */
  tick(position: number): void;
  /** On pause, end, leaving: sends now unless the server already has this position. */
  flush(position: number, leaving?: boolean): void;
}

/** Throttles the position calls: every ~10 s while playing, at once on the moments that matter. */
export function createPositionSaver(deps: {
  save: (position: number, leaving: boolean) => void;
  now?: () => number;
  intervalMs?: number;
}): PositionSaver {
  const now = deps.now ?? Date.now;
  const interval = deps.intervalMs ?? POSITION_SAVE_INTERVAL_MS;
  let started = false;
  let lastSent: number | undefined;
  let lastAt = 0;
  const send = (position: number, leaving: boolean) => {
    lastSent = position;
    lastAt = now();
    deps.save(position, leaving);
  };
  return {
    start() {
      if (started) return;
      started = true;
      lastAt = now();
    },
    tick(position) {
      if (started && position !== lastSent && now() - lastAt >= interval) send(position, false);
    },
    flush(position, leaving = false) {
      if (started && position !== lastSent) send(position, leaving);
    },
  };
}

/** What the player does with a fatal hls.js error. */
export type FatalAnswer = 'recover-media' | 'restart-load' | 'fail';
export type FatalKind = 'media' | 'network' | 'manifest' | 'other';

/**
 * One recovery per kind of trouble: a decoding error gets `recoverMediaError`, a lost network
 * `startLoad`; a second one, a manifest hls.js could not load after its own retries, or anything
 * else ends in the failure message. Playing on after a recovery earns it again.
 */
export function createRecoveryPolicy() {
  let mediaRecovered = false;
  let loadRestarted = false;
  return {
    onFatal(kind: FatalKind): FatalAnswer {
      if (kind === 'media' && !mediaRecovered) {
        mediaRecovered = true;
        return 'recover-media';
      }
      if (kind === 'network' && !loadRestarted) {
        loadRestarted = true;
        return 'restart-load';
      }
      return 'fail';
    },
    onProgress() {
      mediaRecovered = false;
      loadRestarted = false;
    },
  };
}

/** Two renewals closer than this mean the new address does not help either. */
export const RENEW_MIN_GAP_MS = 60_000;

/**
 * When a refused address (403, or a native player's error) may ask the server for a new one:
 * the first time, and again only once the new address has played and a minute has passed (an
 * address lasts 3 h, so a long session renews now and then); a new address refused before any
 * progress, or a failure that keeps coming back, ends the player.
 */
export function createRenewGate(now: () => number = Date.now) {
  let progressed = true;
  let lastAt = -Infinity;
  return {
    tryRenew(): boolean {
      if (!progressed || now() - lastAt < RENEW_MIN_GAP_MS) return false;
      progressed = false;
      lastAt = now();
      return true;
    },
    onProgress() {
      progressed = true;
    },
  };
}

/**
 * When a stream address stops working (unix seconds), read off its token
 * (`…/hls/{kid}/{exp}/{sig}/…`); undefined for an address without one.
 */
export function streamExpiry(url: string): number | undefined {
  const match = /\/hls\/[A-Za-z0-9]{1,16}\/(\d{1,12})\/[A-Za-z0-9_-]{22}\//.exec(url);
  return match ? Number(match[1]) : undefined;
}

/**
 * Whether a failed load is the address running out rather than the network: past the token's
 * expiry (a few seconds early, for clocks apart). A bucket refuses an expired presigned segment
 * without CORS headers, so the player sees no 403 there, only a failed load.
 */
export function pastExpiry(expiresAt: number | undefined, nowMs: number = Date.now()): boolean {
  return expiresAt !== undefined && nowMs / 1000 >= expiresAt - 5;
}

/** A position as a clock: 75 → 1:15, 3725 → 1:02:05. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
