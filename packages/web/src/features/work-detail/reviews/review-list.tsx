import { REVIEW_LIMITS, type Review, type ReviewOrder } from '@yingku/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCall } from '../../../api/use-call';
import { Button } from '../../../components/button/button';
import { confirmDialog, showToast } from '../../../components/feedback/lazy-feedback';
import { Stars } from '../stars';
import { useLoginPrompt } from './my-rating';
import { reviewKeys, reviewsApi } from './reviews-api';
import { REVIEW_TEXT } from './reviews-texts';
import styles from './reviews.module.css';

const ORDERS: Array<{ order: ReviewOrder; label: string }> = [
  { order: 'newest', label: REVIEW_TEXT.newest },
  { order: 'helpful', label: REVIEW_TEXT.helpfulFirst },
];

/** The work's reviews, newest or most helpful first, a page at a time (加载更多). */
export function ReviewList({ workId, loggedIn }: { workId: string; loggedIn: boolean }) {
  const [order, setOrder] = useState<ReviewOrder>('newest');
  const reviews = useInfiniteQuery({
    queryKey: [...reviewKeys.list(workId, order), loggedIn],
    queryFn: ({ pageParam, signal }) => reviewsApi.list(workId, order, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * REVIEW_LIMITS.pageSize < last.total && last.rows.length > 0
        ? pages.length + 1
        : undefined,
    staleTime: 0,
  });
  const rows = reviews.data?.pages.flatMap((page) => page.rows) ?? [];

  return (
    <div className={styles.list}>
      <div className={styles.listHead}>
        <h2 className={styles.heading}>{REVIEW_TEXT.listHeading}</h2>
        <div role="group" aria-label={REVIEW_TEXT.orderLabel} className={styles.orders}>
          {ORDERS.map((o) => (
            <button
              key={o.order}
              type="button"
              className={o.order === order ? `${styles.orderButton} ${styles.active}` : styles.orderButton}
              aria-pressed={o.order === order}
              onClick={() => setOrder(o.order)}
            >
              {o.label}
            </button>
          ))}
        </div>
      </div>
      {reviews.isError ? (
        <div className={styles.state}>
          <p>{REVIEW_TEXT.loadFailed}</p>
          <Button onClick={() => void reviews.refetch()}>{REVIEW_TEXT.retry}</Button>
        </div>
      ) : reviews.isPending ? (
        <p className={styles.state}>{REVIEW_TEXT.loadMore}…</p>
      ) : rows.length === 0 ? (
        <p className={styles.state} data-testid="reviews-empty">
          {REVIEW_TEXT.empty}
        </p>
      ) : (
        <>
          <ul className={styles.items} data-testid="review-list">
            {rows.map((review) => (
              <ReviewItem key={review.reviewId} review={review} workId={workId} loggedIn={loggedIn} />
            ))}
          </ul>
          {reviews.hasNextPage ? (
            <Button
              block
              className={styles.tap}
              loading={reviews.isFetchingNextPage}
              onClick={() => void reviews.fetchNextPage()}
            >
              {REVIEW_TEXT.loadMore}
            </Button>
          ) : (
            <p className={styles.state}>{REVIEW_TEXT.noMore}</p>
          )}
        </>
      )}
    </div>
  );
}

function ReviewItem({ review, workId, loggedIn }: { review: Review; workId: string; loggedIn: boolean }) {
  const queryClient = useQueryClient();
  const promptLogin = useLoginPrompt();
  const refresh = () => queryClient.invalidateQueries({ queryKey: reviewKeys.lists(workId) });
  const helpful = useCall({
    call: () => reviewsApi.helpful(review.reviewId),
    onSuccess: () => void refresh(),
  });
  const report = useCall({
    call: () => reviewsApi.report(review.reviewId),
    onSuccess: () => {
      showToast({ icon: 'success', content: REVIEW_TEXT.reportDone });
      void refresh();
    },
  });
  const confirmReport = async () => {
    if (!loggedIn) return promptLogin();
    if (await confirmDialog({ content: REVIEW_TEXT.reportConfirm, cancelText: REVIEW_TEXT.cancel }))
      void report.run();
  };

  return (
    <li className={styles.item} data-review={review.reviewId}>
      <div className={styles.itemHead}>
        <span className={styles.author}>{review.userName}</span>
        {review.mine && <span className={styles.mineTag}>{REVIEW_TEXT.mine}</span>}
        <Stars value={review.stars} />
        <span className="visually-hidden">{REVIEW_TEXT.starLabel(review.stars)}</span>
        <time className={styles.weak}>{review.reviewTime.slice(0, 16)}</time>
      </div>
      {/* Plain text: React escapes it, and line breaks stay as written. */}
      <p className={styles.text}>{review.review}</p>
      {!review.mine && (
        <div className={styles.itemActions}>
          <Button
            size="small"
            fill="none"
            className={review.markedHelpful ? `${styles.tap} ${styles.marked}` : styles.tap}
            aria-pressed={review.markedHelpful}
            loading={helpful.pending}
            onClick={() => (loggedIn ? void helpful.run() : promptLogin())}
          >
            {REVIEW_TEXT.helpful(review.helpful)}
          </Button>
          <Button
            size="small"
            fill="none"
            className={styles.tap}
            disabled={review.reported}
            loading={report.pending}
            onClick={() => void confirmReport()}
          >
            {review.reported ? REVIEW_TEXT.reported : REVIEW_TEXT.report}
          </Button>
        </div>
      )}
    </li>
  );
}
