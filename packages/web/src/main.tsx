import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from './api/query-client';
import { runtimeConfig } from './api/runtime-config';
import { installAntdMobileReact19Render } from './app/antd-mobile-react19';
import { connectRouterNavigation } from './app/navigation';
import { routes } from './app/routes';
import { registerServiceWorker } from './app/service-worker';
import { forgetCurrentUser, onSessionEnded } from './session/current-user';
import './styles/global.css';

try {
  // Fail at boot, not at the first call, when /app-config.js did not load…
  runtimeConfig();
} catch (error) {
  if (navigator.onLine) throw error;
  // …unless the browser is offline and the service worker started the cached shell: the config
  // is never cached (it signs requests), so calls fail with the network text until it is back.
  window.addEventListener('online', () => window.location.reload(), { once: true });
}
installAntdMobileReact19Render();

const queryClient = createQueryClient();
// A refused token refresh ends the login wherever it happens: forget the user's data.
onSessionEnded(() => forgetCurrentUser(queryClient));
const router = createBrowserRouter(routes);
// The API client's 403 dialog leads to /login through the router, not a page load.
connectRouterNavigation(router);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

registerServiceWorker();
