import type { WorkDetailResponse } from '@yingku/contract';
import { MemberSlot } from '../../components/member-slot/member-slot';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/button/button';
import { HeartIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../../session/current-user';
import { CollectControl } from '../collect/collect-control';
import { DETAIL_TEXT } from './texts';
import { useLike } from './use-like';
import { setWorkFlags } from './work-detail-query';
import styles from './library-actions.module.css';

// 云端下载 is for a logged-in user only: its code loads once one is known, not with a visitor's
// first screen (decision 035). Out of reach (offline), the control is left out, not an error page.
const CloudDownload = lazy(() =>
  import('./cloud-download').then(
    (module) => ({ default: module.CloudDownload }),
    () => ({ default: () => null }),
  ),
);

/**
 * Like and collect of the detail (docs/product.md §2, §4), from the flags the detail answered for the
 * caller, and a logged-in user's cloud download. A visitor may tap like and collect too: the
 * server's 403 brings the login dialog.
 */
export function LibraryActions({ detail }: { detail: WorkDetailResponse }) {
  const id = detail.data.id;
  const queryClient = useQueryClient();
  const toggleLike = useLike(id, detail.like);
  const loggedIn = Boolean(useCurrentUser().data);
  return (
    <>
      <div className={styles.actions}>
        <Button
          size="mini"
          fill="none"
          color={detail.like ? 'danger' : 'default'}
          className={styles.toggle}
          aria-pressed={detail.like}
          data-testid="like-button"
          onClick={toggleLike}
        >
          {detail.like ? <HeartIcon fill="currentColor" /> : <HeartIcon />}
          <span>{detail.like ? DETAIL_TEXT.liked : DETAIL_TEXT.like}</span>
        </Button>
        <CollectControl
          dataId={id}
          collected={detail.collect}
          onCollectedChange={(collect) => setWorkFlags(queryClient, id, { collect })}
          labels={{ collect: DETAIL_TEXT.collect, collected: DETAIL_TEXT.collected }}
          className={styles.toggle}
        />
        {loggedIn && (
          <Suspense fallback={null}>
            <CloudDownload workId={id} />
          </Suspense>
        )}
        <MemberSlot name="marks" />
      </div>
      <MemberSlot name="chips" />
    </>
  );
}
