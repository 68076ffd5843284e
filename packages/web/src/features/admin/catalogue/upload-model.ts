import { httpStatusError, MSG, VIDEO_MSG } from '@yingku/contract';
import { ADMIN_TEXT } from '../texts';

/** Size of one PATCH of the upload: a cut link costs at most this much again. */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;

/** Waits before each new try of a failed request (ms); an answer that moved the upload on resets them. */
export const UPLOAD_RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000];

/** How far back the shown speed looks: steady enough to read, quick enough to follow a change. */
export const SPEED_WINDOW_MS = 5000;

/** Why a chosen video cannot be sent, or undefined when it can: empty, or over the server's limit. */
export function videoFileProblem(file: { size: number }, maxBytes: number): string | undefined {
  if (file.size <= 0) return VIDEO_MSG.empty;
  if (file.size > maxBytes) return VIDEO_MSG.tooLarge;
  return undefined;
}

/** The upload's id, the last segment of its tus address (query and trailing slash ignored). */
export function uploadIdFromUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const path = url.split(/[?#]/)[0] ?? '';
  const last = path.split('/').filter(Boolean).pop();
  return last ? decodeURIComponent(last) : undefined;
}

/**
 * The key an unfinished upload is remembered under in this browser: the same file for the same
 * work resumes where it stopped (after a reload too); the same file for another work starts anew.
 */
export function uploadFingerprint(
  workId: string,
  file: { name: string; type: string; size: number; lastModified: number },
  endpoint: string,
): string {
  return ['yingku-video', workId, file.name, file.type, file.size, file.lastModified, endpoint].join('-');
}

/** Bytes sent by a moment (ms). */
export interface SpeedSample {
  at: number;
  bytes: number;
}

/**
 * The samples after adding one: those within {@link SPEED_WINDOW_MS} of it, plus the last one
 * before, so the window is spanned whole. Fewer bytes than before (a chunk sent again after a
 * cut) starts over from this sample.
 */
export function addSpeedSample(samples: readonly SpeedSample[], sample: SpeedSample): SpeedSample[] {
  const last = samples.at(-1);
  if (last && sample.bytes < last.bytes) return [sample];
  const all = [...samples, sample];
  const firstInside = all.findIndex((s) => sample.at - s.at <= SPEED_WINDOW_MS);
  return all.slice(Math.max(0, firstInside - 1));
}

/** Bytes a second over the samples; undefined until they span half a second. */
export function speedOf(samples: readonly SpeedSample[]): number | undefined {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last || last.at - first.at < 500) return undefined;
  return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
}

/** Whole seconds left at this speed; undefined while the speed is unknown or nothing moves. */
export function secondsLeft(remainingBytes: number, bytesPerSecond: number | undefined): number | undefined {
  if (bytesPerSecond === undefined || bytesPerSecond <= 0) return undefined;
  return Math.ceil(Math.max(0, remainingBytes) / bytesPerSecond);
}

/** A speed as `12.3 MB/s` (megabytes of 1024 × 1024). */
export const formatSpeed = (bytesPerSecond: number) =>
  ADMIN_TEXT.speed((bytesPerSecond / (1024 * 1024)).toFixed(1));

/** Time left as people say it: `2 小时 5 分`, `3 分 20 秒`, `45 秒`. */
export function formatTimeLeft(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  if (hours > 0) return ADMIN_TEXT.timeLeft(ADMIN_TEXT.hoursMinutes(hours, minutes));
  if (minutes > 0) return ADMIN_TEXT.timeLeft(ADMIN_TEXT.minutesSeconds(minutes, whole % 60));
  return ADMIN_TEXT.timeLeft(ADMIN_TEXT.seconds(whole));
}

/** Whole percent of the file sent (0 for an empty total). */
export const uploadPercent = (sent: number, total: number) =>
  total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;

/** The video texts the upload server may answer with as its whole body (its tus refusals). */
const VIDEO_TEXTS = Object.values<unknown>(VIDEO_MSG).filter(
  (text): text is string => typeof text === 'string',
);

/**
 * What to tell staff when the upload stopped with this answer: the server's own message (an
 * envelope's `msg`, or one of the contract's video texts as the body), the size limit's text for
 * 413, the network's when nothing answered, else the HTTP status.
 */
export function uploadErrorText(status: number, body: string | undefined): string {
  const own = envelopeMessage(body) ?? VIDEO_TEXTS.find((text) => text === body?.trim());
  if (own) return own;
  if (status === 0) return MSG.networkError;
  if (status === 413) return VIDEO_MSG.tooLarge;
  return httpStatusError(status);
}

function envelopeMessage(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    const msg = (parsed as { msg?: unknown } | null)?.msg;
    return typeof msg === 'string' && msg.trim() ? msg.trim() : undefined;
  } catch {
    return undefined;
  }
}
