import { imageUrl, type VideoStreamData, type WorkDetail } from '@yingku/contract';
import { Button } from '../../components/button/button';
import { CirclePlayIcon, VideoIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/api-error';
import { showApiError } from '../../api/client';
import { runtimeConfig } from '../../api/runtime-config';
import { PATHS } from '../../app/paths';
import { alertDialog, confirmDialog } from '../../components/feedback/lazy-feedback';
import { LazyPopup as Popup } from '../../components/feedback/lazy-popup';
import { LazyMagnetPopup } from '../../components/magnet-popup/lazy-magnet-popup';
import { DETAIL_TEXT } from './texts';
import { playAnswer } from './work-detail-model';
import styles from './play-controls.module.css';

/** The player (and, on first play, hls.js): fetched when a stream is granted (decision 028). */
const StreamPlayer = lazy(async () => ({ default: (await import('./stream-player')).StreamPlayer }));
import { ErrorBlock } from '../../components/error-block/error-block';

/** Payment Required: the server's answer to a visitor, a member or an expired VIP. */
const VIP_REQUIRED = 402;

/**
 * The play button (SPEC §4) and, when the work has one, the preview video (for everyone). An
 * online work asks the server for its stream and plays it; a refusal (402) is one prompt with
 * the way to /pay. Other works say why they cannot play.
 */
export function PlayControls({ work }: { work: WorkDetail }) {
  const navigate = useNavigate();
  const [previewOpen, setPreviewOpen] = useState(false);
  const [stream, setStream] = useState<VideoStreamData>();
  const [asking, setAsking] = useState(false);
  const [magnetsOpen, setMagnetsOpen] = useState(false);
  const [magnetsOpened, setMagnetsOpened] = useState(false);
  const poster = imageUrl(work.picBig, runtimeConfig().imageHost);

  async function playStream() {
    setAsking(true);
    try {
      const { commerceApi } = await import('../../api/commerce');
      const { data } = await commerceApi.videoStream(work.id);
      setStream(data);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.kind === 'code' && error.code === VIP_REQUIRED) {
        // The call is silent: this dialog is the one prompt the user sees.
        void confirmDialog({
          content: error.message,
          confirmText: DETAIL_TEXT.openVip,
          cancelText: DETAIL_TEXT.cancel,
          onConfirm: () => navigate(PATHS.pay),
        });
      } else {
        showApiError(error);
      }
    } finally {
      setAsking(false);
    }
  }

  const play = () => {
    const answer = playAnswer(work.isOnline);
    if (answer === 'stream') {
      void playStream();
      return;
    }
    void alertDialog({
      content: answer === 'transcoding' ? DETAIL_TEXT.playTranscoding : DETAIL_TEXT.playUnsupported,
      confirmText: DETAIL_TEXT.gotIt,
    });
  };

  const showMagnets = () => {
    setStream(undefined);
    setMagnetsOpen(true);
    setMagnetsOpened(true);
  };

  return (
    <div className={styles.actions}>
      <Button color="primary" size="small" onClick={play} loading={asking} loadingText={DETAIL_TEXT.play}>
        <CirclePlayIcon /> {DETAIL_TEXT.play}
      </Button>
      <Popup
        visible={stream !== undefined}
        onMaskClick={() => setStream(undefined)}
        onClose={() => setStream(undefined)}
        destroyOnClose
        showCloseButton
        bodyClassName={styles.popup}
      >
        <h2 className={styles.previewTitle}>{DETAIL_TEXT.streamTitle(work.number)}</h2>
        {stream && (
          <Suspense fallback={null}>
            <StreamPlayer
              workId={work.id}
              stream={stream}
              fallbackPoster={poster}
              onShowMagnets={showMagnets}
            />
          </Suspense>
        )}
      </Popup>
      {work.number && (
        <LazyMagnetPopup
          opened={magnetsOpened}
          number={work.number}
          visible={magnetsOpen}
          onClose={() => setMagnetsOpen(false)}
        />
      )}
      {work.mp4 && (
        <>
          <Button color="primary" fill="outline" size="small" onClick={() => setPreviewOpen(true)}>
            <VideoIcon /> {DETAIL_TEXT.preview}
          </Button>
          <Popup
            visible={previewOpen}
            onMaskClick={() => setPreviewOpen(false)}
            onClose={() => setPreviewOpen(false)}
            destroyOnClose
            showCloseButton
            bodyClassName={styles.popup}
          >
            <h2 className={styles.previewTitle}>{DETAIL_TEXT.previewTitle(work.number)}</h2>
            <PreviewVideo src={imageUrl(work.mp4, runtimeConfig().imageHost)} poster={work.picBig} />
          </Popup>
        </>
      )}
    </div>
  );
}

/** The preview in the browser's own player; a video that cannot load says so instead. */
function PreviewVideo({ src, poster }: { src: string; poster: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <ErrorBlock
        status="default"
        title={DETAIL_TEXT.previewFailed}
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
