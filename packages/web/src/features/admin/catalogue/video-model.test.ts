import { type MediaRow, VIDEO_MSG } from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '../texts';
import {
  formatBytes,
  formatDuration,
  hasReadyVideo,
  MEDIA_POLL_MS,
  MEDIA_STATUS_OPTIONS,
  mediaActions,
  mediaFailureText,
  mediaPercent,
  mediaPollInterval,
  mediaStatusTag,
  rungPercent,
  uploadRefusal,
} from './video-model';

const rung = (name: string, percent: number) => ({ name, width: 1280, height: 720, percent });

describe('a video’s status', () => {
  it('labels each status, and the ready video the work plays as 正在播放', () => {
    expect(mediaStatusTag({ status: 'queued', playing: false }).label).toBe(ADMIN_TEXT.mediaQueued);
    expect(mediaStatusTag({ status: 'running', playing: false }).label).toBe(ADMIN_TEXT.mediaRunning);
    expect(mediaStatusTag({ status: 'ready', playing: false }).label).toBe(ADMIN_TEXT.mediaReady);
    expect(mediaStatusTag({ status: 'ready', playing: true }).label).toBe(ADMIN_TEXT.mediaPlaying);
    expect(mediaStatusTag({ status: 'failed', playing: false })).toEqual({
      label: ADMIN_TEXT.mediaFailed,
      color: 'danger',
    });
    expect(mediaStatusTag({ status: 'cancelled', playing: false }).label).toBe(ADMIN_TEXT.mediaCancelled);
  });

  it('offers 重试 after a failure or a cancel, 取消转码 while on its way, nothing once ready', () => {
    expect(mediaActions({ status: 'queued' })).toEqual({ retry: false, cancel: true });
    expect(mediaActions({ status: 'running' })).toEqual({ retry: false, cancel: true });
    expect(mediaActions({ status: 'ready' })).toEqual({ retry: false, cancel: false });
    expect(mediaActions({ status: 'failed' })).toEqual({ retry: true, cancel: false });
    expect(mediaActions({ status: 'cancelled' })).toEqual({ retry: true, cancel: false });
  });

  it('polls every 2 s only while a video is queued or running', () => {
    expect(MEDIA_POLL_MS).toBe(2000);
    expect(mediaPollInterval(undefined)).toBe(false);
    expect(mediaPollInterval([{ status: 'ready' }, { status: 'failed' }])).toBe(false);
    expect(mediaPollInterval([{ status: 'ready' }, { status: 'queued' }])).toBe(MEDIA_POLL_MS);
    expect(mediaPollInterval([{ status: 'running' }])).toBe(MEDIA_POLL_MS);
  });

  it('refuses a new upload while another is being made, and notes a replacement', () => {
    expect(uploadRefusal(undefined)).toBeUndefined();
    expect(uploadRefusal([{ status: 'ready' }, { status: 'failed' }])).toBeUndefined();
    expect(uploadRefusal([{ status: 'running' }])).toBe(VIDEO_MSG.busy);
    expect(hasReadyVideo([{ status: 'failed' }])).toBe(false);
    expect(hasReadyVideo([{ status: 'queued' }, { status: 'ready' }])).toBe(true);
  });

  it('says why it failed in the contract’s words, an unknown reason as it is', () => {
    expect(mediaFailureText({ failure: null })).toBeUndefined();
    expect(mediaFailureText({ failure: 'no-audio' })).toBe(VIDEO_MSG.failures['no-audio']);
    expect(mediaFailureText({ failure: 'disk-on-fire' })).toBe('disk-on-fire');
  });

  it('filters by every status, after 全部', () => {
    expect(MEDIA_STATUS_OPTIONS.map((option) => option.value)).toEqual([
      '',
      'queued',
      'running',
      'ready',
      'failed',
      'cancelled',
    ]);
    expect(MEDIA_STATUS_OPTIONS[0]?.label).toBe(ADMIN_TEXT.all);
  });
});

describe('a video’s progress', () => {
  it('keeps a rung’s percent whole and within 0–100', () => {
    expect(rungPercent(-3)).toBe(0);
    expect(rungPercent(42.6)).toBe(43);
    expect(rungPercent(140)).toBe(100);
  });

  it('is the mean of its rungs while made, 100 once ready', () => {
    const running: Pick<MediaRow, 'status' | 'rungs'> = {
      status: 'running',
      rungs: [rung('720p', 100), rung('480p', 50), rung('360p', 0)],
    };
    expect(mediaPercent(running)).toBe(50);
    expect(mediaPercent({ status: 'queued', rungs: [] })).toBe(0);
    expect(mediaPercent({ status: 'ready', rungs: [] })).toBe(100);
  });
});

describe('sizes and lengths', () => {
  it('reads bytes as people do, from numbers or the contract’s strings', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    // At a unit's edge the unit follows the rounded number.
    expect(formatBytes(1024 * 1024 - 1)).toBe('1.0 MB');
    expect(formatBytes(1023.4 * 1024)).toBe('1023 KB');
    expect(formatBytes(1024 ** 3 - 1)).toBe('1.0 GB');
    expect(formatBytes(820 * 1024 * 1024)).toBe('820 MB');
    expect(formatBytes(String(1.5 * 1024 ** 3))).toBe('1.5 GB');
    expect(formatBytes('not a number')).toBe(ADMIN_TEXT.none);
  });

  it('shows a length as m:ss or h:mm:ss', () => {
    expect(formatDuration(null)).toBeUndefined();
    expect(formatDuration(247)).toBe('4:07');
    expect(formatDuration(3909.4)).toBe('1:05:09');
  });
});
