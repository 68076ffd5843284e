import { EllipsisIcon, MessageCircleIcon, ReceiptTextIcon, StarIcon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PATHS } from '../../app/paths';
import { hasStoredSession } from '../../session/auth-storage';
import { useCurrentUser } from '../../session/current-user';
import { loadLibraryApi } from '../collect/collect-queries';
import { CLOUD_PANEL } from './cloud-downloads-model';
import { viewerOf } from './member-model';
import { MemberTabs } from './member-tabs';
import styles from './member-page.module.css';
import { MEMBER_TEXT } from './texts';
import { UserCard } from './user-card';

// The drawer and 我的云下载 load when first opened: with antd-mobile's Popup and the animation
// and gesture libraries under it they are ≈ 35 KiB gzip the center's first screen does without.
const MemberDrawer = lazy(async () => ({ default: (await import('./member-drawer')).MemberDrawer }));
const CloudDownloadsPopup = lazy(async () => ({
  default: (await import('./cloud-downloads')).CloudDownloadsPopup,
}));

/** True from the first time `value` is true on: a popup, once opened, stays mounted to animate closing. */
function useOnceTrue(value: boolean): boolean {
  const [ever, setEver] = useState(value);
  if (value && !ever) setEver(true);
  return ever || value;
}

/**
 * `/user`, the member center (docs/product.md §2): top bar, user card, and the collect / like / history tabs;
 * 我的云下载 opens from the drawer over them.
 */
export function MemberPage() {
  const current = useCurrentUser();
  const viewer = viewerOf(current, hasStoredSession());
  const user = current.data ?? null;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [cloudOpen, setCloudOpen] = useCloudPanel();
  const drawerWanted = useOnceTrue(drawerOpen);
  const cloudWanted = useOnceTrue(cloudOpen);
  // A held login's lists are asked for once getInfo has answered: fetch the calls' code meanwhile
  // rather than after it (a visitor, who has no lists, never loads it).
  useEffect(() => {
    if (hasStoredSession()) loadLibraryApi().catch(() => undefined);
  }, []);
  // A login made on this page's way here (the app started without one): the member's controls
  // on every screen start now rather than at the next page load (decision 045).
  const queryClient = useQueryClient();
  const member = viewer === 'member';
  useEffect(() => {
    if (member) void import('../follows/extras').then((m) => m.default(queryClient));
  }, [member, queryClient]);
  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <MemberTopBar onMore={() => setDrawerOpen(true)} />
        <UserCard viewer={viewer} user={user} onRetry={() => void current.refetch()} />
      </header>
      <MemberTabs viewer={viewer} userId={user?.user.userId} />
      <Suspense fallback={null}>
        {drawerWanted && (
          <MemberDrawer
            visible={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            // A held login whose getInfo failed can still be ended from here.
            loggedIn={viewer === 'member' || viewer === 'error'}
            onOpenCloudDownloads={() => {
              setDrawerOpen(false);
              setCloudOpen(true);
            }}
          />
        )}
        {cloudWanted && (
          <CloudDownloadsPopup
            visible={cloudOpen}
            onClose={() => setCloudOpen(false)}
            viewer={viewer}
            userId={user?.user.userId}
          />
        )}
      </Suspense>
    </div>
  );
}

/**
 * Whether 我的云下载 is open. Kept in the address (`?panel=cloud`), as the open tab is, so going
 * to a work from the list and back finds the list open again.
 */
function useCloudPanel(): [boolean, (open: boolean) => void] {
  const [query, setQuery] = useSearchParams();
  const setOpen = (open: boolean) =>
    setQuery(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (open) next.set('panel', CLOUD_PANEL);
        else next.delete('panel');
        return next;
      },
      { replace: true },
    );
  return [query.get('panel') === CLOUD_PANEL, setOpen];
}

/** VIP (→ /pay), 订单 (→ /orders), 客服 (→ /message) and 更多 (the drawer). */
function MemberTopBar({ onMore }: { onMore: () => void }) {
  return (
    <div className={styles.topBar}>
      <Link to={PATHS.pay} className={styles.vipButton} aria-label={MEMBER_TEXT.vipLabel}>
        <StarIcon fill="currentColor" aria-hidden="true" />
        {MEMBER_TEXT.vip}
      </Link>
      <div className={styles.actions}>
        <Link to={PATHS.orders} className={styles.action}>
          <ReceiptTextIcon aria-hidden="true" className={styles.actionIcon} />
          {MEMBER_TEXT.orders}
        </Link>
        <Link to={PATHS.message} className={styles.action}>
          <MessageCircleIcon aria-hidden="true" className={styles.actionIcon} />
          {MEMBER_TEXT.service}
        </Link>
        <button type="button" className={styles.action} onClick={onMore} aria-haspopup="dialog">
          <EllipsisIcon aria-hidden="true" className={styles.actionIcon} />
          {MEMBER_TEXT.more}
        </button>
      </div>
    </div>
  );
}
