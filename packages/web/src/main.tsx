import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from './api/query-client';
import { runtimeConfig } from './api/runtime-config';
import { installAntdMobileReact19Render } from './app/antd-mobile-react19';
import { routes } from './app/routes';
import './styles/global.css';

// Fail at boot, not at the first call, when /app-config.js did not load.
runtimeConfig();
installAntdMobileReact19Render();

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
