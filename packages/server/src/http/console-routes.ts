import { API_BASE } from '@yingku/contract';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { Permission } from '@yingku/contract';

/** A console route and the permission its guard checks. */
export interface ConsoleRoute {
  methods: HTTPMethods[];
  url: string;
  permission: Permission;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every console route with its permission, as registered (staff-permissions.test.ts walks them). */
    consoleRoutes: readonly ConsoleRoute[];
  }
}

const CONSOLE_PREFIX = `${API_BASE}/v2/admin/`;

/**
 * Refuses to start an app with a console route (under /v2/admin/) whose options name no
 * permission (permissionGuard's hook sets it): a route nobody guards cannot ship (decision 071).
 * Call before any route is registered.
 */
export function guardConsoleRoutes(app: FastifyInstance): void {
  const routes: ConsoleRoute[] = [];
  app.decorate('consoleRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(CONSOLE_PREFIX)) return;
    const methods = [route.method].flat() as HTTPMethods[];
    if (methods.every((method) => method === 'HEAD')) return; // Fastify's own HEAD twin of a GET
    const permission = route.config?.permission;
    if (!permission) throw new Error(`console route ${methods.join(',')} ${route.url} names no permission`);
    routes.push({ methods, url: route.url, permission });
  });
}
