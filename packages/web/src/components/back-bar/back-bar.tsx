import { ChevronLeftIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { UI_TEXT } from '../../app/texts';
import styles from './back-bar.module.css';

interface BackBarProps {
  /** The screen's title, centred. */
  children: ReactNode;
  onBack: () => void;
  className?: string;
  /** Beside the title on the right (an action). */
  right?: ReactNode;
}

/**
 * A screen's top bar: a back button on the left and the title. antd-mobile's NavBar draws its
 * back arrow as a `div role="button"` that cannot be focused and has no name; this one is a
 * real, named button with a 44×44 target (WCAG 2.2 AA), in the same look.
 */
export function BackBar({ children, onBack, className, right }: BackBarProps) {
  return (
    <div className={className ? `${styles.bar} ${className}` : styles.bar}>
      <div className={styles.side}>
        <button type="button" className={styles.back} onClick={onBack} aria-label={UI_TEXT.back}>
          <ChevronLeftIcon aria-hidden="true" />
        </button>
      </div>
      <div className={styles.title}>{children}</div>
      <div className={`${styles.side} ${styles.right}`}>{right}</div>
    </div>
  );
}
