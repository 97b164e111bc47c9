// The profile module's endpoints (schemas in ./schemas.ts under the same names).

export const getProfile = { name: 'getProfile', method: 'GET', path: '/users/profile/' } as const;
export const updateProfile = { name: 'updateProfile', method: 'PATCH', path: '/users/profile/' } as const;
export const changePassword = {
  name: 'changePassword',
  method: 'POST',
  path: '/users/password-change/',
  status: 204,
} as const;
export const listStandardScores = {
  name: 'listStandardScores',
  method: 'GET',
  path: '/users/standard-scores/',
} as const;
