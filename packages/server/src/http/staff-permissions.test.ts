import {
  API_BASE,
  MSG,
  PERMISSIONS,
  REVIEWS_API,
  type Role,
  ROLE_PERMISSIONS,
  SERVER_MSG,
  STAFF_API,
  STAFF_MSG,
  STAFF_ROLES,
} from '@yingku/contract';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { insertRoleCaller } from '../../test/staff';
import { insertCaller } from '../../test/users';

// Every console route, walked with every role: refused exactly where the role lacks the
// route's permission (decision 071). A route that names no permission cannot even start.

let t: TestApp;
const headersOf = new Map<string, Record<string, string>>();

beforeAll(async () => {
  t = await createTestApp();
  headersOf.set('visitor', {});
  headersOf.set('member', (await insertCaller(t)).headers);
  for (const role of STAFF_ROLES) headersOf.set(role, (await insertRoleCaller(t, ['member', role])).headers);
});
afterAll(() => t.close());

/** A call of `method` at `url` (its parameters filled with an id nobody has), signed where /v2 is. */
function call(method: HTTPMethods, url: string, headers: Record<string, string>) {
  const path = url.slice(API_BASE.length).replace(/:[A-Za-z]+\??/g, '900000001');
  if (method === 'GET') return t.get(path, {}, headers);
  if (method === 'POST' || method === 'PUT') return t.send(method as 'POST' | 'PUT', path, {}, headers);
  // tus's own methods: not signed (decision 024).
  return t.app.inject({
    method,
    url: `${API_BASE}${path}`,
    headers: { ...headers, 'tus-resumable': '1.0.0' },
  });
}

const msgOf = (body: string): unknown => {
  try {
    return (JSON.parse(body) as { msg?: unknown }).msg;
  } catch {
    return undefined; // tus answers in text
  }
};

const refusal = (who: string) =>
  who === 'visitor' ? MSG.default403 : who === 'member' ? SERVER_MSG.staffOnly : STAFF_MSG.permissionDenied;

describe('console permissions', () => {
  it('registers every console path, each with a permission', () => {
    const urls = new Set(t.app.consoleRoutes.map((route) => route.url.slice(API_BASE.length)));
    const expected = [
      ...Object.values(STAFF_API),
      REVIEWS_API.staffReviews,
      REVIEWS_API.staffReviewHide,
      REVIEWS_API.staffReviewRestore,
    ];
    expect(expected.filter((path) => !urls.has(path))).toEqual([]);
    // Every permission opens something (a permission no route checks is a typo or dead).
    const used = new Set(t.app.consoleRoutes.map((route) => route.permission));
    // users.vip is checked by the users service, per field of the one user-change route.
    expect(PERMISSIONS.filter((permission) => !used.has(permission) && permission !== 'users.vip')).toEqual(
      [],
    );
  });

  it('refuses exactly the callers whose roles lack the route’s permission', async () => {
    const wrong: string[] = [];
    for (const route of t.app.consoleRoutes) {
      for (const method of route.methods.filter((m) => m !== 'HEAD' && m !== 'OPTIONS')) {
        for (const [who, headers] of headersOf) {
          const allowed =
            who !== 'visitor' && who !== 'member' && ROLE_PERMISSIONS[who as Role].includes(route.permission);
          const res = await call(method, route.url, headers);
          const msg = res.statusCode === 403 ? msgOf(res.body) : undefined;
          const refusedByGuard = ['visitor', 'member', 'support'].some((other) => msg === refusal(other));
          if (allowed ? refusedByGuard : msg !== refusal(who)) {
            wrong.push(`${who} ${method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 80)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('will not start with a console route that names no permission', async () => {
    const { default: Fastify } = await import('fastify');
    const { guardConsoleRoutes } = await import('./console-routes');
    const app = Fastify();
    guardConsoleRoutes(app);
    const start = async () => {
      await app.register(
        async (api) => {
          api.get('/v2/admin/unguarded', async () => 'open');
        },
        { prefix: API_BASE },
      );
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/names no permission/);
    await app.close().catch(() => {});
  });
});
