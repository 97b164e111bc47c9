import { describe, expect, it } from 'vitest';
import { ACTORS } from '../../../test/factories';
import { call } from '../../../test/helpers';
import { t, usePermissionWorld, w } from './permissions.test-kit';
import { rows } from './permissions-rows.test-kit';

usePermissionWorld();

/**
 * Operations proven by the role tests of their own module rather than this matrix (they are not
 * reached through a course): each names the file whose "requires authentication / wrong role"
 * tests cover it.
 */
const ELSEWHERE: Record<string, string> = {
  'GET /api/v1/users/configuration/': 'app.test.ts (public)',
  'GET /api/v1/users/configurations/': 'app.test.ts (public)',
  'POST /api/v1/users/sign-up/': 'accounts-sign-up.test.ts (public)',
  'POST /api/v1/users/sign-in/': 'accounts-sign-in.test.ts (public)',
  // Public: the one-time code is the credential; its own organisation only, once (sso.test.ts).
  'POST /api/v1/users/sso-exchange/':
    'sso.test.ts (public; the code is its own organisation\u2019s, used once)',
  // Public: a one-time launch code is the credential (once, a minute, its own organisation only).
  'POST /api/v1/lti/exchange/': 'lti-launch.test.ts (public, the code is the credential)',
  // The course's instructor and assistants only; learners 403, other course/organisation refused.
  'GET /api/v1/courses/{id}/lti/roster/': 'lti-services.test.ts (managers only)',
  'POST /api/v1/courses/{id}/lti/roster-sync/': 'lti-services.test.ts (managers only)',
  'GET /api/v1/courses/{id}/assignments/{aid}/lti/grades/': 'lti-services.test.ts (managers only)',
  'POST /api/v1/users/sign-out/': 'accounts-session.test.ts',
  'GET /api/v1/users/login-check/': 'accounts-session.test.ts',
  'GET /api/v1/users/is-staff/': 'accounts-session.test.ts',
  'GET /api/v1/users/profile/': 'profile.test.ts',
  'PATCH /api/v1/users/profile/': 'profile.test.ts',
  'POST /api/v1/users/password-change/': 'profile.test.ts',
  'GET /api/v1/users/standard-scores/': 'profile.test.ts',
  'POST /api/v1/supports/': 'supports.test.ts',
  'GET /api/v1/supports/': 'supports.test.ts (staff only)',
  // Only the caller's own: another's is 404 (notifications.test.ts).
  'GET /api/v1/notifications/': 'notifications.test.ts (own only)',
  'PATCH /api/v1/notifications/{id}/': 'notifications.test.ts (own only)',
  'POST /api/v1/notifications/read-all/': 'notifications.test.ts (own only)',
  'GET /api/v1/users/notification-settings/': 'notifications.test.ts (own only)',
  'PATCH /api/v1/users/notification-settings/': 'notifications.test.ts (own only)',
  // Owner, instructor, assistant, another learner, withdrawn, another course, anonymous.
  'GET /api/v1/courses/{id}/assignments/{aid}/performances/{pid}/':
    'performances-access.test.ts (who may read and write)',
  'PATCH /api/v1/courses/{id}/assignments/{aid}/performances/{pid}/':
    'performances-access.test.ts (who may read and write)',
  'PATCH /api/v1/courses/{id}/assignments/{aid}/performances/{pid}/late-essay/':
    'performances-stages.test.ts (stage rules)',
  // Author, instructor, another learner, another course, another organisation, anonymous.
  'GET /api/v1/courses/{id}/assignments/{aid}/performances/{pid}/trace/':
    'traces.test.ts (the author and the assignment\u2019s managers read; others 404)',
  'PATCH /api/v1/courses/{id}/assignments/{aid}/performances/{pid}/trace/':
    'traces.test.ts (only the author marks, while the revision is open)',
  'GET /api/v1/courses/{id}/assignments/{aid}/performances/{pid}/anchors/':
    'anchors.test.ts (the author in the feedback review and revision, and the managers; others 404)',
  'GET /api/v1/courses/{id}/assignments/{aid}/performances/peerreview-matching/{mid}/anchors/':
    'anchors.test.ts (only the reviewer; others 404)',
  'PUT /api/v1/courses/{id}/assignments/{aid}/performances/peerreview-matching/{mid}/anchors/':
    'anchors.test.ts (only the reviewer, while the review may be saved)',
  // Reviewer, author, other learner, instructor, assistant, withdrawn, another course, anonymous.
  'GET /api/v1/courses/{id}/assignments/{aid}/performances/peerreview-matching/{mid}/':
    'reviews-peer.test.ts (peer review)',
  'PATCH /api/v1/courses/{id}/assignments/{aid}/performances/peerreview-matching/{mid}/':
    'reviews-peer.test.ts (peer review)',
  'GET /api/v1/courses/{id}/assignments/{aid}/performances/peerreview-matching/{mid}/instructor/':
    'reviews-peer.test.ts (peer review)',
  'PATCH /api/v1/courses/{id}/assignments/{aid}/performances/peerreview-matching/{mid}/instructor/':
    'reviews-peer.test.ts (peer review)',
  'POST /api/v1/courses/{id}/assignments/{aid}/performances/peerreview-matching/{mid}/instructor/preview/':
    'score-adjustments.test.ts (the preview is the managers\u2019)',
  'PATCH /api/v1/courses/{id}/assignments/{aid}/performances/feedbackreview-matching/{mid}/':
    'reviews-feedback.test.ts (feedback review)',
  'POST /api/v1/courses/{id}/assignments/{aid}/objections/': 'reviews-feedback.test.ts (objections)',
  'GET /api/v1/courses/{id}/assignments/{aid}/objections/{oid}/': 'reviews-feedback.test.ts (objections)',
  'PATCH /api/v1/courses/{id}/assignments/{aid}/objections/{oid}/': 'reviews-feedback.test.ts (objections)',
  'DELETE /api/v1/courses/{id}/assignments/{aid}/objections/{oid}/': 'reviews-feedback.test.ts (objections)',
  'PATCH /api/v1/courses/{id}/assignments/{aid}/objections/{oid}/ruling/':
    'reviews-feedback.test.ts (objections)',
  'GET /api/v1/courses/{id}/assignments/{aid}/matchings/': 'reviews-matching.test.ts (the matching page)',
  'POST /api/v1/courses/{id}/assignments/{aid}/matchings-reset/':
    'reviews-matching.test.ts (the matching page)',
  // The course's participating learners only; staff and outsiders 404.
  'POST /api/v1/courses/{id}/assignments/{aid}/peer-reviews/one-more/': 'review-one-more.test.ts',
  // Own report after completion, others 404; managers any; learners 403 on the score page.
  'GET /api/v1/courses/{id}/assignments/{aid}/reports/{rid}/': 'reports.test.ts',
  'PATCH /api/v1/courses/{id}/assignments/{aid}/reports/{rid}/': 'reports.test.ts',
  'GET /api/v1/courses/{id}/assignments/{aid}/scores/': 'reports.test.ts',
  // Instructor and assistants; learners 403 (their own personal score only), outsiders 404.
  'GET /api/v1/courses/{id}/results/': 'results.test.ts',
  'GET /api/v1/courses/{id}/results/export/': 'results.test.ts',
  'GET /api/v1/courses/{id}/assignments/weights/': 'results.test.ts (weights)',
  'PATCH /api/v1/courses/{id}/assignments/weights/': 'results.test.ts (weights: the instructor only)',
  'GET /api/v1/courses/{id}/enrolls/{eid}/personal-score/': 'results.test.ts (personal score)',
  'GET /api/v1/courses/{id}/scores-by-learner/': 'results.test.ts (my score, the class line)',
  // Staff of the organisation only: instructor and learner 403, anonymous 401, another organisation 404.
  'GET /api/v1/users/pages/': 'manager.test.ts',
  'GET /api/v1/users/': 'manager.test.ts',
  'GET /api/v1/users/export/': 'manager.test.ts',
  'GET /api/v1/users/{userId}/': 'manager.test.ts',
  'POST /api/v1/users/': 'manager.test.ts',
  'PATCH /api/v1/users/{userId}/': 'manager.test.ts',
  'GET /api/v1/courses/export/': 'manager.test.ts',
  'GET /api/v1/manager/courses/{id}/': 'manager.test.ts',
  'GET /api/v1/manager/lti-platforms/': 'lti-platforms-manager.test.ts',
  'POST /api/v1/manager/lti-platforms/': 'lti-platforms-manager.test.ts',
  'DELETE /api/v1/manager/lti-platforms/{id}/': 'lti-platforms-manager.test.ts',
  'GET /api/v1/assignments/pages/': 'manager.test.ts',
  'GET /api/v1/assignments/export/': 'manager.test.ts',
  'GET /api/v1/manager/assignments/{id}/': 'manager.test.ts',
};

type OpenApi = { paths: Record<string, Record<string, unknown>> };
/** `GET /api/v1/courses/{id}/` → a matcher for concrete URLs of that operation. */
const operationsOf = (doc: OpenApi) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({
      key: `${method.toUpperCase()} ${path}`,
      matches: (m: string, url: string) =>
        m === method.toUpperCase() &&
        new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(url.split('?')[0] ?? ''),
    })),
  );
const covered = new Set<string>();

describe('permission matrix: every course, enrolment, post, comment and assignment endpoint × every kind of user', () => {
  it.each(rows)('$name', async (row) => {
    const operations = operationsOf(t.app.swagger() as unknown as OpenApi);
    const unexpected: string[] = [];
    for (const actor of ACTORS) {
      const req = await row.prepare(actor);
      const operation = operations.find((o) => o.matches(req.method, req.url));
      if (operation) covered.add(operation.key);
      else unexpected.push(`${req.method} ${req.url} is not an operation of the OpenAPI document`);
      const res = await call(t, { ...req, token: w.tokens[actor], host: w.hostOf(actor) } as Parameters<
        typeof call
      >[1]);
      if (res.statusCode !== row.expected[actor])
        unexpected.push(
          `${actor}: ${res.statusCode} (expected ${row.expected[actor]}) ${res.body.slice(0, 120)}`,
        );
    }
    expect(unexpected).toEqual([]);
  });

  it('has a row for every operation of the OpenAPI document (or names the suite that covers it)', () => {
    const all = operationsOf(t.app.swagger() as unknown as OpenApi).map((o) => o.key);
    expect(all.length).toBeGreaterThan(40);
    const missing = all.filter((key) => !covered.has(key) && !(key in ELSEWHERE));
    expect(missing).toEqual([]);
    // And the exemptions are real operations, so none outlives its route.
    expect(Object.keys(ELSEWHERE).filter((key) => !all.includes(key))).toEqual([]);
  });
});
