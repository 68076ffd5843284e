import type { QueryClient } from '@tanstack/react-query';
import type { Router } from './member-extras';

/**
 * A member's controls on every screen (decision 045), loaded after the first paint by main.tsx:
 * this module has no imports of its own, so the entry names one file; the rest comes from here.
 */
export default (queryClient: QueryClient, router: Router) =>
  import('./member-extras').then((m) => m.startMemberExtras(queryClient, router));
