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
function runScript(path: string): string[] {
  window.history.replaceState(null, '', path);
  const asked: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    return Promise.resolve(json({ asked: url }));
  });
  new Function(script)();
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
    expect(runScript('/')).toEqual(['/api/v1/users/configuration/', '/api/v1/users/login-check/']);
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
  });

  it('asks nothing when the app has asked already', () => {
    window.__pwEarly = null;
    expect(runScript('/')).toEqual([]);
  });
});

describe('the app takes early answers', () => {
  it('once, for the same path and headers, instead of asking', async () => {
    localStorage.setItem('token', 'abc');
    runScript('/courses/7/instructor');
    const asked: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url);
      return Promise.resolve(json({ fresh: url }));
    });
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
    const asked: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url);
      return Promise.resolve(json({ fresh: url }));
    });
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
