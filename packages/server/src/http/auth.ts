import {
  hasPermission,
  isStaffAccount,
  LIMITS,
  type Permission,
  SERVER_MSG,
  STAFF_MSG,
  STAFF_TRUST_LIMITS,
  TWO_FACTOR_MSG,
} from '@yingku/contract';
import type { FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { forbidden, unauthorized } from './errors';

/** Who is calling: a user with a live login, their effective level and roles. */
export interface Caller {
  userId: string;
  /** The login (refresh-token family) the access token belongs to. */
  sessionId: string;
  /** 1 member, above 1 VIP (in force now). */
  levelId: number;
  roles: readonly string[];
  /** The account has 两步验证 on (features/two-factor, decision 070). */
  twoFactor: boolean;
  /** When this login was last confirmed by a password or a code (epoch ms): its login, or a reauth. */
  reauthAt: number | null;
}

/** The claims an access token proves, before the login is checked. */
export interface AccessClaims {
  userId: string;
  sessionId: string;
}

export interface AccessTokens {
  issue(claims: AccessClaims): Promise<string>;
  /** The claims of a genuine, unexpired access token; null for anything else. */
  verify(token: string): Promise<AccessClaims | null>;
}

const ACCESS_TYPE = 'access';
const ISSUER = 'yingku';

/**
 * Short-lived access tokens: HS256 JWTs with the user id (`sub`), the login (`sid`) and
 * `typ: access`. Refresh tokens are opaque random strings, so one can never pass for the other.
 */
export function createAccessTokens(
  secret: string,
  ttlSeconds: number = LIMITS.accessTokenMinutes * 60,
): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    issue: ({ userId, sessionId }) =>
      new SignJWT({ sid: sessionId, typ: ACCESS_TYPE })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
        if (payload.typ !== ACCESS_TYPE || typeof payload.sid !== 'string' || !payload.sub) return null;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}

/** The level and roles of a live login; null when the login has ended or the user is gone. */
export type CallerLookup = (claims: AccessClaims) => Promise<Omit<Caller, 'userId' | 'sessionId'> | null>;

export interface Authenticator {
  /**
   * The caller of a request: null without a bearer token; 401 when a token is sent but is
   * forged, expired, or its login has ended (the client then refreshes once, docs/product.md §8).
   */
  optional(request: FastifyRequest): Promise<Caller | null>;
  /** As {@link optional}, and a request without a token gets 403 (the login dialog, docs/product.md §8). */
  required(request: FastifyRequest): Promise<Caller>;
  /**
   * As {@link required}, for the console: a member gets 403 SERVER_MSG.staffOnly, and a staff
   * login must pass the console's own check (a second factor, not idle) — once per request.
   */
  console(request: FastifyRequest): Promise<StaffCaller>;
}

/**
 * What a staff login must hold for the console on each call (features/staff-access): throws
 * the refusal, or answers nothing. Without one (unit tests of routes), every staff login passes.
 */
export type ConsoleCheck = (caller: Caller) => Promise<void>;

/** Decides who calls, from the access token only: no request field can claim a user or level. */
export function createAuthenticator(
  tokens: AccessTokens,
  lookup: CallerLookup,
  consoleCheck?: ConsoleCheck,
): Authenticator {
  const known = new WeakMap<FastifyRequest, Promise<Caller | null>>();
  const consoleCallers = new WeakMap<FastifyRequest, Promise<StaffCaller>>();

  async function resolve(request: FastifyRequest): Promise<Caller | null> {
    const token = bearerToken(request);
    if (token === undefined) return null;
    const claims = await tokens.verify(token);
    const live = claims ? await lookup(claims) : null;
    if (!claims || !live) throw unauthorized();
    return { ...claims, ...live };
  }

  const optional = (request: FastifyRequest) => {
    let caller = known.get(request);
    if (!caller) {
      caller = resolve(request);
      known.set(request, caller);
    }
    return caller;
  };

  const required = async (request: FastifyRequest) => {
    const caller = await optional(request);
    if (!caller) throw forbidden();
    return caller;
  };

  const consoleCaller = async (request: FastifyRequest): Promise<StaffCaller> => {
    const caller = await required(request);
    if (!isStaffAccount(caller.roles)) throw forbidden(SERVER_MSG.staffOnly);
    await consoleCheck?.(caller);
    return { ...caller, ip: request.ip, requestId: String(request.id) };
  };

  return {
    optional,
    required,
    console(request) {
      let caller = consoleCallers.get(request);
      if (!caller) {
        caller = consoleCaller(request);
        consoleCallers.set(request, caller);
      }
      return caller;
    },
  };
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission a console route's guard checks (permissionGuard). */
    permission?: Permission;
  }
}

/** A console caller: a staff account whose console login may go on, and where it calls from. */
export interface StaffCaller extends Caller {
  /** The address the request came from (after the trusted proxies), for the audit log. */
  ip: string;
  /** The request's id (X-Request-Id), for the audit log. */
  requestId: string;
}

/**
 * Refuses (403) a caller whose roles lack `permission`: a member gets SERVER_MSG.staffOnly, a
 * staff account STAFF_MSG.permissionDenied. Roles come from users.roles on each request, so a
 * role taken away refuses the very next call.
 */
export function requirePermission(caller: Caller, permission: Permission): void {
  if (hasPermission(caller.roles, permission)) return;
  throw forbidden(isStaffAccount(caller.roles) ? STAFF_MSG.permissionDenied : SERVER_MSG.staffOnly);
}

/**
 * Refuses (403 TWO_FACTOR_MSG.reauthRequired) a sensitive console action unless the caller's
 * login confirmed its password or a code within STAFF_TRUST_LIMITS.reauthMinutes (a sign-in
 * counts); the console then asks for one and sends the action again.
 */
export function requireRecentConfirmation(caller: Caller, now: number = Date.now()): void {
  const fresh =
    caller.reauthAt !== null && now - caller.reauthAt <= STAFF_TRUST_LIMITS.reauthMinutes * 60_000;
  if (!fresh) throw forbidden(TWO_FACTOR_MSG.reauthRequired);
}

/**
 * The guard of a console route, for one permission (decision 071): `hook` refuses in
 * preValidation, before the input is read (a visitor gets the login dialog's 403, a member 403
 * SERVER_MSG.staffOnly, staff without the permission STAFF_MSG.permissionDenied), and names
 * the permission in the route's config (the route walk in staff-permissions.test.ts reads it);
 * `onRequest` does the same before the body is read at all; `caller` answers the checked
 * caller in the handler (checked again, so no route can miss it).
 */
export function permissionGuard(auth: Authenticator, permission: Permission) {
  const caller = async (request: FastifyRequest): Promise<StaffCaller> => {
    const found = await auth.console(request);
    requirePermission(found, permission);
    return found;
  };
  const check = async (request: FastifyRequest) => {
    await caller(request);
  };
  const config = { permission };
  return {
    hook: { preValidation: check, config },
    onRequest: { onRequest: check, config },
    caller,
  };
}
