import { imageUrl, type WorkDetail } from '@yingku/contract';
import { Button, Dialog, ErrorBlock, Popup } from 'antd-mobile';
import { PlayOutline, VideoOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { runtimeConfig } from '../../api/runtime-config';
import { PATHS } from '../../app/paths';
import { DETAIL_TEXT } from './texts';
import { playAnswer } from './work-detail-model';
import styles from './play-controls.module.css';

/**
 * The play button (SPEC §4) and, when the work has one, the preview video. Online works come
 * with VIP (the stream itself arrives with accounts); the others say why they cannot play.
 */
export function PlayControls({ work }: { work: WorkDetail }) {
  const navigate = useNavigate();
  const [previewOpen, setPreviewOpen] = useState(false);

  const play = () => {
    const answer = playAnswer(work.isOnline);
    if (answer === 'vip') {
      void Dialog.confirm({
        content: DETAIL_TEXT.playVip,
        confirmText: DETAIL_TEXT.openVip,
        cancelText: DETAIL_TEXT.cancel,
        onConfirm: () => navigate(PATHS.pay),
      });
      return;
    }
    void Dialog.alert({
      content: answer === 'transcoding' ? DETAIL_TEXT.playTranscoding : DETAIL_TEXT.playUnsupported,
      confirmText: DETAIL_TEXT.gotIt,
    });
  };

  return (
    <div className={styles.actions}>
      <Button color="primary" size="small" onClick={play}>
        <PlayOutline /> {DETAIL_TEXT.play}
      </Button>
      {work.mp4 && (
        <>
          <Button color="primary" fill="outline" size="small" onClick={() => setPreviewOpen(true)}>
            <VideoOutline /> {DETAIL_TEXT.preview}
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
