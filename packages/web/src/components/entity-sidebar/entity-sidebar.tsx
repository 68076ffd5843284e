import { SideBar, Skeleton } from 'antd-mobile';
import { Button } from '../button/button';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { UI_TEXT } from '../../app/texts';
import type { SidebarEntry } from './sidebar-source';
import styles from './entity-sidebar.module.css';
import { pageOfText, SIDEBAR_TEXT } from './texts';

export interface EntitySidebarProps {
  /** Accessible name of the sidebar, e.g. 导演. */
  label: string;
  entries: readonly SidebarEntry[];
  /** The highlighted entry; none when it is not on this page. */
  activeId: string | undefined;
  onSelect: (id: string) => void;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** First load: skeleton lines. */
  pending: boolean;
  /** A page is loading while the previous one stays on screen. */
  fetching: boolean;
  /** The page failed to load: a retry instead of the entries. */
  failed: boolean;
  onRetry: () => void;
  /** Formats an entry's count, e.g. 36部. */
  countText: (count: number) => string;
}

/**
 * A left column of entities with their counts (docs/product.md §2): antd-mobile's SideBar with the
 * selected entry highlighted, and a pager under it showing the page out of the page count.
 */
export function EntitySidebar(props: EntitySidebarProps) {
  const { entries, activeId, page, pageCount } = props;
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    listRef.current?.scrollTo({ top: 0 });
  }, [page]);
  // SideBar items answer clicks only; Enter and Space select a focused entry too.
  const onKeyDown = (event: KeyboardEvent) => {
    const id = (event.target as HTMLElement).dataset.entityId;
    if (id && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      props.onSelect(id);
    }
  };

  return (
    <nav className={styles.sidebar} aria-label={props.label} aria-busy={props.fetching}>
      <div
        ref={listRef}
        className={styles.list}
        data-fetching={props.fetching || undefined}
        onKeyDown={onKeyDown}
      >
        {props.pending ? (
          <Skeleton.Paragraph className={styles.skeleton} lineCount={8} animated />
        ) : props.failed ? (
          <div className={styles.state}>
            <Button size="mini" onClick={props.onRetry}>
              {UI_TEXT.retry}
            </Button>
          </div>
        ) : entries.length === 0 ? (
          <div className={styles.state}>{SIDEBAR_TEXT.empty}</div>
        ) : (
          <SideBar activeKey={activeId ?? null} onChange={props.onSelect} className={styles.sideBar}>
            {entries.map((entry) => (
              <SideBar.Item
                key={entry.id}
                data-entity-id={entry.id}
                tabIndex={0}
                aria-current={entry.id === activeId ? 'page' : undefined}
                title={
                  <span className={styles.entry}>
                    <span className={styles.name}>{entry.name}</span>
                    <span className={styles.count}>{props.countText(entry.count)}</span>
                  </span>
                }
              />
            ))}
          </SideBar>
        )}
      </div>
      {pageCount > 1 && (
        <div className={styles.pager}>
          <Button
            size="mini"
            fill="none"
            aria-label={SIDEBAR_TEXT.previousPage}
            disabled={page <= 1}
            onClick={() => props.onPage(page - 1)}
          >
            <ChevronLeftIcon />
          </Button>
          <span className={styles.pageOf} data-testid="sidebar-page">
            {pageOfText(page, pageCount)}
          </span>
          <Button
            size="mini"
            fill="none"
            aria-label={SIDEBAR_TEXT.nextPage}
            disabled={page >= pageCount}
            onClick={() => props.onPage(page + 1)}
          >
            <ChevronRightIcon />
          </Button>
        </div>
      )}
    </nav>
  );
}
