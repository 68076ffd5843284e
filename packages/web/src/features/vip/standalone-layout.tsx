import { Outlet } from 'react-router';
import { NavigationProgress, PageLoading } from '../../app/page-loading';
import { useDocumentTitle, useRouteHandle } from '../../app/route-handle';

/**
 * The frame of /pay and /orders, which live outside the main layout (SPEC §2): no tab bar, only
 * the route's title on the document; the page brings its own nav bar. `pending`: the page's
 * code is still loading (a first visit straight to it).
 */
export function StandaloneLayout({ pending = false }: { pending?: boolean }) {
  useDocumentTitle(useRouteHandle()?.title);
  return (
    <main>
      <NavigationProgress />
      {pending ? <PageLoading /> : <Outlet />}
    </main>
  );
}
