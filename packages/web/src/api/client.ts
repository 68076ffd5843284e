import { API_BASE } from '@yingku/contract';
import { Dialog, Toast } from 'antd-mobile';
import { createErrorPresenter } from './error-presenter';
import { createApiClient } from './request';
import { runtimeConfig } from './runtime-config';
import { navigateTo } from '../app/navigation';
import { PATHS } from '../app/paths';
import { clearAuthTokens, getAccessToken } from '../session/auth-storage';
import { getMagnetFilter } from '../session/magnet-filter';

/** SPEC §8 on screen: toasts, and the login dialog of a 403 that leads to /login through the router. */
const showError = createErrorPresenter({
  toast: (content) => Toast.show({ icon: 'fail', content }),
  confirm: ({ title, content, confirmText }) => Dialog.confirm({ title, content, confirmText }),
  clearTokens: clearAuthTokens,
  goToLogin: () => navigateTo(PATHS.login),
});

/**
 * The app's one API client: base `/prod-api`, signed with the runtime config, the stored bearer
 * token, the session magnet filter. The token refresh on 401 (`refreshSession`) joins with the
 * accounts screens; until then a 401 clears the tokens.
 */
export const api = createApiClient({
  baseUrl: API_BASE,
  credentials: () => runtimeConfig(),
  onError: showError,
  accessToken: getAccessToken,
  // SPEC §7: with the session magnet filter on, GETs add isDht=1 and POST/PUT bodies isDht.
  sessionParams: (): Record<string, number> => (getMagnetFilter() === 1 ? { isDht: 1 } : {}),
});
