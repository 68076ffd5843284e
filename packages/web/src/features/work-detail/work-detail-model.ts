import { CLOUD_DOWNLOAD_STATUS, LIKE_STATUS, type WorkDetail } from '@yingku/contract';
import type { HistoryEntry } from '../../session/history';

/** One still: a thumbnail path and the big picture the viewer shows. */
export interface Still {
  thumb: string;
  full: string;
}

/** With this many stills or fewer the stills tab says there are none (docs/product.md §2). */
export const FEW_STILLS = 2;

/** Paths of a comma-separated image list, blanks dropped. */
export function splitImages(list: string | null | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((path) => path.trim())
    .filter(Boolean);
}

/**
 * The stills of a work: small images as thumbnails, the big ones to view (each standing in for a missing
 * other).
 */
export function stillsOf(detail: Pick<WorkDetail, 'imageSmall' | 'imageBig'>): Still[] {
  const small = splitImages(detail.imageSmall);
  const big = splitImages(detail.imageBig);
  return Array.from({ length: Math.max(small.length, big.length) }, (_, i) => ({
    thumb: (small[i] ?? big[i])!,
    full: (big[i] ?? small[i])!,
  }));
}

export const hasEnoughStills = (stills: readonly Still[]) => stills.length > FEW_STILLS;

/** The rating is shown only once a work has one (docs/product.md §2: average above 0). */
export const showsRating = (average: number) => average > 0;

/**
 * What tapping play does (docs/product.md §4): an online work asks for its stream (the server decides who
 * may watch), the others say why they cannot play.
 */
export type PlayAnswer = 'stream' | 'transcoding' | 'unsupported';

export function playAnswer(isOnline: number): PlayAnswer {
  if (isOnline === 1) return 'stream';
  if (isOnline === 2) return 'transcoding';
  return 'unsupported';
}

/** The MIME type of an HLS playlist, as `canPlayType` asks for it. */
export const HLS_MIME = 'application/vnd.apple.mpegurl';

/**
 * How a stream plays. Apple's WebKit (Safari, every iOS browser) plays HLS itself, and best:
 * AirPlay, picture in picture, the iPhone's full screen and its own choice of rung. Elsewhere
 * hls.js over Media Source Extensions, which also lets the member pin a quality (Android's
 * Chrome answers "maybe" to HLS but plays it poorly). Without Media Source, the browser's own
 * HLS if it has one, else nothing.
 */
export function hlsEngine(browser: {
  mediaSource: boolean;
  nativeHls: boolean;
  appleWebKit: boolean;
}): 'hlsjs' | 'native' | 'none' {
  if (browser.nativeHls && (browser.appleWebKit || !browser.mediaSource)) return 'native';
  return browser.mediaSource ? 'hlsjs' : 'none';
}

/** The detail as the browsing history keeps it: the shape of a list item. */
export function toHistoryEntry(detail: WorkDetail): HistoryEntry {
  const { id, number, title, pubTime, picSmall, picBig, modId, isOnline, isDht } = detail;
  return { id, number, title, pubTime, picSmall, picBig, modId, isOnline, isDht };
}

/** A like tap: the flag shown at once, and the status sent. */
export interface LikeChange {
  liked: boolean;
  status: 0 | 9;
}

/**
 * What a like tap sends and shows at once (docs/product.md §4: like status 0, unlike 9; the UI flips first).
 */
export function likeChange(liked: boolean): LikeChange {
  return liked ? { liked: false, status: LIKE_STATUS.unlike } : { liked: true, status: LIKE_STATUS.like };
}

/** A work's cloud download as its user sees it: not asked for, asked for (being fetched), or done. */
export type CloudState = 'none' | 'requested' | 'done';

/** The state of the caller's request for a work (the list narrowed to it), newest first. */
export function cloudState(rows: readonly { status: number }[] | undefined): CloudState {
  const latest = rows?.[0];
  if (!latest) return 'none';
  return latest.status === CLOUD_DOWNLOAD_STATUS.done ? 'done' : 'requested';
}

/** A VIP in force: getInfo's levelId is above 1 only while the VIP lasts (docs/product.md §1). */
export const isVipLevel = (levelId: number) => levelId > 1;
