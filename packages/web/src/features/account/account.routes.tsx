import type { RouteObject } from 'react-router';

/** /login and /register (SPEC §2). */
export const accountRoutes: RouteObject[] = [];
