/**
 * The titles of customer service (/message): the route table, in the app's first chunk, needs only these; the
 * screens' other texts (texts.ts) load with the screens.
 */
export const SUPPORT_TITLES = {
  title: '在线客服',
} as const;
