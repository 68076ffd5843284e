/**
 * Members' ratings and reviews (decision 044). A module of its own, not part of LIMITS: limits.ts
 * is in every first screen's chunk, with every export any screen uses, and these are needed only
 * by the 评论 tab, the console and the server (decision 028).
 */
export const REVIEW_LIMITS = {
  /** A member's rating of a work: whole stars. */
  starsMin: 1,
  starsMax: 5,
  /** A review's text, in characters after trimming. */
  reviewMax: 500,
  /** Ratings (imported and members') a work needs before 高分推荐 ranks it by its average. */
  minRatingsToRank: 5,
  /** 热门评论: a review counts half as much this many days later. */
  heatHalfLifeDays: 7,
  /** Ratings and reviews one member may write (create, change or delete) in a window. */
  writes: { max: 20, minutes: 10 },
  /** Reviews of a work per page (the 评论 tab), and of the console's queue. */
  pageSize: 10,
  staffPageSize: 20,
} as const;
