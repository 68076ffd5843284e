import { API, authTokensResponse, REFRESH_TOKEN_HEADER } from '@yingku/contract';
import type { ApiClient } from './request';

/**
 * GET /v2/user/token with the refresh token in its header: new tokens, or a rejection. Takes the
 * client so the refresh itself can run on a client without the 401 rule (no refresh loops).
 */
export function requestNewTokens(client: ApiClient, refreshToken: string) {
  return client.get(
    API.token,
    {},
    {
      schema: authTokensResponse,
      auth: false,
      silent: true,
      headers: { [REFRESH_TOKEN_HEADER]: refreshToken },
    },
  );
}
