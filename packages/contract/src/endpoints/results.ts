// The results module's endpoints (schemas in ./schemas.ts under the same names).

export const getCourseResults = {
  name: 'getCourseResults',
  method: 'GET',
  path: '/courses/:id/results/',
} as const;
/** The answer is the results workbook (.xlsx). */
export const exportCourseResults = {
  name: 'exportCourseResults',
  method: 'GET',
  path: '/courses/:id/results/export/',
} as const;
// The spec shows the weights' path without the trailing slash; the server ignores trailing slashes.
export const getWeights = {
  name: 'getWeights',
  method: 'GET',
  path: '/courses/:id/assignments/weights/',
} as const;
export const updateWeights = {
  name: 'updateWeights',
  method: 'PATCH',
  path: '/courses/:id/assignments/weights/',
} as const;
export const getPersonalScore = {
  name: 'getPersonalScore',
  method: 'GET',
  path: '/courses/:id/enrolls/:eid/personal-score/',
} as const;
/** The caller's own scores by assignment (a learner), or the class's line (the instructor and assistants). */
export const getMyScore = {
  name: 'getMyScore',
  method: 'GET',
  path: '/courses/:id/scores-by-learner/',
} as const;
