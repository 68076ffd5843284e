import { API_BASE } from '@yingku/contract';
import { createErrorPresenter } from './error-presenter';
import { createApiClient } from './request';
import { runtimeConfig } from './runtime-config';
import { navigateTo } from '../app/navigation';
import { PATHS } from '../app/paths';
import { clearAuthTokens, getAccessToken, renewStoredTokens } from '../session/auth-storage';
import { announceSessionEnded } from '../session/session-end';
import { getMagnetFilter } from '../session/magnet-filter';

/** antd-mobile's Toast and Dialog, loaded on demand (see error-dialogs.ts). */
const loadErrorDialogs = () => import('./error-dialogs');

/** When even the dialogs cannot load (offline before they were ever stored), the console says why. */
const dialogsMissing = (error: unknown) => console.warn('Error dialogs not loaded', error);

/**
 * docs/product.md §8 on screen: toasts, and the login dialog of a 403 that leads to /login through the
 * router.
 */
const showError = createErrorPresenter({
  toast: (content) =>
    void loadErrorDialogs().then((dialogs) => dialogs.showErrorToast(content), dialogsMissing),
  confirm: (dialog) =>
    loadErrorDialogs().then(
      (dialogs) => dialogs.confirmLogin(dialog),
      (error: unknown) => {
        dialogsMissing(error);
        return false;
      },
    ),
  clearTokens: clearAuthTokens,
  goToLogin: () => navigateTo(PATHS.login),
});

/**
 * Shows a failure the way every non-silent call does: for a silent call whose caller handles
 * some codes itself (the player's 402) and leaves the rest to the catalogue of docs/product.md §8.
 */
export const showApiError = showError;

/**
 * The client GET /v2/user/token runs on: no 401 rule of its own, so a refresh never starts
 * another, and silent (a refused refresh ends the login quietly; the original call answers).
 */
const refreshClient = createApiClient({
  baseUrl: API_BASE,
  credentials: () => runtimeConfig(),
  onError: () => {},
});

/**
 * The app's one API client: base `/prod-api`, signed with the runtime config, the stored bearer
 * token, the session magnet filter, and docs/product.md §8's 401 rule: one shared refresh with the stored
 * refresh token; when it fails the tokens are cleared and the app forgets the user.
 */
export const api = createApiClient({
  baseUrl: API_BASE,
  credentials: () => runtimeConfig(),
  onError: showError,
  accessToken: getAccessToken,
  refreshSession: () =>
    renewStoredTokens({
      // The account calls (and the zod schemas they check answers with) load with the first
      // refresh: a first page that needs none leaves them out (decision 018).
      requestTokens: async (refreshToken) => {
        const { requestNewTokens } = await import('./token-refresh');
        return (await requestNewTokens(refreshClient, refreshToken)).data;
      },
      onEnded: announceSessionEnded,
    }),
  // docs/product.md §7: with the session magnet filter on, GETs add isDht=1 and POST/PUT bodies isDht.
  sessionParams: (): Record<string, number> => (getMagnetFilter() === 1 ? { isDht: 1 } : {}),
});
