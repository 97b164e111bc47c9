// The organisation's configuration, which every first screen waits for, asked for as soon as the
// HTML is read, beside the app's scripts instead of after them (issue 35). A classic script of a
// few lines, loaded `async`, so it runs before the app's bundle has arrived. It sends the headers the app would
// send (lib/api.ts, baseHeaders); the app uses this answer only when its own headers are the same
// (lib/session/configuration.ts), and otherwise asks again.
(() => {
  // The app was quicker (its bundle came from the cache) and has asked already.
  if (window.__pwEarlyConfiguration === null) return;
  const headers = { accept: 'application/json' };
  try {
    const language = localStorage.getItem('language');
    headers['accept-language'] = language === 'en' || language === 'ko' ? language : 'ko';
    const token = localStorage.getItem('token');
    if (token) headers.authorization = `Token ${token}`;
  } catch {
    headers['accept-language'] = 'ko';
  }
  const csrf = document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith('csrftoken='));
  if (csrf) headers['x-csrftoken'] = csrf.slice('csrftoken='.length);
  const answer = fetch('/api/v1/users/configuration/', { headers });
  // A failed request is the app's to report; it asks again then.
  answer.catch(() => {});
  window.__pwEarlyConfiguration = { headers, answer };
})();
