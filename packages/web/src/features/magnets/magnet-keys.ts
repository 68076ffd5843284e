/** Query keys of the magnets feature. */
export const magnetKeys = {
  /** The magnets of a work number. */
  ofNumber: (number: string) => ['magnets', number] as const,
};
