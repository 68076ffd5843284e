import { PRERENDERED_ATTRIBUTE } from '@yingku/contract';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { type createBrowserRouter, RouterProvider } from 'react-router';
import { CardMagnetPopup, type RenderCardMagnetPopup } from '../components/work-card/card-magnet-popup';
import { LazyMagnetPopup } from '../features/magnets/lazy-magnet-popup';

type DataRouter = ReturnType<typeof createBrowserRouter>;

/** The magnets feature's popup, for the work cards' badges. */
const renderMagnetPopup: RenderCardMagnetPopup = (props) => <LazyMagnetPopup {...props} />;

/**
 * The app's whole tree, one definition for the browser and the server's prerender (decision
 * 033): hydrating needs the very same tree on both sides, down to where `useId` forks.
 */
export function AppRoot({ queryClient, router }: { queryClient: QueryClient; router: DataRouter }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <CardMagnetPopup.Provider value={renderMagnetPopup}>
          <RouterProvider router={router} />
        </CardMagnetPopup.Provider>
        <TakenOver />
      </QueryClientProvider>
    </StrictMode>
  );
}

/**
 * Once the app's first render is on the screen (hydrated or rendered over the server's markup),
 * `#root` loses its prerendered flag: from then on every tap reaches the app. Renders nothing.
 */
function TakenOver() {
  useEffect(() => document.getElementById('root')?.removeAttribute(PRERENDERED_ATTRIBUTE), []);
  return null;
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
