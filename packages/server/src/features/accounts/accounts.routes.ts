import {
  ACCOUNT_API,
  API,
  authTokensResponse,
  captchaResponse,
  DELETION_MSG,
  loginBody,
  loginResponse,
  loginSessionsResponse,
  logoutBody,
  okEnvelope,
  OK_MSG,
  passwordChangeBody,
  passwordChangeResponse,
  REFRESH_TOKEN_HEADER,
  registerBody,
  registerResponse,
  sessionEndBody,
  sessionEndParams,
  sessionsEndedResponse,
  TWO_FACTOR_MSG,
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
const errors404 = errorResponses(400, 401, 403, 404, 429, 500);
const refreshHeaders = z.looseObject({ [REFRESH_TOKEN_HEADER]: z.string().optional() });
/** How often stale login counters and expired captchas are swept. */

/**
 * Captcha, register, login, token refresh, logout and getInfo (docs/product.md §7), and a member's
 * 账号与安全: changing the password, their logins and ending them. Thin: validate, call, wrap.
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
        summary:
          'Log in: an access and a refresh token (and whether it undid a pending deletion), or, with 两步验证 on, the ticket of the second step',
        body: loginBody,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (request) => {
      const answer = await service.login(request.body, {
        ip: request.ip,
        userAgent: (request.headers['user-agent'] ?? '').slice(0, 512),
      });
      if ('secondFactorRequired' in answer) return ok(answer, TWO_FACTOR_MSG.codeNeeded);
      return ok(answer, answer.deletionCancelled ? DELETION_MSG.cancelled : OK_MSG.operation);
    },
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

  r.post(
    ACCOUNT_API.password,
    {
      ...floodLimit('password', config.floodLimits),
      schema: {
        summary: 'Change the password (the current one first); every other login ends',
        body: passwordChangeBody,
        response: { 200: passwordChangeResponse, ...errors },
      },
    },
    async (request) => ok(await service.changePassword(await auth.required(request), request.body)),
  );

  r.get(
    ACCOUNT_API.sessions,
    {
      schema: {
        summary: "The caller's live logins, newest first, the caller's own marked",
        response: { 200: loginSessionsResponse, ...errors },
      },
    },
    async (request) => ok(await service.loginSessions(await auth.required(request)), OK_MSG.query),
  );

  r.post(
    ACCOUNT_API.sessionEnd,
    {
      schema: {
        summary: "End one of the caller's logins (their own too)",
        params: sessionEndParams,
        body: sessionEndBody.optional(),
        response: { 200: okEnvelope, ...errors404 },
      },
    },
    async (request) => {
      await service.endSession(await auth.required(request), request.params.sessionId);
      return { code: 200, msg: OK_MSG.operation };
    },
  );

  r.post(
    ACCOUNT_API.sessionsEndAll,
    {
      schema: {
        summary: 'End every login of the caller, this one included',
        body: sessionEndBody.optional(),
        response: { 200: sessionsEndedResponse, ...errors },
      },
    },
    async (request) => ok(await service.endAllSessions(await auth.required(request))),
  );
}
