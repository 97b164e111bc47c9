// The organisations module's endpoints (schemas in ./schemas.ts under the same names).

/** GET /users/configuration/: the public branding and settings of the request's organisation. */
export const getConfiguration = {
  name: 'getConfiguration',
  method: 'GET',
  path: '/users/configuration/',
} as const;
/** The same answer under its older plural path. */
export const getConfigurations = {
  name: 'getConfigurations',
  method: 'GET',
  path: '/users/configurations/',
} as const;
