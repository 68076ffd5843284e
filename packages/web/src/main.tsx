import { DISCREET_ATTRIBUTE, RUNTIME_CONFIG_PATH } from '@yingku/contract';
import { createBrowserRouter } from 'react-router';
import { createQueryClient } from './api/query-client';
import { runtimeConfig } from './api/runtime-config';
import { installAntdMobileReact19Render } from './app/antd-mobile-react19';
import { mountApp } from './app/mount-app';
import { connectRouterNavigation } from './app/navigation';
import { createRoutes } from './app/routes';
import { reloadWhenSiteAnswers } from './app/offline-start';
import { registerServiceWorker } from './app/service-worker';
import { reloadForStaleBuild, siteAnswers } from './app/stale-build';
import { hasStoredSession } from './session/auth-storage';
import { storedScript } from './session/chinese-script';
import { forgetCurrentUser, onSessionEnded } from './session/session-end';
import 'antd-mobile/es/global';
import './styles/global.css';

try {
  runtimeConfig();
} catch (error) {
  // The service worker started its stored shell with the site out of reach: the config is never
  // stored (it signs requests), so calls fail with the network text until the site answers.
  reloadWhenSiteAnswers({
    siteAnswers: () => siteAnswers(RUNTIME_CONFIG_PATH),
    reload: () => window.location.reload(),
    onOnline: (listener) => {
      window.addEventListener('online', listener);
      return () => window.removeEventListener('online', listener);
    },
    every: (ms, listener) => {
      const timer = window.setInterval(listener, ms);
      return () => window.clearInterval(timer);
    },
    reportMisconfigured: () => console.error(error),
  });
}
let router: ReturnType<typeof createBrowserRouter> | undefined;
// A screen's code that will not load is most often a newer release's doing: load the page anew.
window.addEventListener('vite:preloadError', () => {
  void reloadForStaleBuild({
    pendingLocation: () => router?.state.navigation.location,
    online: () => navigator.onLine,
    reachable: () => siteAnswers(window.location.href),
    storage: sessionStorage,
    load: (url) => window.location.assign(url),
  });
});

/** Ends the current task: the browser may paint and handle a tap before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app in steps, each a task of its own after the modules' evaluation: the routes, the
 * router with its first match, then the first render. On a slow phone one long task would hold a
 * tap on the painted first screen for as long as all of them take (decision 034).
 */
async function start(container: HTMLElement): Promise<void> {
  await nextTask();
  installAntdMobileReact19Render();
  const queryClient = createQueryClient();
  // A refused token refresh ends the login wherever it happens: forget the user's data.
  onSessionEnded(() => forgetCurrentUser(queryClient));
  const routes = createRoutes(queryClient);
  await nextTask();
  const appRouter = createBrowserRouter(routes);
  router = appRouter;
  // The API client's 403 dialog leads to /login through the router, not a page load.
  connectRouterNavigation(appRouter);
  await nextTask();
  await mountApp(container, { queryClient, routes, router: appRouter });
  // 隐私模式's taps, 繁體中文 and a member's controls, after the first render, on a device with any.
  if (
    document.documentElement.hasAttribute(DISCREET_ATTRIBUTE) ||
    storedScript() === 'hant' ||
    hasStoredSession()
  )
    void import('./app/after-start').then((m) => m.afterStart(queryClient));
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void start(container);

registerServiceWorker();
