import type { RatingSummary } from '@yingku/contract';
import { Stars } from '../stars';
import { REVIEW_TEXT } from './reviews-texts';
import styles from './reviews.module.css';

/** The combined average and count, and members' stars 5 to 1 as bars. */
export function RatingSummaryView({ summary }: { summary: RatingSummary }) {
  const most = Math.max(1, ...summary.stars);
  const rated = summary.average > 0;
  return (
    <div className={styles.summary}>
      <h2 className={styles.heading}>{REVIEW_TEXT.summaryHeading}</h2>
      <div className={styles.score}>
        <strong className={styles.average} data-testid="rating-average">
          {rated ? REVIEW_TEXT.averageText(summary.average) : REVIEW_TEXT.noRating}
        </strong>
        {rated && <Stars value={Math.round(summary.average * 2) / 2} className={styles.bigStars} />}
        <span className={styles.weak} data-testid="rating-evaluates">
          {REVIEW_TEXT.evaluatesText(summary.evaluates)}
        </span>
      </div>
      <ul className={styles.bars} aria-label={REVIEW_TEXT.distributionLabel}>
        {[5, 4, 3, 2, 1].map((stars) => {
          const count = summary.stars[stars - 1] ?? 0;
          return (
            <li key={stars} className={styles.bar}>
              <span className="visually-hidden">{REVIEW_TEXT.starCount(stars, count)}</span>
              <span aria-hidden="true" className={styles.barLabel}>
                {REVIEW_TEXT.starLabel(stars)}
              </span>
              <span aria-hidden="true" className={styles.barTrack}>
                <span className={styles.barFill} style={{ width: `${(count / most) * 100}%` }} />
              </span>
              <span aria-hidden="true" className={styles.barCount}>
                {count}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
