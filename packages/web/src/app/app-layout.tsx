import { Navigate, Outlet, ScrollRestoration, useMatches } from 'react-router';
import { AppTabBar } from './app-tab-bar';
import styles from './app-layout.module.css';
import { loginRedirect } from './login-guard';
import { currentHandle, useDocumentTitle } from './route-handle';
import { UI_TEXT } from './texts';
import { hasStoredSession } from '../session/auth-storage';

/**
 * Every screen's frame: the page, and the bottom tab bar unless the route hides it. A route
 * flagged `requiresLogin` sends a visitor with no stored user data to login first (SPEC §2).
 * `<ScrollRestoration/>` brings a list back to where it was on back/forward; lists come back
 * from the query cache at full length, so the position still exists (api/query-client.ts).
 */
export function AppLayout() {
  const matches = useMatches();
  const handle = currentHandle(matches);
  useDocumentTitle(handle?.title);
  const redirect = loginRedirect(matches, hasStoredSession());
  if (redirect) return <Navigate to={redirect} replace />;

  const showTabBar = !handle?.hideTabBar;
  return (
    <>
      <main className={showTabBar ? styles.withTabBar : undefined}>
        <Outlet />
      </main>
      {showTabBar && (
        <nav className={styles.tabBar} aria-label={UI_TEXT.tabBar}>
          <AppTabBar />
        </nav>
      )}
      <ScrollRestoration />
    </>
  );
}
