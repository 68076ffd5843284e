import { type StaffWorkRow, VIDEO_MSG } from '@yingku/contract';
import { CenterPopup, DotLoading } from 'antd-mobile';
import { Button } from '../../../components/button/button';
import { useMediaStatus, useWorkMedia } from '../admin-queries';
import { ADMIN_TEXT } from '../texts';
import { WorkMediaList } from './media-list';
import { hasReadyVideo, uploadRefusal } from './video-model';
import { VideoUploadPanel } from './video-upload-panel';
import styles from './videos.module.css';

/**
 * 视频 of one work: send a new video (when this server can make videos) and follow the work's
 * videos as they are made. An upload keeps going when the dialog is closed; opening it again
 * shows where it stands.
 */
export function VideoDialog(props: { work: Pick<StaffWorkRow, 'id' | 'number'>; onClose: () => void }) {
  const { work, onClose } = props;
  const title = ADMIN_TEXT.videosOf(work.number);
  return (
    <CenterPopup
      visible
      onMaskClick={onClose}
      bodyClassName={styles.dialog}
      role="dialog"
      aria-label={title}
      destroyOnClose
      // Out of the works table it is opened from: the table's nowrap cells would not let text wrap.
      getContainer={() => document.body}
      // antd-mobile caps a centred popup at 75vw: too narrow for progress on a 390 px phone.
      style={{ '--max-width': 'calc(100vw - 24px)' }}
    >
      <div className={styles.dialogHead}>
        <h3 className={styles.dialogTitle}>{title}</h3>
        <Button size="small" fill="none" onClick={onClose}>
          {ADMIN_TEXT.close}
        </Button>
      </div>
      <div className={styles.body} data-testid="video-dialog" data-work={work.id}>
        <UploadSection workId={work.id} />
        <WorkMediaList workId={work.id} />
      </div>
    </CenterPopup>
  );
}

/** The upload form once it is known whether videos can be made here and whether one is on its way. */
function UploadSection({ workId }: { workId: string }) {
  const status = useMediaStatus();
  const media = useWorkMedia(workId);
  if (status.isPending) return <DotLoading />;
  if (status.isError) {
    return (
      <div className={styles.failedLoad}>
        <span className={styles.error}>{ADMIN_TEXT.listFailed}</span>
        <Button size="mini" onClick={() => void status.refetch()}>
          {ADMIN_TEXT.retry}
        </Button>
      </div>
    );
  }
  const rows = media.data?.rows ?? [];
  // No ffmpeg: said plainly, and nothing can be sent (it could never be made into a video).
  const canMake = status.data.ffmpeg !== null;
  const refusal = canMake ? uploadRefusal(rows) : status.data.message || VIDEO_MSG.noFfmpeg;
  return (
    <VideoUploadPanel
      workId={workId}
      maxBytes={status.data.maxBytes}
      refusal={refusal}
      replacing={canMake && hasReadyVideo(rows)}
    />
  );
}
