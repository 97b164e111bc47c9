/** Exchanges an LTI launch's one-time code for a session (the web app's landing page calls it). */
export const ltiExchange = { name: 'ltiExchange', method: 'POST', path: '/lti/exchange/' } as const;
