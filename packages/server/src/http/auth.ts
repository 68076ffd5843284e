import { LIMITS, SERVER_MSG } from '@yingku/contract';
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
}

/** Decides who calls, from the access token only: no request field can claim a user or level. */
export function createAuthenticator(tokens: AccessTokens, lookup: CallerLookup): Authenticator {
  const known = new WeakMap<FastifyRequest, Promise<Caller | null>>();

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

  return {
    optional,
    async required(request) {
      const caller = await optional(request);
      if (!caller) throw forbidden();
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

/** The roles beyond a member; `admin` may do everything `staff` may. */
export type StaffRole = 'staff' | 'admin';

/**
 * Refuses (403 SERVER_MSG.staffOnly) a caller without the role; admin passes every role check.
 * Roles come from users.roles on each request, so a change takes effect at once.
 */
export function requireRole(caller: Caller, role: StaffRole): void {
  if (caller.roles.includes('admin') || caller.roles.includes(role)) return;
  throw forbidden(SERVER_MSG.staffOnly);
}

/**
 * The guard of a console route: `hook` refuses a caller without the role in preValidation,
 * before the input is read (a visitor gets the login dialog's 403, a member 403
 * SERVER_MSG.staffOnly); `caller` answers the checked caller in the handler (checked again,
 * so no route can miss it).
 */
export function roleGuard(auth: Authenticator, role: StaffRole) {
  const caller = async (request: FastifyRequest): Promise<Caller> => {
    const found = await auth.required(request);
    requireRole(found, role);
    return found;
  };
  return {
    hook: {
      preValidation: async (request: FastifyRequest) => {
        await caller(request);
      },
    },
    caller,
  };
}
