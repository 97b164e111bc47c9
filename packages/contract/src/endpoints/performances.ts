// The performances module's endpoints (schemas in ./schemas.ts under the same names).

const performance = '/courses/:id/assignments/:aid/performances/:pid';

export const getPerformance = { name: 'getPerformance', method: 'GET', path: `${performance}/` } as const;
/**
 * JSON `{stage_object, version}`, or multipart (`stage_object` as JSON text, `version`, `files`):
 * the schemas' `jsonOrForm`.
 */
export const savePerformance = { name: 'savePerformance', method: 'PATCH', path: `${performance}/` } as const;
/** A late essay's save: as `savePerformance`. */
export const saveLateEssay = {
  name: 'saveLateEssay',
  method: 'PATCH',
  path: `${performance}/late-essay/`,
} as const;
/** The revision's trace of the comments received (issue 34, item 4): the author and managers read it. */
export const getRevisionTrace = {
  name: 'getRevisionTrace',
  method: 'GET',
  path: `${performance}/trace/`,
} as const;
/** The author marks comments (used, partly used, not used with a reason) while the revision is open. */
export const saveRevisionTrace = {
  name: 'saveRevisionTrace',
  method: 'PATCH',
  path: `${performance}/trace/`,
} as const;
/** The comments anchored in the author's essay, labelled "Reviewer n" (issue 34, item 3). */
export const getReceivedAnchors = {
  name: 'getReceivedAnchors',
  method: 'GET',
  path: `${performance}/anchors/`,
} as const;
