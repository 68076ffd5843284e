import { Button } from '../button/button';
import { UI_TEXT } from '../../app/texts';
import { EAGER_COVERS, WorkCard, WorkCardSkeleton } from '../work-card/work-card';
import { WorkGrid } from '../work-grid/work-grid';
import styles from './work-list.module.css';
import { useLoadNearEnd } from './use-load-near-end';
import type { WorkPages } from './use-works-pages';
import { ErrorBlock } from '../error-block/error-block';

export interface WorkListProps {
  /** The list's works and loading state (useWorksPages gives it). */
  pages: WorkPages;
  /** Skeleton cards while the first page loads. */
  skeletons?: number;
}

/**
 * An infinite list of works (docs/product.md §2, §4): the grid, the next page when the user scrolls near
 * the end, a load-more button as the fallback (both ask only when no page is loading), a no-more
 * text when finished, and an error state with retry (after a failed page, only the retry loads).
 */
export function WorkList({ pages, skeletons = 8 }: WorkListProps) {
  const { works, loadMore } = pages;
  const canLoad = works.length > 0 && pages.hasMore && !pages.fetching && !pages.failed;
  const footerRef = useLoadNearEnd<HTMLDivElement>(canLoad, works.length, loadMore);

  if (pages.pending) {
    return (
      <WorkGrid>
        {Array.from({ length: skeletons }, (_, i) => (
          <WorkCardSkeleton key={i} />
        ))}
      </WorkGrid>
    );
  }
  if (pages.failed && works.length === 0) {
    return (
      <div className={styles.state} data-state="error">
        <ErrorBlock status="default" title={UI_TEXT.listFailed} description="" />
        <Button size="small" onClick={pages.retry}>
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
        {pages.loadMoreFailed ? (
          <Button size="small" onClick={loadMore} data-testid="load-more-retry">
            {UI_TEXT.retry}
          </Button>
        ) : pages.hasMore ? (
          <Button size="small" loading={pages.loadingMore} onClick={loadMore} data-testid="load-more">
            {pages.loadingMore ? UI_TEXT.loadingMore : UI_TEXT.loadMore}
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
