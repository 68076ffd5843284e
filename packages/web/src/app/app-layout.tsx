import { Navigate, Outlet, ScrollRestoration, useMatches } from 'react-router';
import { AntdConfig } from './antd-config';
import { AppTabBar } from './app-tab-bar';
import { HiddenHeading } from './hidden-heading';
import styles from './app-layout.module.css';
import { loginRedirect } from './login-guard';
import { OfflineBanner } from './offline-banner';
import { NavigationProgress, PageLoading } from './page-loading';
import { currentHandle, useDocumentTitle } from './route-handle';
import { UI_TEXT } from './texts';
import { hasStoredSession } from '../session/auth-storage';

export interface AppLayoutProps {
  /**
   * The screen's code is still loading (a first visit straight to a screen loaded on demand):
   * the frame shows, with a loading sign where the screen will be. Its route's `handle` is
   * known already, so the title and the tab bar are right from the start.
   */
  pending?: boolean;
}

/**
 * Every screen's frame: the page, the bottom tab bar unless the route hides it, and a banner
 * while the browser is offline. A route
 * flagged `requiresLogin` sends a visitor with no stored user data to login first (docs/product.md §2).
 * `<ScrollRestoration/>` brings a list back to where it was on back/forward; lists come back
 * from the query cache at full length, so the position still exists (api/query-client.ts).
 */
export function AppLayout({ pending = false }: AppLayoutProps) {
  const matches = useMatches();
  const handle = currentHandle(matches);
  useDocumentTitle(handle?.title);
  const redirect = loginRedirect(matches, hasStoredSession());
  if (redirect) return <Navigate to={redirect} replace />;

  const showTabBar = !handle?.hideTabBar;
  return (
    <AntdConfig>
      <NavigationProgress />
      <OfflineBanner />
      <main className={showTabBar ? styles.withTabBar : undefined}>
        <HiddenHeading handle={handle} />
        {pending ? <PageLoading /> : <Outlet />}
      </main>
      {showTabBar && (
        <nav className={styles.tabBar} aria-label={UI_TEXT.tabBar}>
          <AppTabBar />
        </nav>
      )}
      {!pending && <ScrollRestoration />}
    </AntdConfig>
  );
}
