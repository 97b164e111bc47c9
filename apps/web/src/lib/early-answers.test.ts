// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, baseHeaders } from './api';
import { EARLY_ANSWER_MS, takeEarlyAnswer } from './early-answers';

const script = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), '../../public/early-requests.js'),
  'utf8',
);
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** Runs public/early-requests.js as the page would on `path`; answers which paths it asked for. */
function runScript(path: string, answer: (url: string) => unknown = (url) => ({ asked: url })): string[] {
  window.history.replaceState(null, '', path);
  const asked: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    return Promise.resolve(json(answer(url)));
  });
  new Function(script)();
  return asked;
}

/** The app's own requests from here on (each answered `{ fresh: url }`), in order. */
function askFresh(): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    return Promise.resolve(json({ fresh: url }));
  });
  return asked;
}

beforeEach(() => {
  delete window.__pwEarly;
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('public/early-requests.js', () => {
  it('asks only for the configuration when signed out', () => {
    expect(runScript('/courses/1/learner/assignments/2/performances/ES')).toEqual([
      '/api/v1/users/configuration/',
    ]);
  });

  it('signed in: the sign-in check, and the course, role and assignment of the page', () => {
    localStorage.setItem('token', 'abc');
    expect(runScript('/')).toEqual([
      '/api/v1/users/configuration/',
      '/api/v1/users/login-check/',
      '/api/v1/users/dashboard/',
    ]);
    delete window.__pwEarly;
    expect(runScript('/courses/7/instructor/assignments/12')).toEqual([
      '/api/v1/users/configuration/',
      '/api/v1/users/login-check/',
      '/api/v1/courses/7/role/',
      '/api/v1/courses/7/',
      '/api/v1/courses/7/assignments/12/',
      '/api/v1/courses/7/assignments/12/management/',
      '/api/v1/courses/7/assignments/12/extensions/',
    ]);
    delete window.__pwEarly;
    expect(runScript('/courses/7/instructor')).toEqual([
      '/api/v1/users/configuration/',
      '/api/v1/users/login-check/',
      '/api/v1/courses/7/role/',
      '/api/v1/courses/7/',
    ]);
    delete window.__pwEarly;
    expect(runScript('/courses/7/learner/assignments/12/performances/ES')).toEqual([
      '/api/v1/users/configuration/',
      '/api/v1/users/login-check/',
      '/api/v1/courses/7/role/',
      '/api/v1/courses/7/',
      '/api/v1/courses/7/assignments/12/',
    ]);
    // Not a course page of a role: nothing of a course.
    delete window.__pwEarly;
    expect(runScript('/courses/7/nobody/assignments/12')).toHaveLength(2);
    delete window.__pwEarly;
    expect(runScript('/courses/7/learner/assignments/12/performances/info')).toHaveLength(5);
  });

  it("on a learner's step page, that step's work once the assignment is in; the report on completion", async () => {
    localStorage.setItem('token', 'abc');
    const assignment = {
      report_id: 16,
      progresses: [
        { stage: 'ES', performance_id: 130 },
        { stage: 'ES', performance_id: 160 },
        { stage: 'PE', performance_id: 40 },
        { stage: 'FE', performance_id: null },
      ],
    };
    const answer = (url: string) => (url === '/api/v1/courses/7/assignments/12/' ? assignment : {});
    const asked = runScript('/courses/7/learner/assignments/12/performances/ES', answer);
    await vi.waitFor(() => expect(asked).toHaveLength(7));
    expect(asked.slice(5)).toEqual([
      '/api/v1/courses/7/assignments/12/performances/130/',
      '/api/v1/courses/7/assignments/12/performances/160/',
    ]);
    delete window.__pwEarly;
    const report = runScript('/courses/7/learner/assignments/12/performances/CO', answer);
    await vi.waitFor(() => expect(report).toHaveLength(6));
    expect(report[5]).toBe('/api/v1/courses/7/assignments/12/reports/16/');
    // The app still reads the assignment's answer the script looked into.
    expect(await apiFetch('/courses/7/assignments/12/')).toEqual(assignment);
    // Nothing for a step without work yet, and not what the app asked for first.
    delete window.__pwEarly;
    const none = runScript('/courses/7/learner/assignments/12/performances/FE', answer);
    delete window.__pwEarly;
    const first = runScript('/courses/7/learner/assignments/12/performances/PE', answer);
    takeEarlyAnswer('/courses/7/assignments/12/performances/40/', baseHeaders());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(none).toHaveLength(5);
    // (The peer-review step asks for its calibration at once: every assignment answers it.)
    expect(first).toEqual([...none, '/api/v1/courses/7/assignments/12/calibration/']);
  });

  it("an assistant's management page: the table only with assistant mode on and once the assignment says she runs it", async () => {
    localStorage.setItem('token', 'abcdefghij');
    const course = [
      '/api/v1/users/configuration/',
      '/api/v1/users/login-check/',
      '/api/v1/courses/7/role/',
      '/api/v1/courses/7/',
      '/api/v1/courses/7/assignments/12/',
    ];
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    // Assistant mode off in this tab: the app shows the learner's page, whose table she may not read.
    const off = runScript('/courses/7/assistant/assignments/12', () => ({ manages: true }));
    await settle();
    expect(off).toEqual(course);
    // On (src/lib/course-mode.ts's key), for an assignment she runs: the table and the extensions.
    sessionStorage.setItem('assistantMode:abcdefgh:7', 'on');
    delete window.__pwEarly;
    const runs = runScript('/courses/7/assistant/assignments/12', () => ({ manages: true }));
    await vi.waitFor(() => expect(runs).toHaveLength(7));
    expect(runs.slice(5)).toEqual([
      '/api/v1/courses/7/assignments/12/management/',
      '/api/v1/courses/7/assignments/12/extensions/',
    ]);
    // On, for an assignment she takes part in: her learner's tabs, no table.
    delete window.__pwEarly;
    const takesPart = runScript('/courses/7/assistant/assignments/12', () => ({ manages: false }));
    await settle();
    expect(takesPart).toEqual(course);
    sessionStorage.clear();
  });

  it('asks nothing when the app has asked already', () => {
    window.__pwEarly = null;
    expect(runScript('/')).toEqual([]);
  });
});

describe("public/early-requests.js: the page's modules", () => {
  // As the build writes it into index.html (vite.config.ts, arrivalPreloads).
  const table = {
    files: [
      'assets/Frame-1.js',
      'assets/Frame-1.css',
      'assets/common-ko.js',
      'assets/common-en.js',
      'assets/Work-2.js',
    ],
    modules: { frame: [0, 1], 'texts:ko': [2], 'texts:en': [3], work: [4, 0] },
    pages: [
      ['^\\/', ['frame', 'texts']],
      ['^\\/courses\\/\\d+\\/learner\\/work$', ['work']],
    ],
  };
  const preloads = () =>
    [...document.head.querySelectorAll('link')].map(
      (l) => `${l.rel}${l.rel === 'preload' ? `:${l.as}` : ''} ${l.getAttribute('href')}`,
    );

  beforeEach(() => {
    document.head.innerHTML = `<script type="application/json" id="pw-arrivals">${JSON.stringify(table)}</script>`;
  });
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it("signed in, preloads each file of the page's modules once, the texts in the page's language", () => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('language', 'en');
    runScript('/courses/3/learner/work');
    expect(preloads()).toEqual([
      'modulepreload /assets/Frame-1.js',
      'preload:style /assets/Frame-1.css',
      'modulepreload /assets/common-en.js',
      'modulepreload /assets/Work-2.js',
    ]);
  });

  it('only the modules of the page at the address', () => {
    localStorage.setItem('token', 'abc');
    runScript('/courses/3/learner');
    expect(preloads()).toEqual([
      'modulepreload /assets/Frame-1.js',
      'preload:style /assets/Frame-1.css',
      'modulepreload /assets/common-ko.js',
    ]);
  });

  it('nothing when signed out, and nothing (no error) without the table', () => {
    runScript('/courses/3/learner/work');
    expect(preloads()).toEqual([]);
    document.head.innerHTML = '';
    localStorage.setItem('token', 'abc');
    delete window.__pwEarly;
    expect(runScript('/courses/3/learner/work')).toContain('/api/v1/users/login-check/');
    expect(preloads()).toEqual([]);
  });
});

describe('the app takes early answers', () => {
  it('once, for the same path and headers, instead of asking', async () => {
    localStorage.setItem('token', 'abc');
    runScript('/courses/7/instructor');
    const asked = askFresh();
    expect(await apiFetch('/courses/7/')).toEqual({ asked: '/api/v1/courses/7/' });
    expect(asked).toEqual([]);
    // Taken once: the second call asks.
    expect(await apiFetch('/courses/7/')).toEqual({ fresh: '/api/v1/courses/7/' });
    expect(asked).toEqual(['/api/v1/courses/7/']);
  });

  it('not with other headers (another language or token)', () => {
    localStorage.setItem('token', 'abc');
    runScript('/');
    const headers = { ...baseHeaders(), authorization: 'Token other' };
    expect(takeEarlyAnswer('/users/login-check/', headers)).toBeUndefined();
  });

  it('not after a change: a POST drops them', async () => {
    localStorage.setItem('token', 'abc');
    runScript('/courses/7/instructor');
    const asked = askFresh();
    await apiFetch('/courses/7/enrolls/', { method: 'POST', body: {} });
    await apiFetch('/courses/7/');
    expect(asked).toEqual(['/api/v1/courses/7/enrolls/', '/api/v1/courses/7/']);
  });

  it('not when older than the limit', () => {
    vi.useFakeTimers();
    localStorage.setItem('token', 'abc');
    runScript('/');
    vi.advanceTimersByTime(EARLY_ANSWER_MS + 1);
    expect(takeEarlyAnswer('/users/login-check/', baseHeaders())).toBeUndefined();
  });

  it('when the app asks before the script ran, the script asks nothing', () => {
    expect(takeEarlyAnswer('/users/configuration/', baseHeaders())).toBeUndefined();
    expect(window.__pwEarly).toBeNull();
    expect(runScript('/')).toEqual([]);
  });
});
