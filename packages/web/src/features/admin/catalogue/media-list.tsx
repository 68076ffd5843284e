import type { MediaRow } from '@yingku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog, DotLoading, ProgressBar, Toast } from 'antd-mobile';
import { Button } from '../../../components/button/button';
import { useEffect, useRef } from 'react';
import { shownTime } from '../admin-model';
import { adminKeys } from '../admin-keys';
import { useWorkMedia } from '../admin-queries';
import { StatusTag } from '../console-parts';
import { ADMIN_TEXT } from '../texts';
import { mediaApi } from './media-api';
import { MediaStills } from './media-stills';
import {
  formatBytes,
  formatDuration,
  mediaActions,
  mediaFailureText,
  mediaInMaking,
  mediaStatusTag,
  rungPercent,
} from './video-model';
import styles from './videos.module.css';
import { withDialogName } from '../../../components/feedback/dialog-name';

/** A labelled bar: antd-mobile's look, announced as a progressbar with its value. */
export function ProgressMeter(props: { label: string; percent: number; small?: boolean }) {
  const percent = rungPercent(props.percent);
  return (
    <div className={styles.meter}>
      <div
        role="progressbar"
        aria-label={props.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <ProgressBar percent={percent} className={props.small ? styles.small : undefined} />
      </div>
      <span className={styles.meterValue}>{percent}%</span>
    </div>
  );
}

/** 重试 / 取消转码 of one video; after either, every list of videos and the works are asked again. */
export function MediaButtons({ row }: { row: MediaRow }) {
  const queryClient = useQueryClient();
  // A refusal is shown by the client (只有失败或已取消的视频可以重试…); the next poll shows the
  // video as it is.
  const change = useMutation({
    mutationFn: ({ send }: { send: () => Promise<unknown>; done: string }) => send(),
    onSuccess: async (_answer, { done }) => {
      Toast.show({ icon: 'success', content: done });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.media }),
        queryClient.invalidateQueries({ queryKey: adminKeys.works }),
      ]);
    },
  });
  const actions = mediaActions(row);
  if (!actions.retry && !actions.cancel) return null;

  async function cancel() {
    const confirmed = await Dialog.confirm(
      withDialogName({
        content: ADMIN_TEXT.cancelMediaConfirm,
        confirmText: ADMIN_TEXT.cancelMedia,
        cancelText: ADMIN_TEXT.keepMedia,
      }),
    );
    if (confirmed)
      change.mutate({ send: () => mediaApi.cancel(row.id), done: ADMIN_TEXT.mediaCancelledDone });
  }

  return (
    <div className={styles.buttons}>
      {actions.retry && (
        <Button
          size="mini"
          color="primary"
          fill="outline"
          disabled={change.isPending}
          onClick={() => change.mutate({ send: () => mediaApi.retry(row.id), done: ADMIN_TEXT.retried })}
        >
          {ADMIN_TEXT.retryMedia}
        </Button>
      )}
      {actions.cancel && (
        <Button
          size="mini"
          color="danger"
          fill="outline"
          disabled={change.isPending}
          onClick={() => void cancel()}
        >
          {ADMIN_TEXT.cancelMedia}
        </Button>
      )}
    </div>
  );
}

/** How far each rung is made (while on its way, or where a failed one stopped). */
function RungBars({ row }: { row: MediaRow }) {
  if (row.rungs.length === 0) return null;
  return (
    <dl className={styles.rungs} aria-label={ADMIN_TEXT.rungsLabel} data-testid="media-rungs">
      {row.rungs.map((rung) => (
        <div key={rung.name} className={styles.rungRow} data-rung={rung.name}>
          <dt>{rung.name}</dt>
          <dd>
            <ProgressMeter label={rung.name} percent={rung.percent} small />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One video: status, source file, rungs, why it failed, and its buttons. */
export function MediaCard({ row }: { row: MediaRow }) {
  const failure = mediaFailureText(row);
  const duration = formatDuration(row.durationSeconds);
  const showRungs = row.status !== 'ready' && row.status !== 'cancelled';
  return (
    <article className={styles.card} data-media={row.id} data-status={row.status} data-playing={row.playing}>
      <div className={styles.cardHead}>
        <StatusTag view={mediaStatusTag(row)} />
        <span className={styles.cardFile} title={row.sourceName}>
          {row.sourceName || ADMIN_TEXT.none}
        </span>
        <span className={styles.note}>{formatBytes(row.sourceBytes)}</span>
      </div>
      <div className={styles.meta}>
        <span>{shownTime(row.createTime)}</span>
        {duration && <span>{duration}</span>}
        {row.status === 'ready' && <span>{row.rungs.map((rung) => rung.name).join(' · ')}</span>}
        {row.attempts > 1 && <span>{ADMIN_TEXT.attemptsLabel(row.attempts)}</span>}
      </div>
      {showRungs && <RungBars row={row} />}
      {failure && (
        <p className={styles.error} data-testid="media-failure">
          {failure}
        </p>
      )}
      {row.failureDetail && <p className={styles.detail}>{row.failureDetail}</p>}
      <MediaStills row={row} />
      <MediaButtons row={row} />
    </article>
  );
}

/**
 * 该作品的视频, newest first, polled every 2 s while one is queued or being made. When the last
 * one on its way ends, the works are asked again (their 在线播放 changes with it).
 */
export function WorkMediaList({ workId }: { workId: string }) {
  const queryClient = useQueryClient();
  const media = useWorkMedia(workId);
  const inMaking = media.data?.rows.some(mediaInMaking) ?? false;
  const wasInMaking = useRef(inMaking);
  useEffect(() => {
    if (wasInMaking.current && !inMaking) {
      void queryClient.invalidateQueries({ queryKey: adminKeys.works });
    }
    wasInMaking.current = inMaking;
  }, [inMaking, queryClient]);

  return (
    <section className={styles.section} data-testid="work-media">
      <h4 className={styles.sectionTitle}>{ADMIN_TEXT.mediaHeading}</h4>
      {media.isPending && <DotLoading />}
      {media.isError && (
        <div className={styles.failedLoad}>
          <span className={styles.error}>{ADMIN_TEXT.listFailed}</span>
          <Button size="mini" onClick={() => void media.refetch()}>
            {ADMIN_TEXT.retry}
          </Button>
        </div>
      )}
      {media.data?.rows.length === 0 && (
        <p className={styles.note} data-state="empty">
          {ADMIN_TEXT.mediaEmpty}
        </p>
      )}
      {media.data?.rows.map((row) => (
        <MediaCard key={row.id} row={row} />
      ))}
    </section>
  );
}
