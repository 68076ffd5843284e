import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { type createBrowserRouter, RouterProvider } from 'react-router';

type DataRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The app's whole tree, one definition for the browser and the server's prerender (decision
 * 033): hydrating needs the very same tree on both sides, down to where `useId` forks.
 */
export function AppRoot({ queryClient, router }: { queryClient: QueryClient; router: DataRouter }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
}

/** Resolves once `router` has run the first location's loaders: before that it renders its fallback. */
export function routerReady(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
