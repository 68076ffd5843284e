import type { FollowKind, WorkMark } from '@yingku/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/button/button';
import { showToast } from '../../components/feedback/lazy-feedback';
import { SwitchButton } from '../../components/switch-button/switch-button';
import { setFollow, setMark, useFeedNew, useFollowKeys, useMarkOf } from './follows-queries';
import { useHideWatched } from './hide-watched';
import styles from './follows.module.css';
import { FOLLOW_TEXT } from './texts';

export const MARK_DONE: Record<WorkMark | 'none', string> = {
  want: `${FOLLOW_TEXT.markSaved} ${FOLLOW_TEXT.want}`,
  watched: `${FOLLOW_TEXT.markSaved} ${FOLLOW_TEXT.watched}`,
  none: FOLLOW_TEXT.markCleared,
};

/** The 我的 tab's count of works new in the feed (99+ past 99). */
export function FeedBadge() {
  const count = useFeedNew(true).data ?? 0;
  if (count === 0) return null;
  return (
    <>
      <span className={styles.badge} aria-hidden="true" data-testid="feed-badge">
        {FOLLOW_TEXT.badge(count)}
      </span>
      <span className={styles.srOnly}>{FOLLOW_TEXT.badgeLabel(count)}</span>
    </>
  );
}

/** 隐藏已看过: hides the member's 看过 works from the lists on this device. */
export function HideWatchedSwitch() {
  const [hide, setHide] = useHideWatched();
  return (
    <SwitchButton checked={hide} onChange={setHide} label={FOLLOW_TEXT.hideWatchedLabel}>
      {FOLLOW_TEXT.hideWatched}
    </SwitchButton>
  );
}

/** 关注 / 已关注 of one entity. */
function useFollowToggle(kind: FollowKind) {
  const queryClient = useQueryClient();
  const keys = useFollowKeys().data;
  const [busy, setBusy] = useState<string | null>(null);
  const isFollowed = (id: string) => keys?.has(`${kind}:${id}`) ?? false;
  const toggle = (id: string) => {
    if (busy) return;
    setBusy(id);
    setFollow(queryClient, kind, id, !isFollowed(id))
      .then((followed) => showToast(followed ? FOLLOW_TEXT.followed : FOLLOW_TEXT.unfollowed))
      .catch(() => undefined)
      .finally(() => setBusy(null));
  };
  return { ready: keys !== undefined, isFollowed, toggle, busy };
}

export function FollowButton({ kind, id }: { kind: FollowKind; id: string }) {
  const { ready, isFollowed, toggle, busy } = useFollowToggle(kind);
  if (!ready) return null;
  const followed = isFollowed(id);
  return (
    <Button
      size="mini"
      color="primary"
      fill={followed ? 'outline' : 'solid'}
      className={styles.toggle}
      aria-pressed={followed}
      loading={busy === id}
      onClick={() => toggle(id)}
      data-testid="follow-button"
    >
      {followed ? FOLLOW_TEXT.following : FOLLOW_TEXT.follow}
    </Button>
  );
}

/** A 关注 chip per entity of a work's row (its performers, makers, series or director). */
export function FollowChips({
  kind,
  entities,
}: {
  kind: FollowKind;
  entities: readonly { id: string; name: string }[];
}) {
  const { ready, isFollowed, toggle } = useFollowToggle(kind);
  if (!ready) return null;
  return (
    <span className={styles.chips}>
      {entities.map(({ id, name }) => {
        const followed = isFollowed(id);
        return (
          <button
            key={id}
            type="button"
            className={styles.chip}
            aria-pressed={followed}
            onClick={() => toggle(id)}
            data-testid="follow-chip"
          >
            {followed ? FOLLOW_TEXT.followingName(name) : FOLLOW_TEXT.followName(name)}
          </button>
        );
      })}
    </span>
  );
}

/** 想看 / 看过 of the detail: one mark per work; tapping the chosen one clears it. */
export function MarkButtons({ workId }: { workId: string }) {
  const queryClient = useQueryClient();
  const mark = useMarkOf(workId);
  const [busy, setBusy] = useState(false);
  if (mark.isPending || mark.isError) return null;
  const choose = (next: WorkMark) => {
    if (busy) return;
    setBusy(true);
    const value = mark.data === next ? 'none' : next;
    setMark(queryClient, workId, value)
      .then(() => showToast(MARK_DONE[value]))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <span className={styles.marks} role="group" aria-label={FOLLOW_TEXT.marksLabel}>
      {(['want', 'watched'] as const).map((value) => (
        <Button
          key={value}
          size="mini"
          fill="none"
          color={mark.data === value ? 'primary' : 'default'}
          className={styles.toggle}
          aria-pressed={mark.data === value}
          onClick={() => choose(value)}
          data-testid={`mark-${value}`}
        >
          {FOLLOW_TEXT[value]}
        </Button>
      ))}
    </span>
  );
}
