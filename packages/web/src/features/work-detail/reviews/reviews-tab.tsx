import type { WorkDetail } from '@yingku/contract';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd-mobile';
import { useCurrentUser } from '../../../session/current-user';
import { MyRating } from './my-rating';
import { RatingSummaryView } from './rating-summary';
import { ReviewList } from './review-list';
import { reviewKeys, reviewsApi } from './reviews-api';
import styles from './reviews.module.css';

/**
 * The detail's 评论 tab (decision 044), loaded when it is first opened: the rating summary with
 * members' stars, the caller's own rating and review (or, for a visitor, the way to log in), and
 * the reviews, newest or most helpful first.
 */
export function ReviewsTab({ work }: { work: WorkDetail }) {
  const user = useCurrentUser();
  const loggedIn = Boolean(user.data);
  const summary = useQuery({
    // Per caller: the answer carries their own rating.
    queryKey: [...reviewKeys.summary(work.id), user.data?.user.userId ?? null],
    queryFn: ({ signal }) => reviewsApi.summary(work.id, signal),
    enabled: !user.isPending,
    staleTime: 0,
  });

  return (
    <section className={styles.tab} data-testid="reviews">
      {summary.data ? (
        <>
          <RatingSummaryView summary={summary.data.data} />
          <MyRating workId={work.id} loggedIn={loggedIn} mine={summary.data.data.mine} />
        </>
      ) : (
        <Skeleton.Paragraph lineCount={4} animated />
      )}
      <ReviewList workId={work.id} loggedIn={loggedIn} />
    </section>
  );
}
