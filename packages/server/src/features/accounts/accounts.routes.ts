import {
  API,
  authTokensResponse,
  captchaResponse,
  loginBody,
  logoutBody,
  okEnvelope,
  OK_MSG,
  REFRESH_TOKEN_HEADER,
  registerBody,
  registerResponse,
  userInfoResponse,
} from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Authenticator } from '../../http/auth';
import { ok, errorResponses } from '../../http/envelope';
import { floodLimit } from '../../http/flood-limits';
import type { AccountsService } from './accounts.service';

export interface AccountsRouteDeps {
  accounts: AccountsService;
  auth: Authenticator;
  config: Pick<AppConfig, 'floodLimits'>;
}

const errors = errorResponses(400, 401, 403, 429, 500);
const refreshHeaders = z.looseObject({ [REFRESH_TOKEN_HEADER]: z.string().optional() });
/** How often stale login counters and expired captchas are swept. */

/**
 * Captcha, register, login, token refresh, logout and getInfo (docs/product.md §7). Thin: validate, call,
 * wrap.
 */
export async function accountsRoutes(
  app: FastifyInstance,
  { accounts: service, auth, config }: AccountsRouteDeps,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API.captcha,
    {
      ...floodLimit('captcha', config.floodLimits),
      schema: {
        summary: 'A single-use image captcha (2 minutes)',
        response: { 200: captchaResponse, ...errors },
      },
    },
    async (request) => ({ code: 200, msg: OK_MSG.operation, ...(await service.issueCaptcha(request.ip)) }),
  );

  r.post(
    API.register,
    {
      ...floodLimit('register', config.floodLimits),
      schema: {
        summary: 'Create an account',
        body: registerBody,
        response: { 200: registerResponse, ...errors },
      },
    },
    async (request) => ok(await service.register(request.body)),
  );

  r.post(
    API.login,
    {
      ...floodLimit('login', config.floodLimits),
      schema: {
        summary: 'Log in: an access and a refresh token',
        body: loginBody,
        response: { 200: authTokensResponse, ...errors },
      },
    },
    async (request) =>
      ok(
        await service.login(request.body, {
          ip: request.ip,
          userAgent: (request.headers['user-agent'] ?? '').slice(0, 512),
        }),
      ),
  );

  r.get(
    API.token,
    {
      schema: {
        summary: 'Rotate the refresh token (header Refresh-Token); a replayed one ends its login',
        headers: refreshHeaders,
        response: { 200: authTokensResponse, ...errors },
      },
    },
    async (request) => ok(await service.refresh(request.headers[REFRESH_TOKEN_HEADER])),
  );

  r.post(
    API.logout,
    {
      schema: {
        summary: "End the caller's login",
        body: logoutBody.optional(),
        response: { 200: okEnvelope, ...errors },
      },
    },
    async (request) => {
      await service.logout(await auth.required(request));
      return { code: 200, msg: OK_MSG.operation };
    },
  );

  r.get(
    API.userInfo,
    {
      schema: {
        summary: "The caller's user, level, roles and permissions",
        response: { 200: userInfoResponse, ...errors },
      },
    },
    async (request) => ({
      code: 200,
      msg: OK_MSG.query,
      ...(await service.userInfo(await auth.required(request))),
    }),
  );
}
