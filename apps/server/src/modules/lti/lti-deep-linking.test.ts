import { and, eq } from 'drizzle-orm';
import type { JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createOrganisation, type TestApp } from '../../../test/helpers';
import { ltiDeepLinkSessions, ltiResourceLinks } from '../../db/schema';
import { assignmentForm } from '../assignments/assignments.test-kit';
import { codeOf, launch, type MockPlatform, ROLE, startMockPlatform } from './lti.test-kit';
import { CLAIM } from './lti-claims';
import { savePlatform } from './lti-platforms';

let t: TestApp;
let p: MockPlatform;
const HOST = 'uni.peer.test';
const LEARNER = {
  sub: 'lms-learner-1',
  name: '이학생',
  email: 'learner1@lms.example.edu',
  [CLAIM.roles]: [ROLE.learner],
};

beforeAll(async () => {
  t = await buildTestApp();
  p = await startMockPlatform();
  p.state.toolJwks = async () =>
    (await call(t, { method: 'GET', url: '/lti/jwks', host: HOST })).json() as JSONWebKeySet;
  const org = await createOrganisation(t, { subdomain: 'uni', name: '한국대학교' });
  await savePlatform(t.database.db, org.id, p.registration);
});
afterAll(async () => {
  await t.close();
  await p.close();
});

const exchange = async (code: string) =>
  (await call(t, { method: 'POST', url: '/api/v1/lti/exchange/', host: HOST, payload: { code } })).json() as {
    token: string;
    target: string;
  };

const form = (url: string, fields: Record<string, string>) =>
  call(t, {
    method: 'POST',
    url,
    host: HOST,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

/** An instructor's Deep Linking launch: the handle of the chooser it redirects to. */
async function deepLinkLaunch(over: Record<string, unknown> = {}, settings: Record<string, unknown> = {}) {
  const res = await launch(t, p, HOST, p.deepLinkingRequest(settings, over));
  expect(res.statusCode, res.body).toBe(303);
  const location = new URL(String(res.headers.location), `http://${HOST}`);
  expect(location.pathname).toBe('/lti/deep-link');
  return location.searchParams.get('s') ?? '';
}

/** "Create a new assignment": the editor hand-over signs the instructor in; an assignment made there. */
async function createInEditor(handle: string, name: string) {
  const res = await form('/lti/deep-link/editor', { s: handle });
  expect(res.statusCode).toBe(303);
  const { token, target } = await exchange(codeOf(res.headers.location));
  const courseId = Number(/^\/courses\/(\d+)\/instructor\/assignments\/new$/.exec(target)?.[1]);
  const created = await call(t, {
    method: 'POST',
    url: `/api/v1/courses/${courseId}/assignments/`,
    host: HOST,
    token,
    ...assignmentForm({ name }),
  });
  expect(created.statusCode).toBe(201);
  return { courseId, assignmentId: (created.json() as { id: number }).id };
}

const answerForm = (html: string) => ({
  action: /<form method="post" action="([^"]+)" id="deep-link-answer">/
    .exec(html)?.[1]
    ?.replace(/&amp;/g, '&'),
  jwt: /name="JWT" value="([^"]+)"/.exec(html)?.[1] ?? '',
});

describe('LTI Deep Linking 2.0', () => {
  let handle = '';
  let courseId = 0;
  let assignmentId = 0;
  let otherCourseAssignment = 0;

  it("lands an instructor's request on the chooser of the context's course (opened on first launch)", async () => {
    handle = await deepLinkLaunch();
    const page = await call(t, { method: 'GET', url: `/lti/deep-link?s=${handle}`, host: HOST });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('PeerWrite 과제 추가');
    expect(page.body).toContain('글쓰기의 기초');
    expect(page.body).toContain('강의에 아직 과제가 없습니다');
    ({ courseId, assignmentId } = await createInEditor(handle, '논증 에세이'));
    const again = await call(t, { method: 'GET', url: `/lti/deep-link?s=${handle}&lang=en`, host: HOST });
    expect(again.body).toContain('Add a PeerWrite assignment');
    expect(again.body).toContain(`value="${assignmentId}"`);
    expect(again.body).toContain('논증 에세이');
  });

  it("refuses a choice that is not one of the course's assignments, and changes nothing", async () => {
    const other = await deepLinkLaunch({ [CLAIM.context]: { id: 'ctx-other', title: '다른 강의' } });
    otherCourseAssignment = (await createInEditor(other, '다른 과제')).assignmentId;
    for (const tampered of [String(otherCourseAssignment), '999999', 'abc', '']) {
      const res = await form('/lti/deep-link', { s: handle, assignment: tampered });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('선택한 과제는 이 강의의 과제가 아닙니다');
    }
    const [session] = await t.database.db.select().from(ltiDeepLinkSessions);
    expect(session?.usedAt).toBeNull();
  });

  it('answers with a JWT the platform verifies by the tool keys, carrying the chosen assignment', async () => {
    const res = await form('/lti/deep-link', { s: handle, assignment: String(assignmentId) });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-security-policy'])).toContain(`form-action 'self' ${p.base}`);
    expect(res.body).toContain('<script src="/lti/auto-submit.js"></script>');
    const answer = answerForm(res.body);
    expect(answer.action).toBe(`${p.base}/deep-link-return`);
    const posted = await fetch(answer.action ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ JWT: answer.jwt }).toString(),
    });
    expect(posted.status).toBe(200);
    const received = p.state.deepLinkAnswers.at(-1);
    if (!received?.ok) throw new Error(`platform refused the answer: ${JSON.stringify(received)}`);
    const jwks = await p.state.toolJwks?.();
    expect(jwks?.keys.map((k) => k.kid)).toContain(received.kid);
    const c = received.claims;
    expect(c.iss).toBe(p.registration.clientId);
    expect(c.aud).toBe(p.registration.issuer);
    expect(c[CLAIM.messageType]).toBe('LtiDeepLinkingResponse');
    expect(c[CLAIM.version]).toBe('1.3.0');
    expect(c[CLAIM.deploymentId]).toBe('dep-1');
    expect(c[CLAIM.deepLinkingData]).toBe('opaque-dl-data-1');
    expect(c[CLAIM.contentItems]).toEqual([
      {
        type: 'ltiResourceLink',
        title: '논증 에세이',
        url: `http://${HOST}/lti/launch`,
        custom: { peerwrite_assignment_id: String(assignmentId) },
        lineItem: {
          scoreMaximum: 100,
          label: '논증 에세이',
          resourceId: `peerwrite-assignment-${assignmentId}`,
        },
      },
    ]);
  });

  it('answers once: the spent session is refused', async () => {
    const res = await form('/lti/deep-link', { s: handle, assignment: String(assignmentId) });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('이 과제 선택은 만료되었거나 이미 LMS로 보내졌습니다');
    const page = await call(t, { method: 'GET', url: `/lti/deep-link?s=${handle}`, host: HOST });
    expect(page.statusCode).toBe(401);
  });

  it('refuses an expired session and a forged handle', async () => {
    const fresh = await deepLinkLaunch();
    await t.database.db
      .update(ltiDeepLinkSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(ltiDeepLinkSessions.courseId, courseId));
    for (const s of [fresh, 'forged-handle']) {
      const res = await form('/lti/deep-link', { s, assignment: String(assignmentId) });
      expect(res.statusCode).toBe(401);
      expect(res.body).toContain('만료되었거나');
    }
  });

  it('omits the line item when the platform ignores line items, and no data when none was sent', async () => {
    const s = await deepLinkLaunch({}, { accept_lineitem: false, data: undefined });
    const res = await form('/lti/deep-link', { s, assignment: String(assignmentId) });
    const answer = answerForm(res.body);
    await fetch(answer.action ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ JWT: answer.jwt }).toString(),
    });
    const received = p.state.deepLinkAnswers.at(-1);
    if (!received?.ok) throw new Error('refused');
    const [item] = received.claims[CLAIM.contentItems] as Record<string, unknown>[];
    expect(item?.lineItem).toBeUndefined();
    expect(received.claims[CLAIM.deepLinkingData]).toBeUndefined();
  });

  it('refuses learners and assistants with a translated page, and a request without ltiResourceLink', async () => {
    const learner = await launch(t, p, HOST, p.deepLinkingRequest({}, LEARNER));
    expect(learner.statusCode).toBe(403);
    expect(learner.body).toContain('LMS에서 PeerWrite 활동을 추가하는 것은 강의의 교수자만 할 수 있습니다');
    expect(learner.body).not.toContain('활동을 다시 열어 주세요');
    const assistant = await launch(
      t,
      p,
      HOST,
      p.deepLinkingRequest(
        {},
        {
          sub: 'lms-ta-1',
          [CLAIM.roles]: [ROLE.assistant],
          [CLAIM.launchPresentation]: { locale: 'en-US' },
        },
      ),
    );
    expect(assistant.statusCode).toBe(403);
    expect(assistant.body).toContain('Only the course&#39;s instructor can add PeerWrite activities');
    const html = await launch(t, p, HOST, p.deepLinkingRequest({ accept_types: ['html', 'link'] }));
    expect(html.statusCode).toBe(400);
    expect(html.body).toContain('LTI 리소스 링크');
  });

  it('links the placed resource link to the assignment on its first launch (the custom parameter)', async () => {
    const placed = {
      [CLAIM.resourceLink]: { id: 'rl-deep-1' },
      [CLAIM.custom]: { peerwrite_assignment_id: String(assignmentId) },
    };
    const res = await launch(t, p, HOST, { ...LEARNER, ...placed });
    expect(res.statusCode).toBe(303);
    expect((await exchange(codeOf(res.headers.location))).target).toBe(
      `/courses/${courseId}/learner/assignments/${assignmentId}/performances`,
    );
    const links = await t.database.db
      .select({ assignmentId: ltiResourceLinks.assignmentId })
      .from(ltiResourceLinks)
      .where(eq(ltiResourceLinks.resourceLinkId, 'rl-deep-1'));
    expect(links).toEqual([{ assignmentId }]);
    // Later launches of the link land there too; the instructor on the assignment's page.
    const instructor = await launch(t, p, HOST, placed);
    expect((await exchange(codeOf(instructor.headers.location))).target).toBe(
      `/courses/${courseId}/instructor/assignments/${assignmentId}`,
    );
  });

  it("never links a resource link to another course's assignment by the custom parameter", async () => {
    const res = await launch(t, p, HOST, {
      ...LEARNER,
      [CLAIM.resourceLink]: { id: 'rl-deep-2' },
      [CLAIM.custom]: { peerwrite_assignment_id: String(otherCourseAssignment) },
    });
    expect((await exchange(codeOf(res.headers.location))).target).toBe(`/courses/${courseId}/learner`);
    const links = await t.database.db
      .select()
      .from(ltiResourceLinks)
      .where(and(eq(ltiResourceLinks.resourceLinkId, 'rl-deep-2')));
    expect(links).toEqual([]);
  });
});
