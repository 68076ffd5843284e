/** Where the hand-written service worker lives (public/sw.js); its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker of production builds (offline shell, cached assets). Not in
 * `vite dev`: there it would cache modules the dev server means to hot-replace.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL).catch((error: unknown) => {
      // The app works without it; only the offline start is lost.
      console.warn('Service worker not registered', error);
    });
  };
  // The app starts after the page's load event (decision 034): by then it has passed.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
