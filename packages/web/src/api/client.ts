import { API_BASE } from '@yingku/contract';
import { Toast } from 'antd-mobile';
import type { ApiError } from './api-error';
import { createApiClient } from './request';
import { runtimeConfig } from './runtime-config';
import { getMagnetFilter } from '../session/magnet-filter';

/**
 * Shows a failed call (SPEC §8). The token refresh on 401 and the login dialog on 403 join
 * here when accounts arrive; until then every failure is an error toast.
 */
function showError(error: ApiError): void {
  Toast.show({ icon: 'fail', content: error.message });
}

/** The app's one API client: base `/prod-api`, signed with the runtime config. */
export const api = createApiClient({
  baseUrl: API_BASE,
  credentials: () => runtimeConfig(),
  onError: showError,
  // SPEC §7: with the session magnet filter on, GETs add isDht=1 and POST/PUT bodies isDht.
  sessionParams: (): Record<string, number> => (getMagnetFilter() === 1 ? { isDht: 1 } : {}),
});
