import type { VideoStreamData } from '@yingku/contract';
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { showApiError } from '../../api/client';
import { commerceApi } from '../../api/commerce';
import { attachStream, type StreamEngine, type StreamHandle } from './attach-stream';
import {
  AUTO_QUALITY,
  createRenewGate,
  levelOfChoice,
  type QualityChoice,
  type QualityName,
  qualityRungs,
  rungOfLevel,
  type StreamLevel,
  streamExpiry,
} from './playback-model';

/** Payment Required: the VIP ended while the member was watching (or the work went offline). */
const VIP_REQUIRED = 402;
/** The stream call's 403: the login ended; the client's presenter offers to log in again. */
const LOGIN_REQUIRED = 403;
/** Too Many Requests: the account plays on all the devices it may; the message names the limit. */
const DEVICE_LIMIT = 429;

/**
 * What the player shows: the video, the failure message, the end of the VIP, or that other
 * devices of the account hold every place.
 */
export type PlayerPhase = 'playing' | 'failed' | 'vip-ended' | 'device-limit';

/** A source to attach: the address, and where and how to start (a new address continues the old). */
interface Source {
  url: string;
  startAt?: number;
  autoplay: boolean;
}

/**
 * The stream of a work in a video element: attaches it (hls.js or the browser's HLS), offers its
 * qualities, and when an address is refused asks the server for a new one — continuing where the
 * video was on a 200, ending in the VIP message on a 402, else in the failure message.
 */
export function useStreamPlayback(
  videoRef: RefObject<HTMLVideoElement | null>,
  workId: string,
  initial: VideoStreamData,
) {
  const [source, setSource] = useState<Source>(() => ({ url: initial.m3u8Url, autoplay: true }));
  const [names, setNames] = useState<readonly QualityName[]>(initial.qualities ?? []);
  const [phase, setPhase] = useState<PlayerPhase>('playing');
  const [vipMessage, setVipMessage] = useState('');
  // A flag, not useMutation: a renewal is aborted when a newer one starts, which a mutation cannot be.
  const [renewing, setRenewing] = useState(false);
  const [engine, setEngine] = useState<StreamEngine>();
  const [levels, setLevels] = useState<StreamLevel[]>([]);
  const [choice, setChoice] = useState<QualityChoice>(AUTO_QUALITY);
  const [playingLevel, setPlayingLevel] = useState(-1);
  const [gate] = useState(createRenewGate);
  const handleRef = useRef<StreamHandle>(undefined);
  const choiceRef = useRef<QualityChoice>(AUTO_QUALITY);
  const namesRef = useRef(names);
  const lastTimeRef = useRef(0);
  const abortRef = useRef<AbortController>(undefined);

  const stop = useCallback(() => {
    handleRef.current?.destroy();
    handleRef.current = undefined;
  }, []);

  const fail = useCallback(() => {
    stop();
    setPhase('failed');
  }, [stop]);

  /**
   * Asks for a new address and continues from where the video was, playing if it was (or if the
   * member asked: the retry button).
   */
  const renew = useCallback(
    async (play?: boolean) => {
      const video = videoRef.current;
      const startAt = video && video.readyState > 0 ? video.currentTime : lastTimeRef.current;
      const autoplay = play ?? (video ? !video.paused : true);
      abortRef.current?.abort();
      const abort = (abortRef.current = new AbortController());
      setRenewing(true);
      try {
        const { data } = await commerceApi.videoStream(workId, abort.signal);
        if (data.qualities) {
          namesRef.current = data.qualities;
          setNames(data.qualities);
        }
        setSource({ url: data.m3u8Url, startAt, autoplay });
        setPhase('playing');
      } catch (error) {
        if (abort.signal.aborted) return;
        if (error instanceof ApiError && error.kind === 'code' && error.code === VIP_REQUIRED) {
          stop();
          setVipMessage(error.message);
          setPhase('vip-ended');
          return;
        }
        if (error instanceof ApiError && error.kind === 'code' && error.code === DEVICE_LIMIT) {
          stop();
          setVipMessage(error.message);
          setPhase('device-limit');
          return;
        }
        if (error instanceof ApiError && error.kind === 'code' && error.code === LOGIN_REQUIRED) {
          showApiError(error);
        }
        fail();
      } finally {
        if (!abort.signal.aborted) setRenewing(false);
      }
    },
    [videoRef, workId, stop, fail],
  );

  const onRefused = useCallback(() => {
    if (gate.tryRenew()) void renew();
    else fail();
  }, [gate, renew, fail]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const handle = attachStream(
      video,
      source.url,
      {
        onEngine: setEngine,
        onLevels(next) {
          setLevels(next);
          // A pinned quality stays pinned on a new address (and when hls.js drops a level).
          const level = levelOfChoice(choiceRef.current, qualityRungs(next, namesRef.current));
          if (level >= 0) handle.setLevel(level);
        },
        onLevelSwitched: setPlayingLevel,
        onProgress: gate.onProgress,
        onRefused,
        onFailed: fail,
      },
      { startAt: source.startAt, autoplay: source.autoplay, expiresAt: streamExpiry(source.url) },
    );
    handleRef.current = handle;
    const keepTime = () => {
      // A source being replaced reads 0 for a moment: not where the member is.
      if (video.readyState > 0 && video.currentTime > 0) lastTimeRef.current = video.currentTime;
    };
    video.addEventListener('timeupdate', keepTime);
    return () => {
      video.removeEventListener('timeupdate', keepTime);
      handle.destroy();
      if (handleRef.current === handle) handleRef.current = undefined;
    };
  }, [videoRef, source, gate, onRefused, fail]);

  useEffect(() => () => abortRef.current?.abort(), []);

  const rungs = useMemo(() => qualityRungs(levels, names), [levels, names]);

  const choose = useCallback(
    (next: QualityChoice) => {
      choiceRef.current = next;
      setChoice(next);
      handleRef.current?.setLevel(levelOfChoice(next, rungs));
    },
    [rungs],
  );

  const retry = useCallback(() => void renew(true), [renew]);

  /** This device lost its place (a position report said so): stop, with the server's words. */
  const deviceLimit = useCallback(
    (message: string) => {
      abortRef.current?.abort();
      setRenewing(false);
      stop();
      setVipMessage(message);
      setPhase('device-limit');
    },
    [stop],
  );

  return {
    phase,
    vipMessage,
    renewing,
    engine,
    rungs,
    choice,
    /** The rung hls.js plays now (beside 自动). */
    playingRung: rungOfLevel(playingLevel, rungs, levels),
    choose,
    /** The failure message's retry: a new address, from where the video was. */
    retry,
    deviceLimit,
  };
}
