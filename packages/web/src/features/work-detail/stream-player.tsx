import { DEFAULT_VOLUME, type VideoStreamData } from '@yingku/contract';
import { useEffect, useRef, useState } from 'react';
import { QualityMenu, RateMenu } from './player-menus';
import { ResumeNotice, StreamFailed, VipEnded } from './player-notices';
import { usePlayPosition } from './use-play-position';
import { useStreamPlayback } from './use-stream-playback';
import styles from './play-controls.module.css';

export interface StreamPlayerProps {
  workId: string;
  /** The server's answer: the signed master playlist, and the poster, position and rungs when known. */
  stream: VideoStreamData;
  /** The work's cover, the poster when the stream brings none. */
  fallbackPoster?: string;
  /** Opens the work's magnets: the way out when the stream fails. */
  onShowMagnets: () => void;
}

/**
 * An online stream for a VIP (docs/product.md §4, §9): the video resumes where the member stopped, offers
 * its qualities and the playback rates 0.7 / 1 / 1.5 / 2 at volume 0.6; an expired address is
 * renewed on the way, and a stream that cannot play says so with a retry and the magnets.
 */
export function StreamPlayer({ workId, stream, fallbackPoster, onShowMagnets }: StreamPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const player = useStreamPlayback(videoRef, workId, stream);
  const position = usePlayPosition(videoRef, workId, stream.position, player.deviceLimit);
  const [rate, setRate] = useState<number>(1);

  useEffect(() => {
    if (videoRef.current) videoRef.current.volume = DEFAULT_VOLUME;
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // A new source resets playbackRate to defaultPlaybackRate: set both.
    video.defaultPlaybackRate = rate;
    video.playbackRate = rate;
  }, [rate]);

  const playing = player.phase === 'playing';
  return (
    <>
      {player.phase === 'failed' && (
        <StreamFailed retrying={player.renewing} onRetry={player.retry} onShowMagnets={onShowMagnets} />
      )}
      {player.phase === 'vip-ended' && <VipEnded message={player.vipMessage} onShowMagnets={onShowMagnets} />}
      {player.phase === 'device-limit' && (
        <StreamFailed
          limit={player.vipMessage}
          retrying={player.renewing}
          onRetry={player.retry}
          onShowMagnets={onShowMagnets}
        />
      )}
      {/* Kept while a message shows: the stream attaches to this one element throughout. */}
      <video
        ref={videoRef}
        className={styles.video}
        hidden={!playing}
        poster={stream.posterUrl ?? fallbackPoster}
        controls
        playsInline
        preload="auto"
        data-testid="stream-video"
      />
      {playing && (
        <>
          {position.resumedAt !== undefined && (
            <ResumeNotice at={position.resumedAt} onRestart={position.restart} />
          )}
          <QualityMenu
            engine={player.engine}
            rungs={player.rungs}
            choice={player.choice}
            playingRung={player.playingRung}
            onChoose={player.choose}
          />
          <RateMenu rate={rate} onRate={setRate} />
        </>
      )}
    </>
  );
}
