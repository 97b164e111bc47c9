// The enrolls module's endpoints (schemas in ./schemas.ts under the same names).

export const createEnroll = { name: 'createEnroll', method: 'POST', path: '/enrolls/', status: 201 } as const;
export const changeEnroll = {
  name: 'changeEnroll',
  method: 'PATCH',
  path: '/enrolls/:id/enroll-change/',
} as const;
