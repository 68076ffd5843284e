import {
  API,
  type LoginBody,
  type RegisterBody,
  loginResponse,
  registerResponse,
  userInfoResponse,
} from '@yingku/contract';
import { api } from './client';

/**
 * The account calls of docs/product.md §7 (the captcha's: captcha.ts). Login and register go without a token.
 */
export const accountApi = {
  login: (form: LoginBody) => api.post(API.login, { ...form }, { schema: loginResponse, auth: false }),
  register: (form: RegisterBody) =>
    api.post(API.register, { ...form }, { schema: registerResponse, auth: false }),
  /** `silent`: the caller handles a failure (the login page's already-logged-in check). */
  userInfo: (signal?: AbortSignal, silent = false) =>
    api.get(API.userInfo, {}, { schema: userInfoResponse, signal, silent }),
  logout: () => api.post(API.logout, {}, { silent: true }),
};
