import { httpStatusError, MSG, VIDEO_MSG } from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '../texts';
import {
  addSpeedSample,
  formatSpeed,
  formatTimeLeft,
  secondsLeft,
  SPEED_WINDOW_MS,
  type SpeedSample,
  speedOf,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_RETRY_DELAYS,
  uploadErrorText,
  uploadFingerprint,
  uploadIdFromUrl,
  uploadPercent,
  videoFileProblem,
} from './upload-model';

const MB = 1024 * 1024;

describe('before an upload', () => {
  it('sends 8 MiB chunks and retries with growing waits', () => {
    expect(UPLOAD_CHUNK_BYTES).toBe(8 * MB);
    expect(UPLOAD_RETRY_DELAYS).toEqual([0, 1000, 3000, 5000, 10000, 20000]);
  });

  it('refuses an empty file and one over the server’s limit', () => {
    expect(videoFileProblem({ size: 0 }, 100)).toBe(VIDEO_MSG.empty);
    expect(videoFileProblem({ size: 101 }, 100)).toBe(VIDEO_MSG.tooLarge);
    expect(videoFileProblem({ size: 100 }, 100)).toBeUndefined();
  });

  it('remembers an upload by work and file, so another work starts anew', () => {
    const file = { name: 'a.mp4', type: 'video/mp4', size: 10, lastModified: 5 };
    const endpoint = 'http://site/prod-api/v2/admin/uploads';
    expect(uploadFingerprint('1', file, endpoint)).toBe(uploadFingerprint('1', { ...file }, endpoint));
    expect(uploadFingerprint('1', file, endpoint)).not.toBe(uploadFingerprint('2', file, endpoint));
    expect(uploadFingerprint('1', file, endpoint)).not.toBe(
      uploadFingerprint('1', { ...file, lastModified: 6 }, endpoint),
    );
  });
});

describe('the upload’s id', () => {
  it('is the last segment of its address', () => {
    expect(uploadIdFromUrl('http://site/prod-api/v2/admin/uploads/abc123DEF_-9')).toBe('abc123DEF_-9');
    expect(uploadIdFromUrl('/prod-api/v2/admin/uploads/abcdefgh/')).toBe('abcdefgh');
    expect(uploadIdFromUrl('/prod-api/v2/admin/uploads/abcdefgh?x=1#y')).toBe('abcdefgh');
    expect(uploadIdFromUrl(null)).toBeUndefined();
    expect(uploadIdFromUrl('')).toBeUndefined();
  });
});

describe('speed and time left', () => {
  const feed = (samples: SpeedSample[]) =>
    samples.reduce<SpeedSample[]>((kept, sample) => addSpeedSample(kept, sample), []);

  it('is unknown until half a second has passed', () => {
    expect(speedOf([])).toBeUndefined();
    expect(
      speedOf(
        feed([
          { at: 0, bytes: 0 },
          { at: 400, bytes: MB },
        ]),
      ),
    ).toBeUndefined();
    expect(
      speedOf(
        feed([
          { at: 0, bytes: 0 },
          { at: 1000, bytes: 2 * MB },
        ]),
      ),
    ).toBe(2 * MB);
  });

  it('looks at the last few seconds only', () => {
    // Fast at first (10 MB/s for 10 s), then 1 MB/s: the window follows the change.
    const samples = feed([
      ...Array.from({ length: 11 }, (_, i) => ({ at: i * 1000, bytes: i * 10 * MB })),
      ...Array.from({ length: 10 }, (_, i) => ({ at: 11000 + i * 1000, bytes: 100 * MB + (i + 1) * MB })),
    ]);
    const last = samples.at(-1)!;
    expect(last.at - samples[1]!.at).toBeLessThanOrEqual(SPEED_WINDOW_MS);
    expect(speedOf(samples)).toBeCloseTo(MB, -3);
  });

  it('starts over when a chunk is sent again', () => {
    const samples = feed([
      { at: 0, bytes: 0 },
      { at: 1000, bytes: 16 * MB },
      { at: 2000, bytes: 8 * MB },
    ]);
    expect(samples).toEqual([{ at: 2000, bytes: 8 * MB }]);
    expect(speedOf(samples)).toBeUndefined();
  });

  it('counts whole seconds left, none while the speed is unknown', () => {
    expect(secondsLeft(10 * MB, 4 * MB)).toBe(3);
    expect(secondsLeft(0, 4 * MB)).toBe(0);
    expect(secondsLeft(10 * MB, undefined)).toBeUndefined();
    expect(secondsLeft(10 * MB, 0)).toBeUndefined();
  });

  it('reads as MB/s and as hours, minutes or seconds left', () => {
    expect(formatSpeed(12.34 * MB)).toBe(ADMIN_TEXT.speed('12.3'));
    expect(formatTimeLeft(45)).toBe(ADMIN_TEXT.timeLeft(ADMIN_TEXT.seconds(45)));
    expect(formatTimeLeft(200)).toBe(ADMIN_TEXT.timeLeft(ADMIN_TEXT.minutesSeconds(3, 20)));
    expect(formatTimeLeft(7500)).toBe(ADMIN_TEXT.timeLeft(ADMIN_TEXT.hoursMinutes(2, 5)));
  });

  it('shows whole percent sent', () => {
    expect(uploadPercent(0, 0)).toBe(0);
    expect(uploadPercent(1, 3)).toBe(33);
    expect(uploadPercent(3, 3)).toBe(100);
  });
});

describe('when an upload stops', () => {
  it('says what the server said, else what the status means', () => {
    expect(uploadErrorText(404, VIDEO_MSG.uploadNotFound)).toBe(VIDEO_MSG.uploadNotFound);
    expect(uploadErrorText(403, JSON.stringify({ code: 403, msg: '仅限客服' }))).toBe('仅限客服');
    expect(uploadErrorText(413, 'Maximum size exceeded\n')).toBe(VIDEO_MSG.tooLarge);
    expect(uploadErrorText(0, undefined)).toBe(MSG.networkError);
    expect(uploadErrorText(502, '<html>')).toBe(httpStatusError(502));
  });
});
