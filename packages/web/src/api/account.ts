import {
  API,
  authTokensResponse,
  type LoginBody,
  REFRESH_TOKEN_HEADER,
  type RegisterBody,
  registerResponse,
  userInfoResponse,
} from '@yingku/contract';
import { api } from './client';
import type { ApiClient } from './request';

/** The account calls of SPEC §7 (the captcha's: captcha.ts). Login and register go without a token. */
export const accountApi = {
  login: (form: LoginBody) => api.post(API.login, { ...form }, { schema: authTokensResponse, auth: false }),
  register: (form: RegisterBody) =>
    api.post(API.register, { ...form }, { schema: registerResponse, auth: false }),
  /** `silent`: the caller handles a failure (the login page's already-logged-in check). */
  userInfo: (signal?: AbortSignal, silent = false) =>
    api.get(API.userInfo, {}, { schema: userInfoResponse, signal, silent }),
  logout: () => api.post(API.logout, {}, { silent: true }),
};

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
