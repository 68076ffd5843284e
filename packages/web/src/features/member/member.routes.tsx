import type { RouteObject } from 'react-router';

/** /user, the member center (SPEC §2). */
export const memberRoutes: RouteObject[] = [];
