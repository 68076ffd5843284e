import {
  ACCOUNT_API,
  DELETION_MSG,
  okEnvelope,
  OK_MSG,
  reauthBody,
  secondFactorLoginBody,
  secondFactorLoginResponse,
  TWO_FACTOR_MSG,
  twoFactorBackupCodesResponse,
  twoFactorCodeBody,
  twoFactorConfirmResponse,
  twoFactorDisableBody,
  twoFactorEnrolBody,
  twoFactorEnrolResponse,
  twoFactorStatusResponse,
} from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config';
import type { Authenticator } from '../../http/auth';
import { errorResponses, ok } from '../../http/envelope';
import { floodLimit } from '../../http/flood-limits';
import type { TwoFactorService } from './two-factor.service';

export interface TwoFactorRouteDeps {
  twoFactor: TwoFactorService;
  auth: Authenticator;
  config: Pick<AppConfig, 'floodLimits'>;
}

const errors = errorResponses(400, 401, 403, 429, 500);
const done = (msg: string) => ({ code: 200, msg });

/**
 * 两步验证 (decision 070): 账号与安全's status, set-up, confirmation, backup codes and turning it
 * off; the login's second step; re-confirming a login. Thin: validate, call, wrap.
 */
export async function twoFactorRoutes(
  app: FastifyInstance,
  { twoFactor: service, auth, config }: TwoFactorRouteDeps,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    ACCOUNT_API.twoFactor,
    {
      schema: {
        summary: "Whether the caller's 两步验证 is on, since when, and backup codes left",
        response: { 200: twoFactorStatusResponse, ...errors },
      },
    },
    async (request) => ok(await service.status(await auth.required(request)), OK_MSG.query),
  );

  r.post(
    ACCOUNT_API.twoFactorEnrol,
    {
      ...floodLimit('password', config.floodLimits),
      schema: {
        summary: 'Start setting up 两步验证 (with the password): a new secret and its otpauth URI, pending',
        body: twoFactorEnrolBody,
        response: { 200: twoFactorEnrolResponse, ...errors },
      },
    },
    async (request) => ok(await service.startEnrolment(await auth.required(request), request.body.password)),
  );

  r.post(
    ACCOUNT_API.twoFactorConfirm,
    {
      schema: {
        summary: 'Confirm the set-up with a code: on; the backup codes, shown once; every other login ends',
        body: twoFactorCodeBody,
        response: { 200: twoFactorConfirmResponse, ...errors },
      },
    },
    async (request) =>
      ok(await service.confirm(await auth.required(request), request.body.code), TWO_FACTOR_MSG.enabled),
  );

  r.post(
    ACCOUNT_API.twoFactorDisable,
    {
      ...floodLimit('password', config.floodLimits),
      schema: {
        summary: 'Turn 两步验证 off, with the password and a code (or a backup code)',
        body: twoFactorDisableBody,
        response: { 200: okEnvelope, ...errors },
      },
    },
    async (request) => {
      await service.disable(await auth.required(request), request.body);
      return done(TWO_FACTOR_MSG.disabled);
    },
  );

  r.post(
    ACCOUNT_API.twoFactorBackupCodes,
    {
      schema: {
        summary: 'A new set of backup codes (with a code), shown once; the old set stops working',
        body: twoFactorCodeBody,
        response: { 200: twoFactorBackupCodesResponse, ...errors },
      },
    },
    async (request) =>
      ok(
        await service.makeBackupCodes(await auth.required(request), request.body.code),
        TWO_FACTOR_MSG.backupCodesMade,
      ),
  );

  r.post(
    ACCOUNT_API.loginSecondFactor,
    {
      ...floodLimit('login', config.floodLimits),
      schema: {
        summary: "A login's second step: the ticket the right password earned and a code; the tokens",
        body: secondFactorLoginBody,
        response: { 200: secondFactorLoginResponse, ...errors },
      },
    },
    async (request) => {
      const tokens = await service.finishLogin(request.body, {
        ip: request.ip,
        userAgent: (request.headers['user-agent'] ?? '').slice(0, 512),
      });
      // As the first step says it (POST /v2/user/login), when the login undid a 注销账号.
      return ok(tokens, tokens.deletionCancelled ? DELETION_MSG.cancelled : OK_MSG.operation);
    },
  );

  r.post(
    ACCOUNT_API.reauth,
    {
      ...floodLimit('password', config.floodLimits),
      schema: {
        summary: "Re-confirm the caller's login with the password or a code, before a sensitive action",
        body: reauthBody,
        response: { 200: okEnvelope, ...errors },
      },
    },
    async (request) => {
      await service.reauth(await auth.required(request), request.body);
      return done(TWO_FACTOR_MSG.reauthDone);
    },
  );
}
