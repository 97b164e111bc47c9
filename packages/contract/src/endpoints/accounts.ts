// The accounts module's endpoints (schemas in ./schemas.ts under the same names).

export const signUp = { name: 'signUp', method: 'POST', path: '/users/sign-up/', status: 201 } as const;
export const signIn = { name: 'signIn', method: 'POST', path: '/users/sign-in/' } as const;
/** POST /users/sso-exchange/: the one-time code of a finished single sign-on for a session token. */
export const exchangeSsoCode = {
  name: 'exchangeSsoCode',
  method: 'POST',
  path: '/users/sso-exchange/',
} as const;
export const signOut = { name: 'signOut', method: 'POST', path: '/users/sign-out/', status: 204 } as const;
export const loginCheck = { name: 'loginCheck', method: 'GET', path: '/users/login-check/' } as const;
export const isStaff = { name: 'isStaff', method: 'GET', path: '/users/is-staff/' } as const;
