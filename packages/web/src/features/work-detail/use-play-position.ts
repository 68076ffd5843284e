import { type RefObject, useCallback, useEffect, useState } from 'react';
import { commerceApi } from '../../api/commerce';
import { hasStoredSession } from '../../session/auth-storage';
import { createPositionSaver, positionToKeep, resumePoint } from './playback-model';

/** How long the notice that playback resumed stays up. */
const RESUME_NOTICE_MS = 5_000;

/**
 * Where the member is in a work's video: on the first metadata the video jumps to where they
 * stopped last time (when that is worth it) and says so; from the first frame played on, the
 * position is kept on the server every ~10 s while playing, on pause and at the end, when the
 * page is hidden or left, and when the player closes. Only with a login; failures are silent.
 */
export function usePlayPosition(
  videoRef: RefObject<HTMLVideoElement | null>,
  workId: string,
  position: number | undefined,
) {
  const [resumedAt, setResumedAt] = useState<number>();

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
        commerceApi.savePlayPosition({ workId, position: seconds }, leaving).catch(() => {});
      },
    });
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
    const onPageHide = () => flush(true);

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
