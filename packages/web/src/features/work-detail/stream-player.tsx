import { DEFAULT_VOLUME, PLAYBACK_RATES } from '@yingku/contract';
import { Button } from 'antd-mobile';
// Only the worker's address (a built asset of its own): hls.js itself is imported on first play.
import hlsWorkerPath from 'hls.js/dist/hls.worker.js?url';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DETAIL_TEXT } from './texts';
import { HLS_MIME, hlsEngine } from './work-detail-model';
import styles from './play-controls.module.css';
import { ErrorBlock } from '../../components/error-block/error-block';

export interface StreamPlayerProps {
  /** The signed m3u8 address. */
  src: string;
  poster?: string;
  /** Opens the work's magnets: the way out when the stream fails. */
  onShowMagnets: () => void;
}

/**
 * An online stream (SPEC §4, §9): hls.js, loaded only when a stream is first played so the first
 * page stays small, or the browser's own HLS where there is no Media Source; volume 0.6, the
 * playback rates 0.7 / 1 / 1.5 / 2, and — when the stream cannot play — a message offering a
 * retry and the magnets.
 */
export function StreamPlayer({ src, poster, onShowMagnets }: StreamPlayerProps) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const markFailed = useCallback(() => setFailed(true), []);
  if (failed) {
    return (
      <ErrorBlock
        status="default"
        title={DETAIL_TEXT.streamFailed}
        description={DETAIL_TEXT.streamFailedText}
        className={styles.failed}
        data-state="stream-failed"
      >
        <div className={styles.failedActions}>
          <Button
            size="small"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            {DETAIL_TEXT.retry}
          </Button>
          <Button size="small" color="primary" onClick={onShowMagnets}>
            {DETAIL_TEXT.showMagnets}
          </Button>
        </div>
      </ErrorBlock>
    );
  }
  return <HlsVideo key={attempt} src={src} poster={poster} onFailed={markFailed} />;
}

function HlsVideo({ src, poster, onFailed }: { src: string; poster?: string; onFailed: () => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [rate, setRate] = useState<number>(1);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = DEFAULT_VOLUME;
    let stopped = false;
    let destroy = () => {};
    const fail = () => {
      if (!stopped) onFailed();
    };
    // The tap that opened the player is a user gesture: starting with sound is allowed. If the
    // browser still refuses, the controls are there to start it by hand.
    const start = () => void video.play().catch(() => {});

    const engine = hlsEngine({
      mediaSource: 'MediaSource' in window || 'ManagedMediaSource' in window,
      nativeHls: video.canPlayType(HLS_MIME) !== '',
    });
    if (engine === 'native') {
      video.src = src;
      start();
    } else if (engine === 'none') {
      fail();
    } else {
      void import('hls.js').then(
        ({ default: Hls }) => {
          if (stopped) return;
          if (!Hls.isSupported()) {
            if (video.canPlayType(HLS_MIME) === '') return fail();
            video.src = src;
            return start();
          }
          // The worker from our own origin: the page's CSP refuses the blob: worker hls.js would
          // otherwise build, and transmuxing stays off the main thread.
          const hls = new Hls({ workerPath: hlsWorkerPath });
          let recovered = false;
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (!data.fatal) return;
            // A decoding hiccup is worth one recovery; anything else (the address expired, the
            // network is gone) ends in the fallback.
            if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
              recovered = true;
              hls.recoverMediaError();
              return;
            }
            hls.destroy();
            fail();
          });
          hls.on(Hls.Events.MANIFEST_PARSED, start);
          hls.loadSource(src);
          hls.attachMedia(video);
          destroy = () => hls.destroy();
        },
        // The chunk did not load (offline, a new release replaced it).
        fail,
      );
    }
    return () => {
      stopped = true;
      destroy();
      video.removeAttribute('src');
      video.load();
    };
  }, [src, onFailed]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // A new source resets playbackRate to defaultPlaybackRate: set both.
    video.defaultPlaybackRate = rate;
    video.playbackRate = rate;
  }, [rate]);

  return (
    <>
      <video
        ref={videoRef}
        className={styles.video}
        poster={poster}
        controls
        playsInline
        preload="auto"
        data-testid="stream-video"
        onError={onFailed}
      />
      <div className={styles.rates} role="group" aria-label={DETAIL_TEXT.playbackRate}>
        <span className={styles.ratesLabel}>{DETAIL_TEXT.playbackRate}</span>
        {PLAYBACK_RATES.map((value) => (
          <button
            key={value}
            type="button"
            className={value === rate ? `${styles.rate} ${styles.rateActive}` : styles.rate}
            aria-pressed={value === rate}
            onClick={() => setRate(value)}
          >
            {DETAIL_TEXT.rate(value)}
          </button>
        ))}
      </div>
    </>
  );
}
