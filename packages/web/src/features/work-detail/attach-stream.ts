import type HlsType from 'hls.js';
import type { ErrorData } from 'hls.js';
// Only the worker's address (a built asset of its own): hls.js itself is imported on first play.
import hlsWorkerPath from 'hls.js/dist/hls.worker.js?url';
import { createRecoveryPolicy, type FatalKind, pastExpiry, type StreamLevel } from './playback-model';
import { HLS_MIME, hlsEngine } from './work-detail-model';

export type StreamEngine = 'hlsjs' | 'native';

/** What an attached stream tells the player. */
export interface StreamEvents {
  /** The engine chosen for this browser. */
  onEngine(engine: StreamEngine): void;
  /** The levels of the master playlist (hls.js only; on parse and whenever hls.js drops one). */
  onLevels(levels: StreamLevel[]): void;
  /** The level now playing (hls.js only). */
  onLevelSwitched(level: number): void;
  /** The stream moves on: a fragment was buffered, or the browser's player loaded data. */
  onProgress(): void;
  /**
   * An address was refused (403: signed addresses expire after 3 h, and a VIP can end), or the
   * browser's own player failed and cannot say why. The stream stops loading; a new address may help.
   */
  onRefused(): void;
  /** The stream cannot play here, or failed past its one recovery. */
  onFailed(): void;
}

export interface AttachOptions {
  /** Seconds to start at (a new address continuing the old one); the start when undefined. */
  startAt?: number;
  /** Whether to start playing once the stream can (false: a paused video stays paused). */
  autoplay: boolean;
  /** When the address's token expires (unix seconds): a failed load after it is a refusal. */
  expiresAt?: number | undefined;
}

/** A stream attached to a video element. */
export interface StreamHandle {
  /** Pins an hls.js level; -1 gives the choice back to hls.js. Nothing with native HLS. */
  setLevel(level: number): void;
  /** Stops loading and lets go of the video element. */
  destroy(): void;
}

/**
 * Plays `url` in `video`: with the browser's own HLS on Apple's WebKit (and wherever there is no
 * Media Source), else with hls.js, imported here on first use so the first page stays small.
 */
export function attachStream(
  video: HTMLVideoElement,
  url: string,
  events: StreamEvents,
  options: AttachOptions,
): StreamHandle {
  const engine = hlsEngine({
    mediaSource: 'MediaSource' in window || 'ManagedMediaSource' in window,
    nativeHls: video.canPlayType(HLS_MIME) !== '',
    appleWebKit: navigator.vendor === 'Apple Computer, Inc.',
  });
  if (engine === 'none') {
    events.onFailed();
    return { setLevel() {}, destroy() {} };
  }
  if (engine === 'native') return attachNative(video, url, events, options);

  let stopped = false;
  let hls: HlsType | undefined;
  let destroyNative = () => {};
  void import('hls.js').then(
    ({ default: Hls }) => {
      if (stopped) return;
      if (!Hls.isSupported()) {
        if (video.canPlayType(HLS_MIME) === '') return events.onFailed();
        const native = attachNative(video, url, events, options);
        destroyNative = native.destroy;
        return;
      }
      hls = startHls(Hls, video, url, events, options);
    },
    // The chunk did not load (offline, a new release replaced it).
    () => {
      if (!stopped) events.onFailed();
    },
  );
  return {
    setLevel(level) {
      // The next fragment comes from the chosen level, without flushing what plays now.
      if (hls) hls.nextLevel = level;
    },
    destroy() {
      if (stopped) return;
      stopped = true;
      hls?.destroy();
      destroyNative();
    },
  };
}

function startHls(
  Hls: typeof HlsType,
  video: HTMLVideoElement,
  url: string,
  events: StreamEvents,
  { startAt, autoplay, expiresAt }: AttachOptions,
): HlsType {
  events.onEngine('hlsjs');
  // The worker from our own origin: the page's CSP refuses the blob: worker hls.js would
  // otherwise build, and transmuxing stays off the main thread.
  const hls = new Hls({ workerPath: hlsWorkerPath, startPosition: startAt ?? -1 });
  const recovery = createRecoveryPolicy();
  let refused = false;
  const levels = () => hls.levels.map(({ height, bitrate }) => ({ height, bitrate }));

  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (refused) return;
    // A refused address is seen on its first error, before hls.js gives up on every level; so is
    // an expired one, which a bucket refuses without the CORS headers that would show its 403.
    const expired = data.type === Hls.ErrorTypes.NETWORK_ERROR && pastExpiry(expiresAt);
    if (data.response?.code === 403 || expired) {
      refused = true;
      hls.stopLoad();
      events.onRefused();
      return;
    }
    if (!data.fatal) return;
    const answer = recovery.onFatal(fatalKind(Hls, data));
    if (answer === 'recover-media') hls.recoverMediaError();
    else if (answer === 'restart-load') hls.startLoad();
    else {
      hls.stopLoad();
      events.onFailed();
    }
  });
  hls.on(Hls.Events.MANIFEST_PARSED, () => {
    events.onLevels(levels());
    // The tap that opened the player is a user gesture: starting with sound is allowed. If the
    // browser still refuses, the controls are there to start it by hand.
    if (autoplay) void video.play().catch(() => {});
  });
  hls.on(Hls.Events.LEVELS_UPDATED, () => events.onLevels(levels()));
  hls.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => events.onLevelSwitched(data.level));
  hls.on(Hls.Events.FRAG_BUFFERED, () => {
    recovery.onProgress();
    events.onProgress();
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return hls;
}

function fatalKind(Hls: typeof HlsType, data: ErrorData): FatalKind {
  const { ErrorTypes, ErrorDetails } = Hls;
  if (data.type === ErrorTypes.MEDIA_ERROR) return 'media';
  if (data.type !== ErrorTypes.NETWORK_ERROR) return 'other';
  // hls.js has already retried the master playlist; with none, startLoad has nothing to load.
  const manifest =
    data.details === ErrorDetails.MANIFEST_LOAD_ERROR ||
    data.details === ErrorDetails.MANIFEST_LOAD_TIMEOUT ||
    data.details === ErrorDetails.MANIFEST_PARSING_ERROR;
  return manifest ? 'manifest' : 'network';
}

/**
 * The browser's own HLS (Safari, iOS): it picks the rung itself and says little about failures,
 * so any error is worth one new address (an expired one looks the same as a network failure).
 */
function attachNative(
  video: HTMLVideoElement,
  url: string,
  events: StreamEvents,
  { startAt, autoplay }: AttachOptions,
): StreamHandle {
  events.onEngine('native');
  const onMetadata = () => {
    if (startAt !== undefined && startAt > 0) video.currentTime = startAt;
  };
  const onLoaded = () => events.onProgress();
  const onError = () => events.onRefused();
  let destroyed = false;
  video.addEventListener('loadedmetadata', onMetadata, { once: true });
  video.addEventListener('loadeddata', onLoaded);
  video.addEventListener('error', onError);
  video.src = url;
  if (autoplay) void video.play().catch(() => {});
  return {
    setLevel() {},
    destroy() {
      if (destroyed) return;
      destroyed = true;
      video.removeEventListener('loadedmetadata', onMetadata);
      video.removeEventListener('loadeddata', onLoaded);
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      video.load();
    },
  };
}
