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
