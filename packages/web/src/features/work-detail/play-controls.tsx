import type { VideoStreamData, WorkDetail } from '@yingku/contract';
import { Button } from '../../components/button/button';
import { CirclePlayIcon, VideoIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/api-error';
import { useCall } from '../../api/use-call';
import { showApiError } from '../../api/client';
import { PATHS } from '../../app/paths';
import { alertDialog, confirmDialog } from '../../components/feedback/lazy-feedback';
import { useOpenedOnce } from '../../components/feedback/lazy-feedback';
import { LazyMagnetPopup } from '../magnets/lazy-magnet-popup';
import { DETAIL_TEXT } from './texts';
import { playAnswer } from './work-detail-model';
import styles from './play-controls.module.css';

// The popups (and through them the player and hls.js) load with the first tap (decision 035).
const StreamPopup = lazy(async () => ({ default: (await import('./play-popups')).StreamPopup }));
const PreviewPopup = lazy(async () => ({ default: (await import('./play-popups')).PreviewPopup }));

/** Payment Required: the server's answer to a visitor, a member or an expired VIP. */
const VIP_REQUIRED = 402;
/** Too Many Requests: the account plays on all the devices it may (the message names the limit). */
const DEVICE_LIMIT = 429;

/**
 * The play button (docs/product.md §4) and, when the work has one, the preview video (for everyone). An
 * online work asks the server for its stream and plays it; a refusal (402) is one prompt with
 * the way to /pay. Other works say why they cannot play.
 */
export function PlayControls({ work }: { work: WorkDetail }) {
  const navigate = useNavigate();
  const [previewOpen, setPreviewOpen] = useState(false);
  const [stream, setStream] = useState<VideoStreamData>();
  const [magnetsOpen, setMagnetsOpen] = useState(false);
  const [magnetsOpened, setMagnetsOpened] = useState(false);
  const streamOpened = useOpenedOnce(stream !== undefined);
  const previewOpened = useOpenedOnce(previewOpen);

  const askStream = useCall({
    call: async () => {
      // The popup's code arrives while the server answers.
      void import('./play-popups');
      const { commerceApi } = await import('../../api/commerce');
      return (await commerceApi.videoStream(work.id)).data;
    },
    onSuccess: setStream,
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      if (error.kind === 'code' && error.code === VIP_REQUIRED) {
        // The call is silent: this dialog is the one prompt the user sees.
        void confirmDialog({
          content: error.message,
          confirmText: DETAIL_TEXT.openVip,
          cancelText: DETAIL_TEXT.cancel,
          onConfirm: () => navigate(PATHS.pay),
        });
      } else if (error.kind === 'code' && error.code === DEVICE_LIMIT) {
        void alertDialog({ content: error.message, confirmText: DETAIL_TEXT.gotIt });
      } else {
        showApiError(error);
      }
    },
  });

  const play = () => {
    const answer = playAnswer(work.isOnline);
    if (answer === 'stream') {
      void askStream.run();
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
      <Button
        color="primary"
        size="small"
        onClick={play}
        loading={askStream.pending}
        loadingText={DETAIL_TEXT.play}
      >
        <CirclePlayIcon /> {DETAIL_TEXT.play}
      </Button>
      {streamOpened && (
        <Suspense fallback={null}>
          <StreamPopup
            work={work}
            stream={stream}
            onClose={() => setStream(undefined)}
            onShowMagnets={showMagnets}
          />
        </Suspense>
      )}
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
          {previewOpened && (
            <Suspense fallback={null}>
              <PreviewPopup work={work} visible={previewOpen} onClose={() => setPreviewOpen(false)} />
            </Suspense>
          )}
        </>
      )}
    </div>
  );
}
