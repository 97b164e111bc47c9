// The reports module's endpoints (schemas in ./schemas.ts under the same names).

const assignment = '/courses/:id/assignments/:aid';

export const getReport = { name: 'getReport', method: 'GET', path: `${assignment}/reports/:rid/` } as const;
export const updateReport = {
  name: 'updateReport',
  method: 'PATCH',
  path: `${assignment}/reports/:rid/`,
} as const;
export const getScores = { name: 'getScores', method: 'GET', path: `${assignment}/scores/` } as const;
