// The reviews module's endpoints (schemas in ./schemas.ts under the same names).

const assignment = '/courses/:id/assignments/:aid';
const peerReview = `${assignment}/performances/peerreview-matching/:mid`;

export const getPeerReview = { name: 'getPeerReview', method: 'GET', path: `${peerReview}/` } as const;
export const savePeerReview = { name: 'savePeerReview', method: 'PATCH', path: `${peerReview}/` } as const;
export const getInstructorReview = {
  name: 'getInstructorReview',
  method: 'GET',
  path: `${peerReview}/instructor/`,
} as const;
export const adjustReview = {
  name: 'adjustReview',
  method: 'PATCH',
  path: `${peerReview}/instructor/`,
} as const;
/** What an adjustment would move (nothing saved). */
export const previewAdjustment = {
  name: 'previewAdjustment',
  method: 'POST',
  path: `${peerReview}/instructor/preview/`,
} as const;
export const rateReview = {
  name: 'rateReview',
  method: 'PATCH',
  path: `${assignment}/performances/feedbackreview-matching/:mid/`,
} as const;
export const createObjection = {
  name: 'createObjection',
  method: 'POST',
  path: `${assignment}/objections/`,
  status: 201,
} as const;
export const getObjection = {
  name: 'getObjection',
  method: 'GET',
  path: `${assignment}/objections/:oid/`,
} as const;
export const updateObjection = {
  name: 'updateObjection',
  method: 'PATCH',
  path: `${assignment}/objections/:oid/`,
} as const;
export const withdrawObjection = {
  name: 'withdrawObjection',
  method: 'DELETE',
  path: `${assignment}/objections/:oid/`,
  status: 204,
} as const;
export const ruleOnObjection = {
  name: 'ruleOnObjection',
  method: 'PATCH',
  path: `${assignment}/objections/:oid/ruling/`,
} as const;
export const getMatchings = {
  name: 'getMatchings',
  method: 'GET',
  path: `${assignment}/matchings/`,
} as const;
export const resetMatchings = {
  name: 'resetMatchings',
  method: 'POST',
  path: `${assignment}/matchings-reset/`,
} as const;
/** A learner who finished their reviews asks for one more (allocation that heals itself). */
export const reviewOneMore = {
  name: 'reviewOneMore',
  method: 'POST',
  path: `${assignment}/peer-reviews/one-more/`,
  status: 201,
} as const;
/** The reviewer's comments anchored in the essay (issue 34, item 3): read, replace the list. */
export const getReviewAnchors = {
  name: 'getReviewAnchors',
  method: 'GET',
  path: `${peerReview}/anchors/`,
} as const;
export const saveReviewAnchors = {
  name: 'saveReviewAnchors',
  method: 'PUT',
  path: `${peerReview}/anchors/`,
} as const;
/** The instructor or an assistant reviews an essay of the fill-in queue themselves (issue 33). */
export const staffFillIn = {
  name: 'staffFillIn',
  method: 'POST',
  path: `${assignment}/fill-in/`,
  status: 201,
} as const;
