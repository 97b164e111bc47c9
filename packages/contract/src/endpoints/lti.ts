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
/** Whether the course can sync its roster from the LMS (instructor and assistants). */
export const getRosterStatus = {
  name: 'getRosterStatus',
  method: 'GET',
  path: '/courses/:id/lti/roster/',
} as const;
/** Syncs the course's roster from the LMS now (LTI NRPS; instructor and assistants). */
export const syncRoster = {
  name: 'syncRoster',
  method: 'POST',
  path: '/courses/:id/lti/roster-sync/',
} as const;
/**
 * Sends a learner's grade that failed again now (LTI AGS; managers): a new try through the
 * grade queue, with the retries starting over.
 */
export const resendGrade = {
  name: 'resendGrade',
  method: 'POST',
  path: '/courses/:id/assignments/:aid/lti/grades/:eid/resend/',
} as const;
/** Per learner, whether the assignment's grade reached the LMS (LTI AGS; managers). */
export const listGradeSends = {
  name: 'listGradeSends',
  method: 'GET',
  path: '/courses/:id/assignments/:aid/lti/grades/',
} as const;
