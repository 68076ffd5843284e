import type { WorkDetail } from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import {
  cloudState,
  isVipLevel,
  likeChange,
  hasEnoughStills,
  hlsEngine,
  playAnswer,
  showsRating,
  splitImages,
  stillsOf,
  toHistoryEntry,
} from './work-detail-model';

const detail: WorkDetail = {
  id: '1852889156812802997',
  number: 'YKJ-263',
  title: '清晨小镇的散步',
  pubTime: '2026-11-22',
  duration: 112,
  mp4: null,
  picSmall: 'demo/cover/YKJ-263-s.svg',
  picBig: 'demo/cover/YKJ-263.svg',
  imageSmall: 'a-s.svg,b-s.svg,c-s.svg',
  imageBig: 'a.svg,b.svg,c.svg',
  average: 4.68,
  evaluates: 410,
  modId: 1,
  isOnline: 0,
  isDht: 1,
};

describe('stills', () => {
  it('splits comma-separated lists and drops blanks', () => {
    expect(splitImages('a.svg, b.svg,,')).toEqual(['a.svg', 'b.svg']);
    expect(splitImages('')).toEqual([]);
    expect(splitImages(null)).toEqual([]);
  });

  it('pairs thumbnails with big pictures', () => {
    expect(stillsOf(detail)).toEqual([
      { thumb: 'a-s.svg', full: 'a.svg' },
      { thumb: 'b-s.svg', full: 'b.svg' },
      { thumb: 'c-s.svg', full: 'c.svg' },
    ]);
  });

  it('lets one size stand in for the other when the lists differ', () => {
    expect(stillsOf({ imageSmall: 'a-s.svg', imageBig: 'a.svg,b.svg' })).toEqual([
      { thumb: 'a-s.svg', full: 'a.svg' },
      { thumb: 'b.svg', full: 'b.svg' },
    ]);
  });

  it('counts 2 or fewer stills as none to show (docs/product.md §2)', () => {
    expect(hasEnoughStills(stillsOf({ imageSmall: '', imageBig: '' }))).toBe(false);
    expect(hasEnoughStills(stillsOf({ imageSmall: 'a,b', imageBig: 'a,b' }))).toBe(false);
    expect(hasEnoughStills(stillsOf(detail))).toBe(true);
  });
});

describe('showsRating', () => {
  it('shows the rating only when the average is above 0', () => {
    expect(showsRating(0)).toBe(false);
    expect(showsRating(0.01)).toBe(true);
  });
});

describe('playAnswer (docs/product.md §4)', () => {
  it('asks for the stream of online works and explains the others', () => {
    expect(playAnswer(1)).toBe('stream');
    expect(playAnswer(2)).toBe('transcoding');
    expect(playAnswer(0)).toBe('unsupported');
  });
});

describe('hlsEngine', () => {
  const other = { appleWebKit: false };
  it('prefers hls.js on Media Source outside Apple, falls back to native HLS, else cannot play', () => {
    expect(hlsEngine({ mediaSource: true, nativeHls: true, ...other })).toBe('hlsjs');
    expect(hlsEngine({ mediaSource: true, nativeHls: false, ...other })).toBe('hlsjs');
    expect(hlsEngine({ mediaSource: false, nativeHls: true, ...other })).toBe('native');
    expect(hlsEngine({ mediaSource: false, nativeHls: false, ...other })).toBe('none');
  });

  it("lets Apple's WebKit play HLS itself, even with Media Source", () => {
    expect(hlsEngine({ mediaSource: true, nativeHls: true, appleWebKit: true })).toBe('native');
    expect(hlsEngine({ mediaSource: false, nativeHls: true, appleWebKit: true })).toBe('native');
    // A WebKit without HLS (an odd build) still has hls.js.
    expect(hlsEngine({ mediaSource: true, nativeHls: false, appleWebKit: true })).toBe('hlsjs');
  });
});

describe('toHistoryEntry', () => {
  it('keeps the list-item fields', () => {
    expect(toHistoryEntry(detail)).toEqual({
      id: detail.id,
      number: 'YKJ-263',
      title: '清晨小镇的散步',
      pubTime: '2026-11-22',
      picSmall: 'demo/cover/YKJ-263-s.svg',
      picBig: 'demo/cover/YKJ-263.svg',
      modId: 1,
      isOnline: 0,
      isDht: 1,
    });
  });
});

describe('likeChange (docs/product.md §4)', () => {
  it('likes with status 0 and unlikes with status 9, flipping the shown flag', () => {
    expect(likeChange(false)).toEqual({ liked: true, status: 0 });
    expect(likeChange(true)).toEqual({ liked: false, status: 9 });
  });
});

describe('cloud download', () => {
  it('reads the caller’s latest request for the work', () => {
    expect(cloudState(undefined)).toBe('none');
    expect(cloudState([])).toBe('none');
    expect(cloudState([{ status: 0 }])).toBe('requested');
    expect(cloudState([{ status: 1 }, { status: 0 }])).toBe('done');
  });

  it('counts levels above 1 as VIP', () => {
    expect(isVipLevel(0)).toBe(false);
    expect(isVipLevel(1)).toBe(false);
    expect(isVipLevel(2)).toBe(true);
  });
});
