// Apart from paths.ts (API), which every first screen's code carries whole: a module only the
// detail's 评论 tab, the console, loaded later, and the server import.

/** Paths of members' ratings and reviews (decision 044). */
export const REVIEWS_API = {
  workRatings: '/v2/works/:id/ratings',
  workReviews: '/v2/works/:id/reviews',
  myRating: '/v2/works/:id/rating',
  myRatingDelete: '/v2/works/:id/rating/delete',
  reviewHelpful: '/v2/reviews/:reviewId/helpful',
  reviewReport: '/v2/reviews/:reviewId/report',
  staffReviews: '/v2/admin/reviews',
  staffReviewHide: '/v2/admin/reviews/:reviewId/hide',
  staffReviewRestore: '/v2/admin/reviews/:reviewId/restore',
} as const;
