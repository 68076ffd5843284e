import { useQueryClient } from '@tanstack/react-query';
import { Dialog, Toast } from 'antd-mobile';
import { Button } from '../../../components/button/button';
import { useId, useRef, useState } from 'react';
import { adminKeys } from '../admin-keys';
import { ADMIN_TEXT } from '../texts';
import { ProgressMeter } from './media-list';
import { formatSpeed, formatTimeLeft, secondsLeft, uploadPercent, videoFileProblem } from './upload-model';
import { formatBytes } from './video-model';
import {
  cancelVideoUpload,
  pauseVideoUpload,
  resumeVideoUpload,
  startVideoUpload,
  type UploadView,
  useVideoUpload,
} from './video-upload';
import styles from './videos.module.css';
import { withDialogName } from '../../../components/feedback/dialog-name';

/**
 * 上传视频 for one work: the form, or — while a file is on its way — its progress. `refusal` is
 * why nothing can be sent now (no ffmpeg, a video still being made); `maxBytes` the server's limit.
 */
export function VideoUploadPanel(props: {
  workId: string;
  maxBytes: number;
  refusal: string | undefined;
  replacing: boolean;
}) {
  const upload = useVideoUpload(props.workId);
  return (
    <section className={styles.section} data-testid="video-upload">
      <h4 className={styles.sectionTitle}>{ADMIN_TEXT.upload}</h4>
      {props.replacing && <p className={styles.note}>{ADMIN_TEXT.replaceNote}</p>}
      {upload ? <UploadProgress view={upload} /> : <UploadForm {...props} />}
    </section>
  );
}

function UploadForm(props: { workId: string; maxBytes: number; refusal: string | undefined }) {
  const { workId, maxBytes, refusal } = props;
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [file, setFile] = useState<File>();
  const disabled = refusal !== undefined;

  function clear() {
    setFile(undefined);
    if (input.current) input.current.value = '';
  }

  /** A file is checked as soon as it is chosen: an empty or too large one is never sent. */
  function accepted(candidate: File | undefined): candidate is File {
    if (!candidate) return false;
    const problem = videoFileProblem(candidate, maxBytes);
    if (problem) Toast.show({ content: problem });
    return problem === undefined;
  }

  function pick(candidate: File | undefined) {
    if (accepted(candidate)) setFile(candidate);
    else clear();
  }

  function start() {
    if (!accepted(file) || disabled) return;
    void startVideoUpload(workId, file, () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.media });
      void queryClient.invalidateQueries({ queryKey: adminKeys.works });
    });
    clear();
  }

  return (
    <>
      {refusal ? (
        <p className={styles.unavailable} role="status" data-testid="upload-refusal">
          {refusal}
        </p>
      ) : (
        <p className={styles.note}>{ADMIN_TEXT.uploadHint(formatBytes(maxBytes))}</p>
      )}
      <div className={styles.pickRow}>
        <label className={styles.pickButton} htmlFor={inputId} data-disabled={disabled}>
          {ADMIN_TEXT.pickVideo}
          <input
            ref={input}
            id={inputId}
            className={styles.fileInput}
            type="file"
            accept="video/*,.mkv,.ts,.m2ts,.flv,.wmv,.rmvb"
            aria-label={ADMIN_TEXT.pickVideoLabel}
            disabled={disabled}
            data-testid="video-file"
            onChange={(event) => pick(event.target.files?.[0])}
          />
        </label>
        <span className={styles.fileName} data-testid="video-file-name">
          {file ? `${file.name}（${formatBytes(file.size)}）` : ADMIN_TEXT.noVideoFile}
        </span>
        <Button size="small" color="primary" disabled={!file || disabled} onClick={start}>
          {ADMIN_TEXT.upload}
        </Button>
      </div>
    </>
  );
}

const PHASE_TEXT = {
  starting: ADMIN_TEXT.uploadStarting,
  uploading: undefined,
  paused: ADMIN_TEXT.uploadPaused,
  attaching: ADMIN_TEXT.uploadAttaching,
  failed: ADMIN_TEXT.uploadFailed,
} as const;

/** The file on its way: bar, sizes, speed and time left, with 暂停 / 继续 and 取消上传. */
function UploadProgress({ view }: { view: UploadView }) {
  const percent = uploadPercent(view.bytesSent, view.bytesTotal);
  const left = secondsLeft(view.bytesTotal - view.bytesSent, view.bytesPerSecond);
  const phaseText = PHASE_TEXT[view.phase];

  async function cancel() {
    const confirmed = await Dialog.confirm(
      withDialogName({
        content: ADMIN_TEXT.cancelUploadConfirm,
        confirmText: ADMIN_TEXT.cancelUpload,
        cancelText: ADMIN_TEXT.keepUploading,
      }),
    );
    if (confirmed) await cancelVideoUpload(view.workId);
  }

  return (
    <div className={styles.card} data-testid="upload-progress" data-phase={view.phase}>
      <div className={styles.cardHead}>
        <span className={styles.cardFile} title={view.fileName}>
          {view.fileName}
        </span>
        {phaseText && <span className={styles.note}>{phaseText}</span>}
      </div>
      <ProgressMeter label={ADMIN_TEXT.uploadProgress} percent={percent} />
      <div className={styles.numbers} aria-live="polite" data-testid="upload-numbers">
        <span>{ADMIN_TEXT.uploadedOf(formatBytes(view.bytesSent), formatBytes(view.bytesTotal))}</span>
        {view.phase === 'uploading' && view.bytesPerSecond !== undefined && (
          <span data-testid="upload-speed">{formatSpeed(view.bytesPerSecond)}</span>
        )}
        {view.phase === 'uploading' && left !== undefined && (
          <span data-testid="upload-eta">{formatTimeLeft(left)}</span>
        )}
      </div>
      {view.resumed && <p className={styles.note}>{ADMIN_TEXT.uploadResumed}</p>}
      {view.phase === 'failed' && view.error && (
        <p className={styles.error} role="alert">
          {view.error}
        </p>
      )}
      <div className={styles.buttons}>
        {view.phase === 'uploading' && (
          <Button size="small" onClick={() => pauseVideoUpload(view.workId)}>
            {ADMIN_TEXT.pause}
          </Button>
        )}
        {(view.phase === 'paused' || view.phase === 'failed') && (
          <Button size="small" color="primary" onClick={() => resumeVideoUpload(view.workId)}>
            {view.uploadId ? ADMIN_TEXT.attachAgain : ADMIN_TEXT.resume}
          </Button>
        )}
        {view.phase !== 'attaching' && (
          <Button size="small" color="danger" fill="outline" onClick={() => void cancel()}>
            {ADMIN_TEXT.cancelUpload}
          </Button>
        )}
      </div>
    </div>
  );
}
