import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { commerceApi } from '../../api/commerce';
import { hasStoredSession } from '../../session/auth-storage';
import { createPositionSaver, positionToKeep, resumePoint } from './playback-model';

/** How long the notice that playback resumed stays up. */
const RESUME_NOTICE_MS = 5_000;
/** The position call's answer when this device lost its place among the account's streams. */
const DEVICE_LIMIT = 429;

/**
 * Where the member is in a work's video: on the first metadata the video jumps to where they
 * stopped last time (when that is worth it) and says so; from the first frame played on, the
 * position is kept on the server every ~10 s while playing, on pause and at the end, when the
 * page is hidden or left, and when the player closes. Only with a login; failures are silent,
 * but for one: the reports are also the player's sign of life, which keeps this device's place
 * among the account's streams, and a 429 means it lost it (`onDeviceLimit`, with the server's
 * words). Closing the player, or leaving the page, gives the place up at once (`stopped`).
 */
export function usePlayPosition(
  videoRef: RefObject<HTMLVideoElement | null>,
  workId: string,
  position: number | undefined,
  onDeviceLimit: (message: string) => void,
) {
  const [resumedAt, setResumedAt] = useState<number>();
  const limitRef = useRef(onDeviceLimit);
  useEffect(() => {
    limitRef.current = onDeviceLimit;
  }, [onDeviceLimit]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let resumeDecided = false;
    // The last position the video's clock said: what to keep when the player closes, since by
    // then the stream may have let go of the element (its clock reads 0).
    let lastKnown: number | undefined;
    const saver = createPositionSaver({
      save: (seconds, leaving) => {
        if (!hasStoredSession()) return;
        commerceApi.savePlayPosition({ workId, position: seconds }, leaving).catch((error: unknown) => {
          if (error instanceof ApiError && error.kind === 'code' && error.code === DEVICE_LIMIT) {
            limitRef.current(error.message);
          }
        });
      },
    });
    /** The player is done here: its place goes back, with where it stopped (or started). */
    const stop = () => {
      if (!hasStoredSession()) return;
      const at = lastKnown ?? position ?? 0;
      commerceApi.savePlayPosition({ workId, position: at, stopped: true }, true).catch(() => {});
    };
    const now = () => {
      const kept = positionToKeep(video);
      if (kept !== undefined) lastKnown = kept;
      return kept;
    };
    const flush = (leaving = false) => {
      const kept = now();
      if (kept !== undefined) saver.flush(kept, leaving);
    };

    const onMetadata = () => {
      // Decided once, on the first source, as soon as its length is known (with Media Source it
      // can come after the metadata).
      if (resumeDecided || !(video.readyState > 0 && Number.isFinite(video.duration) && video.duration > 0)) {
        return;
      }
      resumeDecided = true;
      const at = resumePoint(position, video.duration);
      if (at === undefined) return;
      video.currentTime = at;
      setResumedAt(at);
    };
    const onPlaying = () => saver.start();
    const onTime = () => {
      const kept = now();
      if (kept !== undefined) saver.tick(kept);
    };
    const onPause = () => flush();
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush(true);
    };
    const onPageHide = () => {
      flush(true);
      stop();
    };

    const listeners: [EventTarget, string, () => void][] = [
      [video, 'loadedmetadata', onMetadata],
      [video, 'durationchange', onMetadata],
      [video, 'playing', onPlaying],
      [video, 'timeupdate', onTime],
      [video, 'pause', onPause],
      [video, 'ended', onPause],
      [document, 'visibilitychange', onHidden],
      [window, 'pagehide', onPageHide],
    ];
    for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
    return () => {
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
      if (lastKnown !== undefined) saver.flush(lastKnown);
      stop();
    };
  }, [videoRef, workId, position]);

  useEffect(() => {
    if (resumedAt === undefined) return;
    const timer = setTimeout(() => setResumedAt(undefined), RESUME_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [resumedAt]);

  /** Back to the beginning, for a member who did not want to resume. */
  const restart = useCallback(() => {
    const video = videoRef.current;
    if (video) video.currentTime = 0;
    setResumedAt(undefined);
  }, [videoRef]);

  return { resumedAt, restart };
}
