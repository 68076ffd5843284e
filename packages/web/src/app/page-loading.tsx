import { DotLoading } from 'antd-mobile';
import { useNavigation } from 'react-router';
import styles from './page-loading.module.css';
import { UI_TEXT } from './texts';

/**
 * Where a screen will be while its code loads: on a first visit straight to a screen that
 * loads on demand (the layout around it, tab bar included, is already there).
 */
export function PageLoading() {
  return (
    <div className={styles.page} role="status" aria-label={UI_TEXT.loadingPage} data-testid="page-loading">
      <DotLoading color="currentColor" />
    </div>
  );
}

/**
 * A bar along the top while the router fetches the next screen's code: the data router keeps
 * the current screen until the next one can render, so this is the sign that the tap was taken.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className={styles.progress} role="progressbar" aria-label={UI_TEXT.loadingPage} />;
}
