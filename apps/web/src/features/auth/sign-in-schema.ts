// Loaded on the first sign-in submit (see SignInPage): keeps zod off the sign-in page's first load.
export { signInBodySchema } from '@pw/contract';
