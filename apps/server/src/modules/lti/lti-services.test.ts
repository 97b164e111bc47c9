import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESSAY_AND_PEER_REVIEW, multipart } from '../../../test/factories';
import {
  buildTestApp,
  call,
  createOrganisation,
  createUser,
  signInAs,
  TEST_JOB_TIMINGS,
  type TestApp,
} from '../../../test/helpers';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import {
  courses,
  enrollments,
  ltiContextLinks,
  ltiGradeSends,
  ltiResourceLinks,
  ltiUserLinks,
  peerMatchings,
  reports,
  users,
} from '../../db/schema';
import { executorOf } from '../../jobs/executor';
import { QUEUES } from '../../jobs/queues';
import { ensureLineItem, lineItemOf } from './grade-passback';
import { codeOf, launch, type MockPlatform, ROLE, startMockPlatform } from './lti.test-kit';
import { CLAIM } from './lti-claims';
import { savePlatform } from './lti-platforms';
import { nextLink } from './sync-roster';

// LTI Advantage services against the mock platform (issue 31 items 3 and 4): the roster synced
// from its NRPS endpoint, grades sent to its AGS line item through the queue.

let t: TestApp;
let p: MockPlatform;
let orgId: number;
let courseId: number;
let instructorToken: string;
const HOST = 'uni.peer.test';
const api = (path: string) => `/api/v1${path}`;
const member = (sub: string, role: keyof typeof ROLE, extra: Record<string, unknown> = {}) => ({
  user_id: sub,
  roles: [ROLE[role]],
  name: `이름 ${sub}`,
  email: `${sub}@lms.example.edu`,
  ...extra,
});
const INSTRUCTOR = member('lms-user-1', 'instructor', { name: '김교수', email: 'prof@lms.example.edu' });

async function until(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(50);
  }
}

async function launchAs(sub: string, role: keyof typeof ROLE, over: Record<string, unknown> = {}) {
  const res = await launch(t, p, HOST, {
    sub,
    name: `이름 ${sub}`,
    email: sub === 'lms-user-1' ? 'prof@lms.example.edu' : `${sub}@lms.example.edu`,
    [CLAIM.roles]: [ROLE[role]],
    ...p.serviceClaims(),
    ...over,
  });
  expect(res.statusCode).toBe(303);
  const ex = await call(t, {
    method: 'POST',
    url: api('/lti/exchange/'),
    host: HOST,
    payload: { code: codeOf(res.headers.location) },
  });
  return ex.json() as { token: string; user: { id: number }; target: string };
}

const activeLearnerSubs = async () =>
  (
    await t.database.db
      .select({ sub: ltiUserLinks.sub })
      .from(enrollments)
      .innerJoin(ltiUserLinks, eq(ltiUserLinks.userId, enrollments.userId))
      .where(
        and(
          eq(enrollments.courseId, courseId),
          eq(enrollments.isActive, true),
          eq(enrollments.isAssistant, false),
        ),
      )
  )
    .map((r) => r.sub)
    .sort();

const sync = (token: string | undefined, id = courseId, host = HOST) =>
  call(t, { method: 'POST', url: api(`/courses/${id}/lti/roster-sync/`), host, token });

beforeAll(async () => {
  t = await buildTestApp();
  p = await startMockPlatform();
  p.state.toolJwks = async () =>
    (await call(t, { method: 'GET', url: '/lti/jwks', host: HOST })).json() as JSONWebKeySet;
  orgId = (await createOrganisation(t, { subdomain: 'uni', name: '한국대학교' })).id;
  await savePlatform(t.database.db, orgId, p.registration);
  p.state.roster = [
    INSTRUCTOR,
    member('s1', 'learner'),
    member('s2', 'learner'),
    member('s3', 'learner'),
    member('mentor', 'learner', { roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor'] }),
  ];
  // The instructor's first launch opens the course and syncs the roster in the background.
  const first = await launchAs('lms-user-1', 'instructor');
  instructorToken = first.token;
  courseId = Number(/\/courses\/(\d+)\//.exec(first.target)?.[1]);
  await until(async () => (await activeLearnerSubs()).length === 3);
});
afterAll(async () => {
  await t.close();
  await p.close();
});

describe('roster sync (NRPS)', () => {
  it('keeps the memberships URL of the launch and syncs on the instructor’s launch, page by page', async () => {
    const [link] = await t.database.db
      .select()
      .from(ltiContextLinks)
      .where(eq(ltiContextLinks.courseId, courseId));
    expect(link?.membershipsUrl).toBe(`${p.base}/nrps/ctx-1`);
    expect(await activeLearnerSubs()).toEqual(['s1', 's2', 's3']);
    // Accounts made by issuer + sub, as a launch makes them, with the roster's names.
    const [s1] = await t.database.db
      .select({ name: users.name, email: users.email })
      .from(ltiUserLinks)
      .innerJoin(users, eq(users.id, ltiUserLinks.userId))
      .where(eq(ltiUserLinks.sub, 's1'));
    expect(s1).toEqual({ name: '이름 s1', email: 's1@lms.example.edu' });
    // The service token came by the client-credentials grant with the tool's signed assertion.
    expect(p.state.tokenRequests.every((r) => r.ok)).toBe(true);
    expect(p.state.tokenRequests.map((r) => r.scope)).toContain(
      'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
    );
  });

  it('answers what changed: new learners enrolled, dropped ones withdrawn (never deleted)', async () => {
    const before = p.state.rosterRequests;
    const tokensBefore = p.state.tokenRequests.length;
    const same = await sync(instructorToken);
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ members: 5, enrolled: 0, withdrawn: 0, unchanged: 4, skipped: 1 });
    // 5 members, 2 a page: 3 pages, by the Link header; the cached token served again.
    expect(p.state.rosterRequests - before).toBe(3);
    expect(p.state.tokenRequests.length).toBe(tokensBefore);

    p.state.roster = [
      INSTRUCTOR,
      member('s1', 'learner'),
      member('s2', 'learner'),
      member('s3', 'learner', { status: 'Inactive' }),
      member('s4', 'learner'),
      member('ta1', 'assistant'),
    ];
    const changed = await sync(instructorToken);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ members: 5, enrolled: 2, withdrawn: 1, unchanged: 3, skipped: 0 });
    expect(await activeLearnerSubs()).toEqual(['s1', 's2', 's4']);
    const learners = (
      await call(t, {
        method: 'GET',
        url: api(`/courses/${courseId}/learners/`),
        host: HOST,
        token: instructorToken,
      })
    ).json() as { user: { email: string }; is_active: boolean; is_assistant: boolean }[];
    const s3 = learners.find((l) => l.user.email === 's3@lms.example.edu');
    expect(s3?.is_active).toBe(false);
    expect(learners.find((l) => l.user.email === 'ta1@lms.example.edu')?.is_assistant).toBe(true);
    const status = await call(t, {
      method: 'GET',
      url: api(`/courses/${courseId}/lti/roster/`),
      host: HOST,
      token: instructorToken,
    });
    expect(status.json()).toMatchObject({ roster_sync: true });
    expect(status.json().synced_at).toBe(changed.json().synced_at);
    // The instructor's own withdrawal stands: a dropped learner back in the LMS stays withdrawn.
    p.state.roster = p.state.roster.map((m) => (m.user_id === 's3' ? { ...m, status: 'Active' } : m));
    expect((await sync(instructorToken)).json()).toMatchObject({ enrolled: 0, withdrawn: 0 });
    expect(await activeLearnerSubs()).toEqual(['s1', 's2', 's4']);
  });

  it('is the course’s instructor’s and assistants’ only', async () => {
    const ta = await launchAs('ta1', 'assistant');
    expect((await sync(ta.token)).statusCode).toBe(200);
    const learner = await launchAs('s1', 'learner');
    const refused = await sync(learner.token);
    expect(refused.statusCode).toBe(403);
    expect(
      (
        await call(t, {
          method: 'GET',
          url: api(`/courses/${courseId}/lti/roster/`),
          host: HOST,
          token: learner.token,
        })
      ).statusCode,
    ).toBe(403);
    expect((await sync(undefined)).statusCode).toBe(401);
    // Another instructor of the organisation, and another organisation's.
    await createUser(t, orgId, { email: 'someone@uni.test', role: 'I' });
    const stranger = (await signInAs(t, 'someone@uni.test', HOST)) as string;
    expect([403, 404]).toContain((await sync(stranger)).statusCode);
    const other = await createOrganisation(t, { subdomain: 'other', name: '다른대학교' });
    await createUser(t, other.id, { email: 'prof@other.test', role: 'I' });
    const otherToken = (await signInAs(t, 'prof@other.test', 'other.peer.test')) as string;
    expect([403, 404]).toContain((await sync(otherToken, courseId, 'other.peer.test')).statusCode);
    // A course without an LMS link: a clear 409, nothing changed.
    const [own] = await t.database.db
      .insert(courses)
      .values({ organisationId: orgId, instructorId: learner.user.id, name: '연결 없음', code: 'NOLTI1' })
      .returning();
    const unlinked = await sync(learner.token, own!.id);
    expect(unlinked.statusCode).toBe(409);
    expect(unlinked.json().code).toBe('lti_not_linked');
  });

  it('reports an LMS that fails with 502 and changes nothing', async () => {
    const before = await activeLearnerSubs();
    const [link] = await t.database.db
      .select()
      .from(ltiContextLinks)
      .where(eq(ltiContextLinks.courseId, courseId));
    await t.database.db
      .update(ltiContextLinks)
      .set({ membershipsUrl: `${p.base}/missing` })
      .where(eq(ltiContextLinks.id, link!.id));
    const res = await sync(instructorToken);
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('lti_service_failed');
    expect(await activeLearnerSubs()).toEqual(before);
    await t.database.db
      .update(ltiContextLinks)
      .set({ membershipsUrl: link!.membershipsUrl })
      .where(eq(ltiContextLinks.id, link!.id));
  });

  it('reads the next page from a Link header', () => {
    expect(nextLink('<https://a/x?p=2>; rel="next", <https://a/x?p=9>; rel="last"')).toBe('https://a/x?p=2');
    expect(nextLink('<https://a/x?p=9>; rel="last"')).toBeUndefined();
    expect(nextLink(null)).toBeUndefined();
  });
});

describe('grade passback (AGS)', () => {
  let assignmentId: number;
  const learnerTokens: string[] = [];
  const base = () => api(`/courses/${courseId}/assignments`);
  const get = (url: string, token: string) => call(t, { method: 'GET', url, host: HOST, token });
  const move = () =>
    call(t, {
      method: 'PATCH',
      url: `${base()}/${assignmentId}/move-to-next-stage/`,
      host: HOST,
      token: instructorToken,
    });
  const sendsOf = () =>
    t.database.db.select().from(ltiGradeSends).where(eq(ltiGradeSends.assignmentId, assignmentId));
  const totals = async () =>
    new Map(
      (
        await t.database.db
          .select({ sub: ltiUserLinks.sub, total: reports.scoreTotal })
          .from(reports)
          .innerJoin(enrollments, eq(enrollments.id, reports.enrollmentId))
          .innerJoin(ltiUserLinks, eq(ltiUserLinks.userId, enrollments.userId))
          .where(eq(reports.assignmentId, assignmentId))
      ).map((r) => [r.sub, Math.round((r.total ?? 0) * 100) / 100]),
    );
  const scoresFor = (sub: string) => p.state.scores.filter((s) => s.body.userId === sub);

  beforeAll(async () => {
    const created = await call(t, {
      method: 'POST',
      url: `${base()}/`,
      host: HOST,
      token: instructorToken,
      ...multipart({
        name: 'LMS 에세이',
        description: '설명',
        is_directly_starting: 'true',
        progresses: JSON.stringify(
          ESSAY_AND_PEER_REVIEW.map((s) =>
            s.model === 'peerreview' ? { ...s, stage_object: { ...s.stage_object, peer_count: 2 } } : s,
          ),
        ),
      }),
    });
    expect(created.statusCode).toBe(201);
    assignmentId = (created.json() as { id: number }).id;
    const [link] = await t.database.db
      .select({ platformId: ltiContextLinks.platformId })
      .from(ltiContextLinks)
      .where(eq(ltiContextLinks.courseId, courseId));
    await t.database.db
      .insert(ltiResourceLinks)
      .values({ platformId: link!.platformId, deploymentId: 'dep-1', resourceLinkId: 'rl-1', assignmentId });
    // The instructor's launch of the link keeps its line item.
    await launchAs('lms-user-1', 'instructor');
    for (const sub of ['s1', 's2', 's4']) learnerTokens.push((await launchAs(sub, 'learner')).token);
  });

  it('keeps the line item of the launch, and tells nothing before completion', async () => {
    const [link] = await t.database.db
      .select()
      .from(ltiResourceLinks)
      .where(eq(ltiResourceLinks.assignmentId, assignmentId));
    expect(link?.lineitemUrl).toBe(`${p.base}/lineitems/li-1`);
    expect(link?.agsScopes).toContain('https://purl.imsglobal.org/spec/lti-ags/scope/score');
    const res = await get(`${base()}/${assignmentId}/lti/grades/`, instructorToken);
    expect(res.json()).toEqual({ linked: true, grades: [] });
  });

  it('sends every learner’s total out of 100 at completion', async () => {
    for (const token of learnerTokens) {
      const mine = (await get(`${base()}/${assignmentId}/`, token)).json();
      const saved = await call(t, {
        method: 'PATCH',
        url: `${base()}/${assignmentId}/performances/${mine.performance_id}/`,
        host: HOST,
        token,
        payload: { stage_object: { content: { ops: [{ insert: '에세이\n' }] } } },
      });
      expect(saved.statusCode).toBe(200);
    }
    expect((await move()).statusCode).toBe(200);
    for (const [n, token] of learnerTokens.entries()) {
      const mine = (await get(`${base()}/${assignmentId}/`, token)).json();
      const work = (
        await get(`${base()}/${assignmentId}/performances/${mine.performance_id}/`, token)
      ).json();
      for (const target of work.stage_object.targets as { id: number }[]) {
        const saved = await call(t, {
          method: 'PATCH',
          url: `${base()}/${assignmentId}/performances/peerreview-matching/${target.id}/`,
          host: HOST,
          token,
          payload: { responses: [{ id: 0, point: [5, 2, 4][n] ?? 3, comment: '의견' }] },
        });
        expect(saved.statusCode).toBe(200);
      }
    }
    expect((await move()).statusCode).toBe(200);
    await until(async () => p.state.scores.length === 3);
    await t.app.jobs.settled([QUEUES.ltiGrades]);
    const expected = await totals();
    for (const sub of ['s1', 's2', 's4']) {
      const [score] = scoresFor(sub);
      expect(score?.contentType).toBe('application/vnd.ims.lis.v1.score+json');
      expect(score?.lineitem).toBe('/lineitems/li-1');
      expect(score?.body).toMatchObject({
        userId: sub,
        scoreGiven: expected.get(sub),
        scoreMaximum: 100,
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
      });
      expect(Date.parse(String(score?.body.timestamp))).not.toBeNaN();
    }
    const grades = (await get(`${base()}/${assignmentId}/lti/grades/`, instructorToken)).json() as {
      linked: boolean;
      grades: { status: string; sent_score: number }[];
    };
    expect(grades.linked).toBe(true);
    expect(grades.grades.map((g) => g.status)).toEqual(['sent', 'sent', 'sent']);
    // Learners do not read it, nor anyone outside the course or the organisation.
    expect((await get(`${base()}/${assignmentId}/lti/grades/`, learnerTokens[0]!)).statusCode).toBe(403);
    const stranger = (await signInAs(t, 'someone@uni.test', HOST)) as string;
    expect([403, 404]).toContain((await get(`${base()}/${assignmentId}/lti/grades/`, stranger)).statusCode);
    const outsider = (await signInAs(t, 'prof@other.test', 'other.peer.test')) as string;
    const foreign = await call(t, {
      method: 'GET',
      url: `${base()}/${assignmentId}/lti/grades/`,
      host: 'other.peer.test',
      token: outsider,
    });
    expect([403, 404]).toContain(foreign.statusCode);
  });

  it('sends again after a score change, and retries when the LMS fails once', async () => {
    const before = await totals();
    const versions = new Map((await sendsOf()).map((r) => [r.userId, r.version]));
    p.state.failScores = 1;
    const [matching] = await t.database.db
      .select({ id: peerMatchings.id })
      .from(peerMatchings)
      .where(eq(peerMatchings.assignmentId, assignmentId))
      .limit(1);
    const adjusted = await call(t, {
      method: 'PATCH',
      url: `${base()}/${assignmentId}/performances/peerreview-matching/${matching!.id}/instructor/`,
      host: HOST,
      token: instructorToken,
      payload: { responses: [{ id: 0, edited_point: 0 }], instructor_comment: '조정' },
    });
    expect(adjusted.statusCode).toBe(200);
    const after = await totals();
    const changed = [...after].filter(([sub, total]) => before.get(sub) !== total).map(([sub]) => sub);
    expect(changed.length).toBeGreaterThan(0);
    const sentBefore = p.state.scores.length;
    await until(async () => p.state.scores.length === sentBefore + changed.length);
    await t.app.jobs.settled([QUEUES.ltiGrades]);
    for (const sub of changed) expect(scoresFor(sub).at(-1)?.body.scoreGiven).toBe(after.get(sub));
    // Only the changed learners were sent again, each once.
    expect(p.state.scores.length).toBe(sentBefore + changed.length);
    expect(p.state.failScores).toBe(0);
    const rows = await sendsOf();
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    const retried = rows.filter((r) => r.version > (versions.get(r.userId) ?? 0));
    expect(retried).toHaveLength(changed.length);
    // One of them failed first and was retried by the queue.
    expect(retried.map((r) => r.attempts).sort()).toContain(2);
    const { rows: jobs } = await executorOf(t.database.db).executeSql(
      'select retry_count from pgboss.job where name = $1 and retry_count > 0',
      [QUEUES.ltiGrades],
    );
    expect(jobs.length).toBe(1);
  });

  it('sends each score once with two app instances queueing at once', async () => {
    const database: Database | undefined = t.database.url
      ? await openDatabase({ url: t.database.url })
      : undefined;
    const config = loadConfig({ DEMO_DATA: 'off', WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent' });
    const second: FastifyInstance = await buildApp(config, {
      database: database ?? t.database,
      logger: false,
      seed: false,
      scheduler: false,
      jobs: TEST_JOB_TIMINGS,
    });
    await second.ready();
    try {
      // New totals for everyone (as a recomputation stores them), pending.
      await t.database.db
        .update(ltiGradeSends)
        .set({ score: 77.5, version: 100, status: 'pending' })
        .where(eq(ltiGradeSends.assignmentId, assignmentId));
      const sentBefore = p.state.scores.length;
      await Promise.all([t.app.jobs.queueGrades(), second.jobs.queueGrades(), t.app.jobs.queueGrades()]);
      await until(async () => p.state.scores.length >= sentBefore + 3);
      await t.app.jobs.settled([QUEUES.ltiGrades]);
      await second.jobs.settled([QUEUES.ltiGrades]);
      await sleep(300);
      const fresh = p.state.scores.slice(sentBefore);
      expect(fresh).toHaveLength(3);
      expect(new Set(fresh.map((s) => s.body.userId)).size).toBe(3);
      expect(fresh.every((s) => s.body.scoreGiven === 77.5)).toBe(true);
      // Queued again once sent: nothing more goes out.
      await Promise.all([t.app.jobs.queueGrades(), second.jobs.queueGrades()]);
      await sleep(300);
      expect(p.state.scores.length).toBe(sentBefore + 3);
    } finally {
      await second.close();
      await database?.close();
    }
  });

  it('creates the line item when the LMS sent only `lineitems`, once however many jobs ask', async () => {
    const onlyLineitems = () =>
      t.database.db
        .update(ltiResourceLinks)
        .set({ lineitemUrl: null, lineitemClaimedAt: null })
        .where(eq(ltiResourceLinks.assignmentId, assignmentId));
    await onlyLineitems();
    // Three jobs (or nodes) at once: one creates it, the others read it or wait for it.
    const item = await lineItemOf(t.database.db, assignmentId);
    expect(item?.url).toBeUndefined();
    const results = await Promise.allSettled([1, 2, 3].map(() => ensureLineItem(t.database.db, item!)));
    expect(p.state.lineItems).toHaveLength(1);
    const created = p.state.lineItems[0]!.id;
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
    for (const r of results) if (r.status === 'fulfilled') expect(r.value).toBe(created);
    expect(await ensureLineItem(t.database.db, item!)).toBe(created);
    expect(p.state.lineItems).toHaveLength(1);

    // At a grade passback: the line item created in the container, then the scores sent to it.
    await onlyLineitems();
    await t.database.db
      .update(ltiGradeSends)
      .set({ score: 66, version: sql`${ltiGradeSends.version} + 1`, status: 'pending', attempts: 0 })
      .where(eq(ltiGradeSends.assignmentId, assignmentId));
    const sentBefore = p.state.scores.length;
    await t.app.jobs.queueGrades();
    await until(async () => p.state.scores.length >= sentBefore + 3);
    await t.app.jobs.settled([QUEUES.ltiGrades]);
    expect(p.state.lineItems).toHaveLength(2);
    const second = p.state.lineItems[1]!;
    expect(second.contentType).toBe('application/vnd.ims.lis.v2.lineitem+json');
    expect(second.body).toEqual({
      scoreMaximum: 100,
      label: 'LMS 에세이',
      resourceId: `peerwrite-assignment-${assignmentId}`,
      resourceLinkId: 'rl-1',
    });
    const fresh = p.state.scores.slice(sentBefore);
    expect(fresh.map((s) => s.lineitem)).toEqual(Array(3).fill(new URL(second.id).pathname));
    expect(fresh.every((s) => s.body.scoreGiven === 66)).toBe(true);
    // A later launch carrying only `lineitems` keeps the line item PeerWrite created.
    await launchAs('s1', 'learner', {
      [CLAIM.ags]: {
        scope: [
          'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
          'https://purl.imsglobal.org/spec/lti-ags/scope/score',
        ],
        lineitems: `${p.base}/lineitems`,
      },
    });
    const [link] = await t.database.db
      .select()
      .from(ltiResourceLinks)
      .where(eq(ltiResourceLinks.assignmentId, assignmentId));
    expect(link?.lineitemUrl).toBe(second.id);
  });

  it("resends a failed grade on a manager's request, through the queue, once", async () => {
    const grades = (await get(`${base()}/${assignmentId}/lti/grades/`, instructorToken)).json() as {
      grades: { enrollment_id: number }[];
    };
    const eid = grades.grades[0]!.enrollment_id;
    const [enrolment] = await t.database.db.select().from(enrollments).where(eq(enrollments.id, eid));
    const userId = enrolment!.userId;
    const [sub] = await t.database.db
      .select({ sub: ltiUserLinks.sub })
      .from(ltiUserLinks)
      .where(eq(ltiUserLinks.userId, userId));
    const fail = () =>
      t.database.db
        .update(ltiGradeSends)
        .set({ status: 'failed', attempts: 9, lastError: 'score refused (503)' })
        .where(and(eq(ltiGradeSends.assignmentId, assignmentId), eq(ltiGradeSends.userId, userId)));
    const resend = (token: string, id = eid) =>
      call(t, {
        method: 'POST',
        url: `${base()}/${assignmentId}/lti/grades/${id}/resend/`,
        host: HOST,
        token,
      });
    await fail();
    // A sent grade is not resent; a learner may not; an unknown enrolment is not found.
    expect((await resend(learnerTokens[0]!)).statusCode).toBe(403);
    expect((await resend(instructorToken, 999_999)).statusCode).toBe(404);
    const before = p.state.scores.length;
    const res = await resend(instructorToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ enrollment_id: eid, status: 'pending' });
    await until(async () => p.state.scores.length === before + 1);
    await t.app.jobs.settled([QUEUES.ltiGrades]);
    expect(p.state.scores.at(-1)?.body.userId).toBe(sub!.sub);
    const [row] = (await sendsOf()).filter((r) => r.userId === userId);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    const again = await resend(instructorToken);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('lti_grade_not_failed');
    // Two managers at once: one new version, the other told it is no longer failed.
    await fail();
    const version = row!.version;
    const both = await Promise.all([resend(instructorToken), resend(instructorToken)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    await until(async () => p.state.scores.length === before + 2);
    await t.app.jobs.settled([QUEUES.ltiGrades]);
    const [after] = (await sendsOf()).filter((r) => r.userId === userId);
    expect(after?.version).toBe(version + 1);
    expect(after?.status).toBe('sent');
  });
});
