import { Outlet } from 'react-router';
import { OfflineBanner } from '../../app/offline-banner';
import { NavigationProgress, PageLoading } from '../../app/page-loading';
import { AntdConfig } from '../../app/antd-config';
import { HiddenHeading } from '../../app/hidden-heading';
import { useDocumentTitle, useRouteHandle } from '../../app/route-handle';

/**
 * The frame of /pay and /orders, which live outside the main layout (docs/product.md §2): no tab bar, only
 * the route's title on the document and the offline banner; the page brings its own nav bar. `pending`: the page's
 * code is still loading (a first visit straight to it).
 */
export function StandaloneLayout({ pending = false }: { pending?: boolean }) {
  const handle = useRouteHandle();
  useDocumentTitle(handle?.title);
  return (
    <AntdConfig>
      <main>
        <HiddenHeading handle={handle} />
        <NavigationProgress />
        <OfflineBanner />
        {pending ? <PageLoading /> : <Outlet />}
      </main>
    </AntdConfig>
  );
}
