import type { WorkListItem } from '@yingku/contract';
import { Button } from '../button/button';
import { UI_TEXT } from '../../app/texts';
import { EAGER_COVERS, WorkCard, WorkCardSkeleton } from '../work-card/work-card';
import { WorkGrid } from '../work-grid/work-grid';
import styles from './work-list.module.css';
import { useLoadNearEnd } from './use-load-near-end';
import type { useWorksPages } from './use-works-pages';
import { ErrorBlock } from '../error-block/error-block';

export interface WorkListProps {
  pages: ReturnType<typeof useWorksPages>;
  /** Skeleton cards while the first page loads. */
  skeletons?: number;
}

/**
 * An infinite list of works (SPEC §2, §4): the grid, the next page when the user scrolls near
 * the end, a load-more button as the fallback (both ask only when no page is loading), a no-more
 * text when finished, and an error state with retry (after a failed page, only the retry loads).
 */
export function WorkList({ pages, skeletons = 8 }: WorkListProps) {
  const works: WorkListItem[] = pages.data?.pages.flatMap((page) => page.rows) ?? [];
  const loadMore = () => {
    if (!pages.isFetching) void pages.fetchNextPage({ cancelRefetch: false });
  };
  const canLoad = works.length > 0 && pages.hasNextPage && !pages.isFetching && !pages.isError;
  const footerRef = useLoadNearEnd<HTMLDivElement>(canLoad, works.length, loadMore);

  if (pages.isPending) {
    return (
      <WorkGrid>
        {Array.from({ length: skeletons }, (_, i) => (
          <WorkCardSkeleton key={i} />
        ))}
      </WorkGrid>
    );
  }
  if (pages.isError && works.length === 0) {
    return (
      <div className={styles.state} data-state="error">
        <ErrorBlock status="default" title={UI_TEXT.listFailed} description="" />
        <Button size="small" onClick={() => void pages.refetch()}>
          {UI_TEXT.retry}
        </Button>
      </div>
    );
  }
  if (works.length === 0) {
    return (
      <div className={styles.state} data-state="empty">
        <ErrorBlock status="empty" title={UI_TEXT.empty} description="" />
      </div>
    );
  }

  return (
    <>
      <WorkGrid>
        {works.map((work, i) => (
          <WorkCard key={work.id} work={work} eager={i < EAGER_COVERS} />
        ))}
      </WorkGrid>
      <div className={styles.footer} ref={footerRef}>
        {pages.isFetchNextPageError ? (
          <Button size="small" onClick={loadMore} data-testid="load-more-retry">
            {UI_TEXT.retry}
          </Button>
        ) : pages.hasNextPage ? (
          <Button size="small" loading={pages.isFetchingNextPage} onClick={loadMore} data-testid="load-more">
            {pages.isFetchingNextPage ? UI_TEXT.loadingMore : UI_TEXT.loadMore}
          </Button>
        ) : (
          <span className={styles.noMore} data-testid="no-more">
            {UI_TEXT.noMore}
          </span>
        )}
      </div>
    </>
  );
}
