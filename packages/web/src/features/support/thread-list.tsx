import type { MessageThread } from '@yingku/contract';
import { Skeleton, Tag } from 'antd-mobile';
import { Button } from '../../components/button/button';
import { shortTime, statusTag } from './support-model';
import { useThreads } from './support-queries';
import { SUPPORT_TEXT } from './texts';
import styles from './support-page.module.css';
import { ErrorBlock } from '../../components/error-block/error-block';

/** The caller's threads (docs/product.md §2): first question, time and status tag; 加载更多 for older ones. */
export function ThreadList(props: { selectedId?: string; onOpen: (thread: MessageThread) => void }) {
  const threads = useThreads();
  if (threads.isPending) {
    return (
      <div data-state="loading">
        <Skeleton animated className={styles.skeleton} />
        <Skeleton animated className={styles.skeleton} />
      </div>
    );
  }
  if (threads.isError) {
    return (
      <ErrorBlock status="default" title={SUPPORT_TEXT.listFailed} description="" data-state="error">
        <Button onClick={() => void threads.refetch()}>{SUPPORT_TEXT.retry}</Button>
      </ErrorBlock>
    );
  }
  const rows = threads.data.pages.flatMap((page) => page.rows);
  if (rows.length === 0) {
    return <ErrorBlock status="empty" title={SUPPORT_TEXT.listEmpty} description="" data-state="empty" />;
  }
  return (
    <>
      <ul className={styles.list} data-testid="thread-list">
        {rows.map((thread) => {
          const tag = statusTag(thread);
          return (
            <li key={thread.id}>
              <button
                type="button"
                className={styles.thread}
                data-selected={thread.id === props.selectedId || undefined}
                data-highlighted={tag.highlighted || undefined}
                onClick={() => props.onOpen(thread)}
              >
                <span className={styles.question}>{thread.message}</span>
                <span className={styles.meta}>
                  <time className={styles.time}>{shortTime(thread.updateTime)}</time>
                  <Tag
                    color={tag.color}
                    fill={tag.highlighted ? 'solid' : 'outline'}
                    data-testid="status-tag"
                  >
                    {tag.label}
                  </Tag>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {threads.hasNextPage && (
        <Button
          block
          fill="none"
          loading={threads.isFetchingNextPage}
          onClick={() => void threads.fetchNextPage()}
        >
          {SUPPORT_TEXT.loadMore}
        </Button>
      )}
    </>
  );
}
