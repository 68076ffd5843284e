/** Query keys of 在线客服, for queries and invalidations alike. */
export const supportKeys = {
  /** The caller's threads; invalidated after every write and after opening a thread. */
  threads: ['support', 'threads'] as const,
  /** One thread's conversation. */
  conversation: (id: string) => ['support', 'conversation', id] as const,
};
