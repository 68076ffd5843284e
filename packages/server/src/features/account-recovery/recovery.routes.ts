import {
  ACCOUNT_API,
  accountSecurityResponse,
  emailChangeBody,
  emailVerifyBody,
  okEnvelope,
  OK_MSG,
  passwordForgotBody,
  passwordRecoverBody,
  passwordResetBody,
  RECOVERY_MSG,
  recoveryCodesBody,
  recoveryCodesResponse,
  sessionEndBody,
} from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config';
import type { Authenticator } from '../../http/auth';
import { errorResponses, ok } from '../../http/envelope';
import { floodLimit } from '../../http/flood-limits';
import type { RecoveryService } from './recovery.service';

export interface RecoveryRouteDeps {
  recovery: RecoveryService;
  auth: Authenticator;
  config: Pick<AppConfig, 'floodLimits' | 'accountDeletionDays'>;
}

const errors = errorResponses(400, 401, 403, 429, 500);
const done = (msg: string) => ({ code: 200, msg });

/**
 * The safe e-mail and getting an account back (decision 066): 账号与安全's e-mail and recovery
 * codes, the mailed links, 忘记密码 and the recovery-code reset. Thin: validate, call, wrap.
 */
export async function recoveryRoutes(
  app: FastifyInstance,
  { recovery: service, auth, config }: RecoveryRouteDeps,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    ACCOUNT_API.security,
    {
      schema: {
        summary: "The caller's safe e-mail, whether it is verified, and recovery codes left",
        response: { 200: accountSecurityResponse, ...errors },
      },
    },
    async (request) =>
      ok(
        {
          ...(await service.security(await auth.required(request))),
          deletionDays: config.accountDeletionDays,
        },
        OK_MSG.query,
      ),
  );

  r.post(
    ACCOUNT_API.email,
    {
      ...floodLimit('password', config.floodLimits),
      schema: {
        summary: 'Change the safe e-mail (with the password); a verification link goes to the new one',
        body: emailChangeBody,
        response: { 200: okEnvelope, ...errors },
      },
    },
    async (request) => {
      await service.changeEmail(await auth.required(request), request.body);
      return done(RECOVERY_MSG.emailChanged);
    },
  );

  r.post(
    ACCOUNT_API.emailVerification,
    {
      schema: {
        summary: 'Send the verification link to the safe e-mail again',
        body: sessionEndBody.optional(),
        response: { 200: okEnvelope, ...errors },
      },
    },
    async (request) => {
      await service.sendVerification(await auth.required(request));
      return done(RECOVERY_MSG.verificationSent);
    },
  );

  r.post(
    ACCOUNT_API.emailVerify,
    {
      ...floodLimit('recovery', config.floodLimits),
      schema: {
        summary: 'Open a verification link: the safe e-mail it went to is verified',
        body: emailVerifyBody,
        response: { 200: okEnvelope, ...errors },
      },
    },
    async (request) => {
      await service.verifyEmail(request.body.token);
      return done(RECOVERY_MSG.emailVerified);
    },
  );

  r.post(
    ACCOUNT_API.passwordForgot,
    {
      ...floodLimit('recovery', config.floodLimits),
      schema: {
        summary: '忘记密码: a reset link to the verified safe e-mail; the same answer whoever is named',
        body: passwordForgotBody,
        response: { 200: okEnvelope, ...errors },
      },
    },
    async (request) => {
      await service.forgotPassword(request.body, request.ip);
      return done(RECOVERY_MSG.resetMailSent);
    },
  );

  r.post(
    ACCOUNT_API.passwordReset,
    {
      ...floodLimit('recovery', config.floodLimits),
      schema: {
        summary: 'A new password from a reset link (spent); every login ends',
        body: passwordResetBody,
        response: { 200: okEnvelope, ...errors },
      },
    },
    async (request) => {
      await service.resetPassword(request.body);
      return done(RECOVERY_MSG.passwordResetDone);
    },
  );

  r.post(
    ACCOUNT_API.passwordRecover,
    {
      ...floodLimit('recovery', config.floodLimits),
      schema: {
        summary: 'A new password with a recovery code (spent); every login ends',
        body: passwordRecoverBody,
        response: { 200: okEnvelope, ...errors },
      },
    },
    async (request) => {
      await service.recoverPassword(request.body, request.ip);
      return done(RECOVERY_MSG.passwordResetDone);
    },
  );

  r.post(
    ACCOUNT_API.recoveryCodes,
    {
      ...floodLimit('password', config.floodLimits),
      schema: {
        summary: 'A new set of recovery codes (with the password), shown once; the old set stops working',
        body: recoveryCodesBody,
        response: { 200: recoveryCodesResponse, ...errors },
      },
    },
    async (request) =>
      ok(await service.makeRecoveryCodes(await auth.required(request), request.body.password)),
  );
}
