// The supports module's endpoints (schemas in ./schemas.ts under the same names).

export const createSupport = {
  name: 'createSupport',
  method: 'POST',
  path: '/supports/',
  status: 201,
} as const;
export const listSupports = { name: 'listSupports', method: 'GET', path: '/supports/' } as const;
