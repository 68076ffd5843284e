import type { RouteObject } from 'react-router';

/** Routes of this feature; app/routes.tsx places them in the main layout. */
export const channelRoutes: RouteObject[] = [];
