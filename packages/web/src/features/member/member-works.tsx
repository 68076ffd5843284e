import type { WorkListItem } from '@yingku/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Button } from '../../components/button/button';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths';
import { UI_TEXT } from '../../app/texts';
import { WorkCard, WorkCardSkeleton } from '../../components/work-card/work-card';
import { WorkGrid } from '../../components/work-grid/work-grid';
import { useLoadNearEnd } from '../../components/work-list/use-load-near-end';
import type { WorkPages } from '../../components/work-list/use-works-pages';
import { listFooter } from './member-model';
import styles from './member-page.module.css';
import { MEMBER_TEXT } from './texts';
import { ErrorBlock } from '../../components/error-block/error-block';

/**
 * One tab's list as the page draws it, whether it comes from the server or local storage: the
 * works list's shape ({@link WorkPages}), with a total known from the start.
 */
export interface MemberListState extends Pick<
  WorkPages,
  'pending' | 'failed' | 'hasMore' | 'loadingMore' | 'loadMoreFailed' | 'loadMore' | 'retry'
> {
  works: readonly WorkListItem[];
  total: number;
}

/** A server list's pages as a {@link MemberListState}; load-more asks only when none is loading. */
export function fromPages(
  query: UseInfiniteQueryResult<InfiniteData<{ rows: WorkListItem[]; total: number }, unknown>>,
): MemberListState {
  const pages = query.data?.pages ?? [];
  return {
    works: pages.flatMap((page) => page.rows),
    total: pages.at(-1)?.total ?? 0,
    pending: query.isPending,
    failed: query.isError && pages.length === 0,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMoreFailed: query.isFetchNextPageError,
    loadMore: () => {
      if (!query.isFetching) void query.fetchNextPage({ cancelRefetch: false });
    },
    retry: () => void query.refetch(),
  };
}

export interface MemberWorksProps {
  list: MemberListState;
  emptyText: string;
  /** Which list this is, for tests and styles (`collect`, `like`, `history`). */
  name: string;
  /** The total is a bound, not a count (the feed's): leave the 共 N 部 line out. */
  uncounted?: boolean;
}

/**
 * Works of one member-center tab in the site's grid of cards (each opens its detail), with the
 * tab's own empty text, and a load-more control once the total reaches 10 (docs/product.md §2, §4); the
 * next page also loads when the user scrolls near the end of the list.
 */
export function MemberWorks({ list, emptyText, name, uncounted = false }: MemberWorksProps) {
  if (list.pending) {
    return (
      <WorkGrid>
        {Array.from({ length: 4 }, (_, i) => (
          <WorkCardSkeleton key={i} />
        ))}
      </WorkGrid>
    );
  }
  if (list.failed) {
    return (
      <ErrorBlock status="default" title={UI_TEXT.listFailed} description="" className={styles.state}>
        <Button size="small" onClick={list.retry}>
          {UI_TEXT.retry}
        </Button>
      </ErrorBlock>
    );
  }
  if (list.works.length === 0) {
    return (
      <ErrorBlock
        status="empty"
        title={emptyText}
        description={MEMBER_TEXT.emptyHint}
        className={styles.state}
        data-testid={`${name}-empty`}
      >
        <Link to={PATHS.home} className={styles.browseLink}>
          {MEMBER_TEXT.browse}
        </Link>
      </ErrorBlock>
    );
  }
  return (
    // data-member-list: 隐藏已看过 hides watched cards everywhere but here (decision 045).
    <section data-testid={`${name}-list`} data-member-list="">
      {!uncounted && <div className={styles.total}>{MEMBER_TEXT.total(list.total)}</div>}
      <WorkGrid>
        {list.works.map((work) => (
          <WorkCard key={work.id} work={work} />
        ))}
      </WorkGrid>
      <ListFooterLine list={list} />
    </section>
  );
}

/** The line under a list; it loads the next page as it nears the screen (docs/product.md §2). */
function ListFooterLine({ list }: { list: MemberListState }) {
  const footer = listFooter(list);
  const ref = useLoadNearEnd<HTMLDivElement>(footer === 'loadMore', list.works.length, list.loadMore);
  if (footer === 'none') return null;
  return (
    <div className={styles.footer} ref={ref}>
      {footer === 'noMore' ? (
        <span className={styles.noMore} data-testid="no-more">
          {UI_TEXT.noMore}
        </span>
      ) : footer === 'retry' ? (
        <Button size="small" onClick={list.loadMore} data-testid="load-more-retry">
          {UI_TEXT.retry}
        </Button>
      ) : (
        <Button size="small" loading={footer === 'loading'} onClick={list.loadMore} data-testid="load-more">
          {footer === 'loading' ? UI_TEXT.loadingMore : UI_TEXT.loadMore}
        </Button>
      )}
    </div>
  );
}
