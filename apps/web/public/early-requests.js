// What the first screen waits for, asked for as soon as the HTML is read, beside the app's
// scripts instead of after them (issue 35): the organisation's configuration always; signed in,
// the sign-in check, and on a course's page the course and the caller's role in it, on an
// assignment's page the assignment too (and a manager's table of it; an assistant's once the
// assignment says she runs it), on a learner's step page that step's work or report, on the
// dashboard its list; signed in, the page's own modules too. A classic
// script of a few lines, loaded `async`, so it runs before the app's bundle has arrived. It sends
// the headers the app would send (lib/api.ts, baseHeaders); the app takes each answer once, within
// 30 s, when its own headers are the same and it has changed nothing since
// (lib/early-answers.ts), and otherwise asks again.
(() => {
  // The app was quicker (its bundle came from the cache) and has asked already.
  if (window.__pwEarly === null) return;
  const headers = { accept: 'application/json' };
  let token = null;
  try {
    const language = localStorage.getItem('language');
    headers['accept-language'] = language === 'en' || language === 'ko' ? language : 'ko';
    token = localStorage.getItem('token');
    if (token) headers.authorization = `Token ${token}`;
  } catch {
    headers['accept-language'] = 'ko';
  }
  const csrf = document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith('csrftoken='));
  if (csrf) headers['x-csrftoken'] = csrf.slice('csrftoken='.length);
  const paths = ['/users/configuration/'];
  if (token) {
    paths.push('/users/login-check/');
    const course = /^\/courses\/(\d+)\/(learner|instructor|assistant)(?:\/assignments\/(\d+))?/.exec(
      location.pathname,
    );
    if (course) {
      paths.push(`/courses/${course[1]}/role/`, `/courses/${course[1]}/`);
      // Not on a learner's work opened by the staff (that view reads the work, not the assignment).
      const staffWork = course[2] !== 'learner' && location.pathname.includes('/performances/');
      if (course[3] && !staffWork) paths.push(`/courses/${course[1]}/assignments/${course[3]}/`);
    }
    // The dashboard's own list; an assignment's management page, its table and extensions.
    if (location.pathname === '/') paths.push('/users/dashboard/');
    const managed = /^\/courses\/(\d+)\/instructor\/assignments\/(\d+)\/?$/.exec(location.pathname);
    if (managed) {
      const at = `/courses/${managed[1]}/assignments/${managed[2]}/`;
      paths.push(`${at}management/`, `${at}extensions/`);
    }
  }
  const answers = {};
  const ask = (path) => {
    if (window.__pwEarly?.asked[path]) return;
    // Read whole as it arrives, so the request ends even when the app never takes the answer (a
    // response left unread stays open in the browser, and the page never goes quiet).
    answers[path] = fetch(`/api/v1${path}`, { headers }).then((res) =>
      res
        .blob()
        .then(
          (body) =>
            new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers }),
        ),
    );
    // A failed request is the app's to report; it asks again then.
    answers[path].catch(() => {});
    return answers[path];
  };
  for (const path of paths) ask(path);
  // An assistant's address is the assistant's page only with assistant mode on in this tab
  // (src/lib/course-mode.ts; else the app shows the learner's page), and only for an assignment she
  // runs rather than takes part in (the assignment's `manages`): the table is asked for then, not
  // refused twice before the learner's page.
  const assisted = token
    ? /^\/courses\/(\d+)\/assistant\/assignments\/(\d+)\/?$/.exec(location.pathname)
    : null;
  let assistantMode = false;
  try {
    assistantMode =
      assisted !== null &&
      sessionStorage.getItem(`assistantMode:${token.slice(0, 8)}:${assisted[1]}`) === 'on';
  } catch {
    assistantMode = false;
  }
  if (assisted && assistantMode) {
    const at = `/courses/${assisted[1]}/assignments/${assisted[2]}/`;
    answers[at]
      .then((res) => (res.ok ? res.clone().json() : null))
      .then((assignment) => {
        const early = window.__pwEarly;
        if (!assignment?.manages || !early || early.answers !== answers) return;
        ask(`${at}management/`);
        ask(`${at}extensions/`);
      })
      .catch(() => {});
  }
  // A learner's step page: once the assignment is in, that step's work (its progresses carry the
  // step's key and the learner's performance ids) or, on the completion tab, the report.
  const step = token
    ? /^\/courses\/(\d+)\/learner\/assignments\/(\d+)\/performances\/([A-Z]{2})\/?$/.exec(location.pathname)
    : null;
  if (step) {
    const at = `/courses/${step[1]}/assignments/${step[2]}/`;
    // The peer-review step's list waits for the calibration's gate (every assignment answers it).
    if (step[3] === 'PE') ask(`${at}calibration/`);
    answers[at]
      .then((res) => (res.ok ? res.clone().json() : null))
      .then((assignment) => {
        // Not after a change (the app dropped the answers), nor what the app has asked for itself.
        const early = window.__pwEarly;
        if (!assignment || !early || early.answers !== answers) return;
        if (step[3] === 'CO') {
          if (assignment.report_id) ask(`${at}reports/${assignment.report_id}/`);
          return;
        }
        for (const p of assignment.progresses ?? [])
          if (p.stage === step[3] && p.performance_id) ask(`${at}performances/${p.performance_id}/`);
      })
      .catch(() => {});
  }
  window.__pwEarly = { headers, at: Date.now(), answers, asked: {} };
  // Signed in, the modules of the page at the address (src/app/arrival-pages.ts; the build lists
  // each one's files in index.html): fetched beside the app's entry, not once it has run.
  if (token) {
    try {
      const table = JSON.parse(document.getElementById('pw-arrivals')?.textContent || 'null');
      const files = new Set();
      for (const [source, modules] of table?.pages ?? [])
        if (new RegExp(source).test(location.pathname))
          for (const module of modules) {
            const key = module === 'texts' ? `texts:${headers['accept-language']}` : module;
            for (const i of table.modules[key] ?? []) files.add(table.files[i]);
          }
      for (const file of files) {
        const link = document.createElement('link');
        if (file.endsWith('.css')) {
          // Fetched as the app's loader asks for stylesheets (CORS), so its request finds this one.
          link.rel = 'preload';
          link.as = 'style';
          link.crossOrigin = '';
        } else link.rel = 'modulepreload';
        link.href = `/${file}`;
        document.head.appendChild(link);
      }
    } catch {
      // Without the table the app asks for its modules itself.
    }
  }
})();
