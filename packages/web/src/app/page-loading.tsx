import { Skeleton } from 'antd-mobile';
import { useNavigation } from 'react-router';
import styles from './page-loading.module.css';
import { type RouteHandle, useRouteHandle } from './route-handle';
import { UI_TEXT } from './texts';
import { WorkCardSkeleton } from '../components/work-card/work-card';
import { WorkGrid } from '../components/work-grid/work-grid';

/** Cards in a list's skeleton: two screens' worth on a phone. */
const SKELETON_CARDS = 8;

function SkeletonBody({ kind }: { kind: NonNullable<RouteHandle['skeleton']> }) {
  if (kind === 'detail') {
    return (
      <div className={styles.detail}>
        <Skeleton className={styles.cover} animated />
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  }
  if (kind === 'form') {
    return (
      <div className={styles.form}>
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  }
  return (
    <WorkGrid className={styles.grid}>
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <WorkCardSkeleton key={i} />
      ))}
    </WorkGrid>
  );
}

/**
 * Where a screen will be while its code loads, shown at once: the screen's title in a header and
 * grey shapes of what is coming (a list's cards, a work's cover and lines, a form), by the route's
 * `skeleton` (a list unless it says otherwise). The frame around it (tab bar) is already there.
 */
export function PageLoading() {
  const handle = useRouteHandle();
  return (
    <div className={styles.page} role="status" aria-label={UI_TEXT.loadingPage} data-testid="page-loading">
      {handle?.title && <div className={styles.head}>{handle.title}</div>}
      <div className={styles.body} aria-hidden="true">
        {/* A route without a handle (the console) is no visitor's list: plain lines. */}
        <SkeletonBody kind={handle?.skeleton ?? (handle ? 'list' : 'form')} />
      </div>
    </div>
  );
}

/**
 * A bar along the top while the router works on the next screen (a route's loader): the current
 * screen stays until the next one can render, so this is the sign that the tap was taken.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className={styles.progress} role="progressbar" aria-label={UI_TEXT.loadingPage} />;
}
