import { REVIEW_LIMITS, type StaffReview } from '@yingku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { Button } from '../../../components/button/button';
import { useState } from 'react';
import { adminApi } from '../../../api/admin';
import { shownTime } from '../admin-model';
import { adminKeys } from '../admin-keys';
import { useStaffReviews } from '../admin-queries';
import { Pager, Panel, QueryState, StatusTag, Table } from '../console-parts';
import { ADMIN_TEXT } from '../texts';
import styles from '../admin.module.css';

/**
 * 评论: members' reviews, those with reports no one has acted on first, then the newest. 隐藏
 * takes a review off the detail page and its stars out of the work's rating; 恢复 brings both
 * back. Either settles its open reports (decision 044).
 */
export function ReviewsSection() {
  const [page, setPage] = useState(1);
  const reviews = useStaffReviews({ pageNum: page });

  return (
    <Panel title={ADMIN_TEXT.reviewsHeading} testId="reviews">
      <QueryState status={reviews.status} data={reviews.data} onRetry={reviews.refetch}>
        {(data) => (
          <>
            <Table testId="reviews-table">
              <thead>
                <tr>
                  <th>{ADMIN_TEXT.colStatus}</th>
                  <th>{ADMIN_TEXT.colReports}</th>
                  <th>{ADMIN_TEXT.colReview}</th>
                  <th>{ADMIN_TEXT.colStars}</th>
                  <th>{ADMIN_TEXT.colWork}</th>
                  <th>{ADMIN_TEXT.colAuthor}</th>
                  <th>{ADMIN_TEXT.colHelpful}</th>
                  <th>{ADMIN_TEXT.colReviewed}</th>
                  <th>{ADMIN_TEXT.colActions}</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <ReviewRow key={row.reviewId} row={row} />
                ))}
              </tbody>
            </Table>
            <Pager page={page} total={data.total} pageSize={REVIEW_LIMITS.staffPageSize} onChange={setPage} />
          </>
        )}
      </QueryState>
    </Panel>
  );
}

function ReviewRow({ row }: { row: StaffReview }) {
  const queryClient = useQueryClient();
  // A refusal is shown by the client.
  const toggle = useMutation({
    mutationFn: () => adminApi.setReviewHidden(row.reviewId, !row.hidden),
    onSuccess: async ({ data }) => {
      Toast.show({
        icon: 'success',
        content: data.hidden ? ADMIN_TEXT.reviewHiddenDone : ADMIN_TEXT.reviewRestoredDone,
      });
      await queryClient.invalidateQueries({ queryKey: adminKeys.reviews });
    },
  });

  return (
    <tr data-review={row.reviewId} data-hidden={row.hidden}>
      <td>
        <StatusTag
          view={
            row.hidden
              ? { label: ADMIN_TEXT.reviewHidden, color: 'default' }
              : { label: ADMIN_TEXT.reviewShown, color: 'success' }
          }
        />
      </td>
      <td>{row.openReports > 0 ? <strong>{row.openReports}</strong> : 0}</td>
      <td className={styles.wrap}>{row.review}</td>
      <td>{ADMIN_TEXT.starsText(row.stars)}</td>
      <td className={styles.wrap}>
        <span className={styles.mono}>{row.workNumber}</span>
        <div className={styles.weak}>{row.workTitle}</div>
      </td>
      <td>
        {row.userName}
        <div className={`${styles.weak} ${styles.mono}`}>{row.userId}</div>
      </td>
      <td>{row.helpful}</td>
      <td>{shownTime(row.reviewTime)}</td>
      <td>
        <Button
          size="mini"
          color={row.hidden ? 'primary' : 'danger'}
          fill="outline"
          loading={toggle.isPending}
          onClick={() => toggle.mutate()}
        >
          {row.hidden ? ADMIN_TEXT.restoreReview : ADMIN_TEXT.hideReview}
        </Button>
      </td>
    </tr>
  );
}
