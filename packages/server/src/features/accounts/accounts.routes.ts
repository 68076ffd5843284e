import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import type { DB } from '../../db/schema';
import type { AccessTokens, Authenticator } from '../../http/auth';

export interface AccountsRouteDeps {
  db: Kysely<DB>;
  config: AppConfig;
  auth: Authenticator;
  tokens: AccessTokens;
}

/** Captcha, register, login, token refresh, logout and getInfo (SPEC §7). */
export async function accountsRoutes(_app: FastifyInstance, _deps: AccountsRouteDeps) {
  // Filled in by the accounts work.
}
