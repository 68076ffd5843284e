/**
 * The titles of the work detail: the route table, in the app's first chunk, needs only these; the
 * screens' other texts (texts.ts) load with the screens.
 */
export const DETAIL_TITLES = {
  pageTitle: '作品详情',
} as const;
