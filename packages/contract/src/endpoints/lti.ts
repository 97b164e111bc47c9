/** Exchanges an LTI launch's one-time code for a session (the web app's landing page calls it). */
export const ltiExchange = { name: 'ltiExchange', method: 'POST', path: '/lti/exchange/' } as const;

/** The organisation's LMS registrations (LTI 1.3) and the tool's URLs: staff only. */
export const listLtiPlatforms = {
  name: 'listLtiPlatforms',
  method: 'GET',
  path: '/manager/lti-platforms/',
} as const;
export const saveLtiPlatform = {
  name: 'saveLtiPlatform',
  method: 'POST',
  path: '/manager/lti-platforms/',
  status: 201,
} as const;
export const removeLtiPlatform = {
  name: 'removeLtiPlatform',
  method: 'DELETE',
  path: '/manager/lti-platforms/:id/',
  status: 204,
} as const;
