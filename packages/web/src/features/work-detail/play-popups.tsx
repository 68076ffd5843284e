import { imageUrl, type VideoStreamData, type WorkDetail } from '@yingku/contract';
import { lazy, Suspense, useState } from 'react';
import { runtimeConfig } from '../../api/runtime-config';
import { ErrorBlock } from '../../components/error-block/error-block';
import { LazyPopup as Popup } from '../../components/feedback/lazy-popup';
import { PLAYER_TEXT } from './player-texts';
import styles from './play-controls.module.css';

/** The player (and, on first play, hls.js): fetched when a stream is granted (decision 028). */
const StreamPlayer = lazy(async () => ({ default: (await import('./stream-player')).StreamPlayer }));

/**
 * The popups of the play and preview buttons, fetched with the first tap on either (decision
 * 035): most visits to a work never open them.
 */
export function StreamPopup({
  work,
  stream,
  onClose,
  onShowMagnets,
}: {
  work: WorkDetail;
  stream: VideoStreamData | undefined;
  onClose(): void;
  onShowMagnets(): void;
}) {
  return (
    <Popup
      visible={stream !== undefined}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      showCloseButton
      bodyClassName={styles.popup}
    >
      <h2 className={styles.previewTitle}>{PLAYER_TEXT.streamTitle(work.number)}</h2>
      {stream && (
        <Suspense fallback={null}>
          <StreamPlayer
            workId={work.id}
            stream={stream}
            fallbackPoster={imageUrl(work.picBig, runtimeConfig().imageHost)}
            onShowMagnets={onShowMagnets}
          />
        </Suspense>
      )}
    </Popup>
  );
}

export function PreviewPopup({
  work,
  visible,
  onClose,
}: {
  work: WorkDetail;
  visible: boolean;
  onClose(): void;
}) {
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      showCloseButton
      bodyClassName={styles.popup}
    >
      <h2 className={styles.previewTitle}>{PLAYER_TEXT.previewTitle(work.number)}</h2>
      <PreviewVideo src={imageUrl(work.mp4, runtimeConfig().imageHost)} poster={work.picBig} />
    </Popup>
  );
}

/** The preview in the browser's own player; a video that cannot load says so instead. */
function PreviewVideo({ src, poster }: { src: string; poster: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <ErrorBlock
        status="default"
        title={PLAYER_TEXT.previewFailed}
        description=""
        className={styles.failed}
      />
    );
  }
  return (
    <video
      className={styles.video}
      src={src}
      poster={imageUrl(poster, runtimeConfig().imageHost)}
      controls
      playsInline
      preload="metadata"
      onError={() => setFailed(true)}
    />
  );
}
