import { MSG, type MyRating as Mine, REVIEW_LIMITS, reviewLength } from '@yingku/contract';
import { useQueryClient } from '@tanstack/react-query';
import { StarIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCall } from '../../../api/use-call';
import { PATHS } from '../../../app/paths';
import { Button } from '../../../components/button/button';
import { confirmDialog, showToast } from '../../../components/feedback/lazy-feedback';
import { reviewsApi, showRatingWrite } from './reviews-api';
import { REVIEW_TEXT } from './reviews-texts';
import styles from './reviews.module.css';

/** The login prompt a visitor sees on trying to rate, mark or report (docs/product.md §6's text). */
export function useLoginPrompt() {
  const navigate = useNavigate();
  return () =>
    void confirmDialog({
      title: MSG.loginDialogTitle,
      content: MSG.loginRequired,
      confirmText: MSG.loginDialogConfirm,
      cancelText: REVIEW_TEXT.cancel,
      onConfirm: () => navigate(PATHS.login),
    });
}

/**
 * The caller's own rating: 1–5 stars and an optional review (plain text, 0/500), to write,
 * change or delete. A visitor gets a button that asks them to log in; a review staff hid is
 * shown as such, with nothing to change.
 */
export function MyRating({
  workId,
  loggedIn,
  mine,
}: {
  workId: string;
  loggedIn: boolean;
  mine: Mine | null;
}) {
  const promptLogin = useLoginPrompt();
  if (!loggedIn) {
    return (
      <div className={styles.mine}>
        <h2 className={styles.heading}>{REVIEW_TEXT.myHeading}</h2>
        <p className={styles.weak}>{REVIEW_TEXT.visitorPrompt}</p>
        <Button color="primary" fill="outline" className={styles.tap} onClick={promptLogin}>
          {REVIEW_TEXT.writeReview}
        </Button>
      </div>
    );
  }
  if (mine?.hidden) {
    return (
      <div className={styles.mine}>
        <h2 className={styles.heading}>{REVIEW_TEXT.myHeading}</h2>
        <p className={styles.notice}>{REVIEW_TEXT.hiddenByStaff}</p>
      </div>
    );
  }
  // Keyed by what is stored, so the form starts from it again after each write.
  return <RatingForm key={`${mine?.reviewId}:${mine?.stars}:${mine?.review}`} workId={workId} mine={mine} />;
}

function RatingForm({ workId, mine }: { workId: string; mine: Mine | null }) {
  const queryClient = useQueryClient();
  const [stars, setStars] = useState(mine?.stars ?? 0);
  const [text, setText] = useState(mine?.review ?? '');
  const textId = useId();
  const length = reviewLength(text.trim());
  const tooLong = length > REVIEW_LIMITS.reviewMax;

  const save = useCall({
    call: () => reviewsApi.rate(workId, { stars, review: text.trim() || null }),
    onSuccess: (answer) => {
      showToast({ icon: 'success', content: REVIEW_TEXT.saved });
      void showRatingWrite(queryClient, workId, answer.data);
    },
  });
  const remove = useCall({
    call: () => reviewsApi.unrate(workId),
    onSuccess: (answer) => {
      showToast({ icon: 'success', content: REVIEW_TEXT.removed });
      void showRatingWrite(queryClient, workId, answer.data);
    },
  });

  const submit = () => {
    if (stars < REVIEW_LIMITS.starsMin) return showToast(REVIEW_TEXT.pickStars);
    void save.run();
  };
  const confirmRemove = async () => {
    if (await confirmDialog({ content: REVIEW_TEXT.removeConfirm, cancelText: REVIEW_TEXT.cancel }))
      void remove.run();
  };

  return (
    <form
      className={styles.mine}
      data-testid="my-rating"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 className={styles.heading}>{REVIEW_TEXT.myHeading}</h2>
      <div role="group" aria-label={REVIEW_TEXT.rateLabel} className={styles.picker}>
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            className={n <= stars ? `${styles.pick} ${styles.picked}` : styles.pick}
            aria-label={REVIEW_TEXT.starLabel(n)}
            aria-pressed={n === stars}
            onClick={() => setStars(n)}
          >
            <StarIcon aria-hidden="true" />
          </button>
        ))}
      </div>
      <label htmlFor={textId} className={styles.label}>
        {REVIEW_TEXT.reviewLabel}
      </label>
      <textarea
        id={textId}
        className={styles.textarea}
        value={text}
        rows={4}
        placeholder={REVIEW_TEXT.reviewPlaceholder}
        aria-invalid={tooLong}
        onChange={(event) => setText(event.target.value)}
      />
      <div className={tooLong ? `${styles.counter} ${styles.over}` : styles.counter} aria-live="polite">
        {REVIEW_TEXT.counter(length)}
      </div>
      <div className={styles.formActions}>
        <Button
          type="submit"
          color="primary"
          className={styles.tap}
          loading={save.pending}
          disabled={tooLong}
        >
          {mine ? REVIEW_TEXT.update : REVIEW_TEXT.submit}
        </Button>
        {mine && (
          <Button
            fill="outline"
            className={styles.tap}
            loading={remove.pending}
            onClick={() => void confirmRemove()}
          >
            {REVIEW_TEXT.remove}
          </Button>
        )}
      </div>
    </form>
  );
}
