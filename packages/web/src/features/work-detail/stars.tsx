import { StarIcon } from 'lucide-react';
import styles from './stars.module.css';

/**
 * A rating of 0–5 in half stars, drawn only and hidden from screen readers: the text beside it
 * says the rating. Five icons, a half one as the filled icon clipped to its left half (antd's
 * Rate brought drag handling and ten radios a rating nobody can change never needs; decision 028).
 */
export function Stars({ value, className }: { value: number; className?: string }) {
  return (
    <span className={`${styles.stars} ${className ?? ''}`} aria-hidden="true">
      {[1, 2, 3, 4, 5].map((star) => (
        <span key={star} className={value >= star ? `${styles.star} ${styles.full}` : styles.star}>
          <StarIcon />
          {value < star && value >= star - 0.5 && <StarIcon className={styles.half} />}
        </span>
      ))}
    </span>
  );
}
