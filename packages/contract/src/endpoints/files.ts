// The files module's endpoints (schemas in ./schemas.ts under the same names).

/** A signed, expiring file link (`?exp=&sig=`); the answer is the file itself. */
export const getFile = { name: 'getFile', method: 'GET', path: '/files/:id/' } as const;
