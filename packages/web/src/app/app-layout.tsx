import { Outlet, ScrollRestoration } from 'react-router';
import { AppTabBar } from './app-tab-bar';
import styles from './app-layout.module.css';
import { useDocumentTitle, useRouteHandle } from './route-handle';

/** Every screen's frame: the page, and the bottom tab bar unless the route hides it. */
export function AppLayout() {
  const handle = useRouteHandle();
  useDocumentTitle(handle?.title);
  const showTabBar = !handle?.hideTabBar;
  return (
    <>
      <main className={showTabBar ? styles.withTabBar : undefined}>
        <Outlet />
      </main>
      {showTabBar && (
        <nav className={styles.tabBar}>
          <AppTabBar />
        </nav>
      )}
      <ScrollRestoration />
    </>
  );
}
