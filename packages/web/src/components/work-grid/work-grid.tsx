import type { ReactNode } from 'react';
import styles from './work-grid.module.css';

/** Lays works out 2, 3, 4, 6 or 8 to a row as the screen widens (docs/product.md §2). */
export function WorkGrid({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={className ? `${styles.grid} ${className}` : styles.grid}>{children}</div>;
}
