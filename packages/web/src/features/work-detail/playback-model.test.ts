import { describe, expect, it } from 'vitest';
import {
  AUTO_QUALITY,
  createPositionSaver,
  createRecoveryPolicy,
  createRenewGate,
  formatClock,
  levelOfChoice,
  pastExpiry,
  pinnableRungs,
  positionToKeep,
  qualityRungs,
  RENEW_MIN_GAP_MS,
  resumePoint,
  rungName,
  rungOfLevel,
  streamExpiry,
} from './playback-model';

const NAMES = [
  { name: '1080p', height: 1080 },
  { name: '720p', height: 720 },
  { name: '480p', height: 480 },
  { name: '360p', height: 360 },
];

/** A master playlist as hls.js lists it: not necessarily tallest first. */
const LEVELS = [
  { height: 360, bitrate: 800_000 },
  { height: 480, bitrate: 1_400_000 },
  { height: 720, bitrate: 2_800_000 },
  { height: 1080, bitrate: 5_000_000 },
];

describe('quality menu', () => {
  it('names levels by the nearest rung of the server, else by their height', () => {
    expect(rungName(720, NAMES)).toBe('720p');
    // A 4:3 or cropped source: a little off the rung is still the rung.
    expect(rungName(712, NAMES)).toBe('720p');
    expect(rungName(1072, NAMES)).toBe('1080p');
    expect(rungName(240, NAMES)).toBe('240p');
    expect(rungName(540)).toBe('540p');
  });

  it('offers the rungs of the stream tallest first, with the level that plays each', () => {
    expect(qualityRungs(LEVELS, NAMES)).toEqual([
      { name: '1080p', height: 1080, level: 3 },
      { name: '720p', height: 720, level: 2 },
      { name: '480p', height: 480, level: 1 },
      { name: '360p', height: 360, level: 0 },
    ]);
  });

  it('offers only the rungs the source allowed', () => {
    const rungs = qualityRungs(LEVELS.slice(0, 2), NAMES);
    expect(rungs.map((rung) => rung.name)).toEqual(['480p', '360p']);
  });

  it('keeps one level per rung (the richest) and leaves out levels without a height', () => {
    const levels = [
      { height: 720, bitrate: 2_000_000 },
      { height: 720, bitrate: 2_800_000 },
      { height: 0, bitrate: 128_000 },
    ];
    expect(qualityRungs(levels, NAMES)).toEqual([{ name: '720p', height: 720, level: 1 }]);
  });

  it('lets the member pin a rung only with hls.js and more than one rung', () => {
    const rungs = qualityRungs(LEVELS, NAMES);
    expect(pinnableRungs(rungs, 'hlsjs')).toHaveLength(4);
    // Safari's own HLS picks the rung itself.
    expect(pinnableRungs(rungs, 'native')).toEqual([]);
    // The test clip of a work without its own video: one rung, nothing to choose.
    expect(pinnableRungs(qualityRungs([{ height: 720, bitrate: 1 }], NAMES), 'hlsjs')).toEqual([]);
  });

  it('maps 自动 to hls.js auto (-1) and a rung to its level', () => {
    const rungs = qualityRungs(LEVELS, NAMES);
    expect(levelOfChoice(AUTO_QUALITY, rungs)).toBe(-1);
    expect(levelOfChoice('720p', rungs)).toBe(2);
    expect(levelOfChoice('1080p', rungs)).toBe(3);
    // A rung gone with a new address falls back to auto.
    expect(levelOfChoice('1080p', rungs.slice(1))).toBe(-1);
  });

  it('tells which rung hls.js plays', () => {
    const rungs = qualityRungs(LEVELS, NAMES);
    expect(rungOfLevel(1, rungs, LEVELS)?.name).toBe('480p');
    expect(rungOfLevel(-1, rungs, LEVELS)).toBeUndefined();
  });
});

describe('resumePoint', () => {
  it('resumes between the first 5 s and the last 10 s', () => {
    expect(resumePoint(120, 600)).toBe(120);
    expect(resumePoint(5.5, 600)).toBe(5.5);
    expect(resumePoint(589, 600)).toBe(589);
  });

  it('starts from the beginning near either end, or without a position', () => {
    expect(resumePoint(undefined, 600)).toBeUndefined();
    expect(resumePoint(0, 600)).toBeUndefined();
    expect(resumePoint(5, 600)).toBeUndefined();
    expect(resumePoint(590, 600)).toBeUndefined();
    expect(resumePoint(700, 600)).toBeUndefined();
    expect(resumePoint(120, Number.NaN)).toBeUndefined();
  });
});

describe('positionToKeep', () => {
  const clock = (currentTime: number, more: { ended?: boolean; readyState?: number } = {}) =>
    positionToKeep({ currentTime, ended: more.ended ?? false, readyState: more.readyState ?? 4 });

  it('keeps whole seconds', () => {
    expect(clock(125.8)).toBe(125);
  });

  it('keeps 0 for a video played to its end', () => {
    expect(clock(600, { ended: true })).toBe(0);
  });

  it('says nothing before the metadata or in the first second', () => {
    expect(clock(0, { readyState: 0 })).toBeUndefined();
    expect(clock(300, { readyState: 0 })).toBeUndefined();
    expect(clock(0.4)).toBeUndefined();
  });

  it('stays within the day the server accepts', () => {
    expect(clock(100_000)).toBe(86_400);
  });
});

describe('createPositionSaver', () => {
  function setup() {
    let time = 0;
    const sent: [number, boolean][] = [];
    const saver = createPositionSaver({
      save: (position, leaving) => sent.push([position, leaving]),
      now: () => time,
      intervalMs: 10_000,
    });
    return { saver, sent, advance: (ms: number) => (time += ms) };
  }

  it('sends nothing before playback starts', () => {
    const { saver, sent } = setup();
    saver.tick(3);
    saver.flush(3);
    expect(sent).toEqual([]);
  });

  it('sends at most every 10 s while playing', () => {
    const { saver, sent, advance } = setup();
    saver.start();
    for (let second = 1; second <= 25; second++) {
      advance(1_000);
      saver.tick(second);
    }
    expect(sent).toEqual([
      [10, false],
      [20, false],
    ]);
  });

  it('sends at once on pause and when leaving, but not the same position twice', () => {
    const { saver, sent, advance } = setup();
    saver.start();
    advance(2_000);
    saver.flush(2);
    saver.flush(2);
    saver.flush(2, true);
    advance(1_000);
    saver.flush(3, true);
    expect(sent).toEqual([
      [2, false],
      [3, true],
    ]);
  });

  it('counts the interval from the last send, whatever sent it', () => {
    const { saver, sent, advance } = setup();
    saver.start();
    advance(8_000);
    saver.flush(8);
    advance(5_000);
    saver.tick(13);
    advance(5_000);
    saver.tick(18);
    expect(sent).toEqual([
      [8, false],
      [18, false],
    ]);
  });
});

describe('createRecoveryPolicy', () => {
  it('recovers once from a media error and once from a network error, then fails', () => {
    const policy = createRecoveryPolicy();
    expect(policy.onFatal('media')).toBe('recover-media');
    expect(policy.onFatal('network')).toBe('restart-load');
    expect(policy.onFatal('media')).toBe('fail');
    expect(policy.onFatal('network')).toBe('fail');
  });

  it('earns another recovery by playing on', () => {
    const policy = createRecoveryPolicy();
    expect(policy.onFatal('media')).toBe('recover-media');
    policy.onProgress();
    expect(policy.onFatal('media')).toBe('recover-media');
  });

  it('fails at once on a manifest hls.js could not load, or anything else', () => {
    expect(createRecoveryPolicy().onFatal('manifest')).toBe('fail');
    expect(createRecoveryPolicy().onFatal('other')).toBe('fail');
  });
});

describe('createRenewGate', () => {
  it('renews once, and again only after the new address played and a minute passed', () => {
    let time = 0;
    const gate = createRenewGate(() => time);
    expect(gate.tryRenew()).toBe(true);
    // The new address refused before anything played: the player gives up.
    expect(gate.tryRenew()).toBe(false);
    gate.onProgress();
    // Played, but failing again within the minute: the new address does not help.
    time += RENEW_MIN_GAP_MS - 1;
    expect(gate.tryRenew()).toBe(false);
    // Three hours on, the new address expired in turn.
    time += 3 * 60 * 60 * 1000;
    expect(gate.tryRenew()).toBe(true);
  });
});

describe('formatClock', () => {
  it('reads as minutes and seconds, hours when there are some', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(75.9)).toBe('1:15');
    expect(formatClock(3725)).toBe('1:02:05');
  });
});

describe('the token’s expiry', () => {
  const url = '/img/hls/k1/1796160000/AbCdEfGhIjKlMnOpQrStUv/12/34/master.m3u8';
  it('is read off a stream address, on the site or a CDN', () => {
    expect(streamExpiry(url)).toBe(1796160000);
    expect(streamExpiry(`https://cdn.example.com${url}`)).toBe(1796160000);
    expect(
      streamExpiry('https://bucket.example.com/media/12/34/720p/seg-00001.ts?X-Amz-Expires=60'),
    ).toBeUndefined();
  });

  it('makes a failed load past it a refusal, a few seconds early', () => {
    expect(pastExpiry(1796160000, 1796159990_000)).toBe(false);
    expect(pastExpiry(1796160000, 1796159996_000)).toBe(true);
    expect(pastExpiry(1796160000, 1796170000_000)).toBe(true);
    expect(pastExpiry(undefined, 1796170000_000)).toBe(false);
  });
});
