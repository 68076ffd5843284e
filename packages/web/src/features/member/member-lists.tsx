import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { readHistory } from '../../session/history';
import { forgetCollectedPages, useCollectedPages, useFolders, useLikedPages } from './library-queries';
import { historyPage, selectedFolderId } from './member-model';
import { fromPages, type MemberListState, MemberWorks } from './member-works';
import styles from './member-page.module.css';
import { MEMBER_TEXT } from './texts';

// The share button and its clipboard code come when a public folder is chosen: before the tap,
// so the copy still starts inside it (iOS drops a clipboard write begun later).
const ShareFolderButton = lazy(() => import('./share-folder-button'));

/** Key of the 全部 button; folder ids are decimal strings, so it cannot clash with one. */
const ALL = 'all';

/**
 * 收藏: the user's folders as buttons (全部 first) over the collected works of the chosen one
 * (docs/product.md §2). The choice lives in the address (`?cate=`), so coming back from a work keeps it.
 */
export function CollectList({ userId }: { userId: string }) {
  const [query, setQuery] = useSearchParams();
  const cateParam = query.get('cate');
  const folders = useFolders(userId);
  const cateId = selectedFolderId(folders.data?.rows, cateParam);
  // With a folder in the address, wait for the folders to know it is still one of the user's.
  const pages = useCollectedPages(userId, cateId, !cateParam || !folders.isPending);
  // A public folder can be shared: its read-only page opens from the link (docs/product.md §2).
  const shareKey = folders.data?.rows.find((folder) => folder.cateId === cateId)?.shareKey;

  const queryClient = useQueryClient();
  const choose = (key: string) => {
    if (key === (cateId ?? ALL)) return;
    forgetCollectedPages(queryClient, userId, key === ALL ? undefined : key);
    setQuery(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (key === ALL) next.delete('cate');
        else next.set('cate', key);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <>
      <div className={styles.folders} role="group" aria-label={MEMBER_TEXT.foldersLabel}>
        {[{ cateId: ALL, cateName: MEMBER_TEXT.allFolders }, ...(folders.data?.rows ?? [])].map((folder) => (
          <button
            key={folder.cateId}
            type="button"
            className={styles.folder}
            aria-pressed={folder.cateId === (cateId ?? ALL)}
            onClick={() => choose(folder.cateId)}
          >
            {folder.cateName}
          </button>
        ))}
      </div>
      {shareKey && cateId && (
        <Suspense fallback={null}>
          <ShareFolderButton cateId={cateId} shareKey={shareKey} />
        </Suspense>
      )}
      <MemberWorks
        list={fromPages(pages)}
        emptyText={cateId ? MEMBER_TEXT.collectFolderEmpty : MEMBER_TEXT.collectEmpty}
        name="collect"
      />
    </>
  );
}

/** 喜欢: the liked works, newest first; mounted (and so loaded) when the tab is first opened. */
export function LikeList({ userId }: { userId: string }) {
  const pages = useLikedPages(userId);
  return <MemberWorks list={fromPages(pages)} emptyText={MEMBER_TEXT.likeEmpty} name="like" />;
}

/** 历史: the works this browser viewed (session/history.ts), 10 more per load-more. */
export function HistoryList() {
  // Read once per visit: nothing adds to the history while the member center is shown.
  const [entries] = useState(() => readHistory());
  const [pages, setPages] = useState(1);
  const page = historyPage(entries, pages);
  const list: MemberListState = {
    works: page.rows,
    total: page.total,
    pending: false,
    failed: false,
    hasMore: page.hasMore,
    loadingMore: false,
    loadMoreFailed: false,
    loadMore: () => setPages((count) => count + 1),
    retry: () => undefined,
  };
  return <MemberWorks list={list} emptyText={MEMBER_TEXT.historyEmpty} name="history" />;
}
