/** Query keys of the VIP screens, for queries and invalidations alike. */
export const vipKeys = {
  /** The packages on sale: the same for everyone. */
  packages: ['vip', 'packages'] as const,
  /** The caller's latest orders. */
  orders: ['vip', 'orders'] as const,
};
