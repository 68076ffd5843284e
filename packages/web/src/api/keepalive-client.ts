import { API_BASE } from '@yingku/contract';
import { createApiClient } from './request';
import { runtimeConfig } from './runtime-config';
import { getAccessToken } from '../session/auth-storage';

/**
 * A client for the last call of a page being left (the player's position on `pagehide`): its
 * requests are sent with `keepalive`, so the browser finishes them after the page is gone. Silent
 * and without the 401 refresh: there is no page left to show a failure or retry on.
 */
export const keepaliveApi = createApiClient({
  baseUrl: API_BASE,
  credentials: () => runtimeConfig(),
  onError: () => {},
  accessToken: getAccessToken,
  fetch: (input, init) => globalThis.fetch(input, { ...init, keepalive: true }),
});
