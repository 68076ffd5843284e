import type { QueryClient } from '@tanstack/react-query';

/**
 * A member's controls on every screen (decision 045), loaded after the first paint by main.tsx
 * (or by the member center after a login):
 * this module has no imports of its own, so the entry names one file; the rest comes from here.
 */
export default (queryClient: QueryClient) =>
  import('./member-extras').then((m) => m.startMemberExtras(queryClient));
