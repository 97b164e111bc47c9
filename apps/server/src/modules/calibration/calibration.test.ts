import { calibrationSchema } from '@pw/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseWorld, multipart } from '../../../test/factories';
import { buildTestApp, call, createUser, signInAs, type TestApp } from '../../../test/helpers';
import { calibrationAnswers, enrollments, reviewAnchors } from '../../db/schema';
import { peerReviewProgresses, startAtPeerReview } from '../assignments/assignments.test-kit';

// Calibration before peer review (issue 34, item 1): who reads and saves it, when, what it reveals,
// and that the peer reviews wait for it.

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;
let peerToken: string;
let peerEnrollment: number;
const EXAMPLE_AUTHOR = '예시원저자';

beforeAll(async () => {
  t = await buildTestApp();
  w = await createCourseWorld(t);
  const email = `calpeer-${Date.now()}@example.com`;
  const user = await createUser(t, w.org.id, { email, name: '보정동료' });
  const [e] = await t.database.db
    .insert(enrollments)
    .values({ courseId: w.course.id, userId: user.id, code: 'CP2' })
    .returning();
  peerEnrollment = e!.id;
  peerToken = (await signInAs(t, email)) as string;
});
afterAll(async () => t.close());

const base = () => `/api/v1/courses/${w.course.id}/assignments`;
const move = (id: number) =>
  call(t, { method: 'PATCH', url: `${base()}/${id}/move-to-next-stage/`, token: w.tokens.instructor });
const get = (url: string, token: string | undefined) => call(t, { method: 'GET', url, token });
const patch = (url: string, token: string | undefined, payload: unknown) =>
  call(t, { method: 'PATCH', url, token, payload: payload as Record<string, unknown> });

async function workOf(id: number, token: string | undefined, model: string): Promise<number> {
  const a = (await get(`${base()}/${id}/`, token)).json();
  return a.progresses.find((p: { model: string }) => p.model === model).performance_id;
}

const EXAMPLES = [
  {
    title: '예시 1',
    text: `${EXAMPLE_AUTHOR}의 글이 아니라 교수자가 쓴 예시 글입니다.`,
    points: [5, 2],
    explanations: ['논지가 분명합니다.', '근거가 부족합니다.'],
  },
  {
    title: '예시 2',
    text: '두 번째 예시 글.',
    points: [1, 6],
    explanations: ['논지가 흐립니다.', '근거는 충실합니다.'],
  },
];

/** An assignment in the peer-review stage with two calibration examples (or none). */
async function atPeerReview(calibration: unknown[] = EXAMPLES) {
  const a = await startAtPeerReview(t, w, {
    name: `보정 ${Date.now()}`,
    progresses: peerReviewProgresses({ writingScore: 70, peerCount: 2, reviewScores: [15, 15], calibration }),
    writers: [w.tokens.learner, peerToken, w.tokens.assistant] as string[],
    essay: (n) => `에세이 ${n + 1}번 글`,
  });
  return { id: a.id, url: `${base()}/${a.id}/calibration/` };
}

describe('calibration settings', () => {
  it('refuses examples that do not fit the rubric, translated, and more than three', async () => {
    const bad = await call(t, {
      method: 'POST',
      url: `${base()}/`,
      token: w.tokens.instructor,
      ...multipart({
        name: '보정 오류',
        description: '설명',
        progresses: JSON.stringify([
          { model: 'essaywriting', stage_object: { max_writing_score: 70 } },
          {
            model: 'peerreview',
            stage_object: {
              max_review_score: 15,
              max_metacognition_score: 15,
              standards: [{ question: '논지', max_point: 6 }],
              calibration: [
                { text: '예시', points: [9], explanations: [''] },
                { text: '', points: [1], explanations: [''] },
              ],
            },
          },
        ]),
      }),
    });
    expect(bad.statusCode).toBe(400);
    const body = bad.json() as { code: string; fields: Record<string, string[]> };
    expect(body.code).toBe('validation_failed');
    expect(body.fields).toMatchObject({
      'progresses.1.stage_object.calibration.0.points': [
        '각 평가 기준의 점수를 0에서 최고점 사이로 입력하세요.',
      ],
      'progresses.1.stage_object.calibration.1.text': ['필수 입력 항목입니다.'],
    });
    const four = await call(t, {
      method: 'POST',
      url: `${base()}/`,
      token: w.tokens.instructor,
      ...multipart({
        name: '보정 넷',
        description: '설명',
        progresses: JSON.stringify([
          { model: 'essaywriting', stage_object: { max_writing_score: 70 } },
          {
            model: 'peerreview',
            stage_object: {
              max_review_score: 15,
              max_metacognition_score: 15,
              standards: [{ question: '논지', max_point: 6 }],
              calibration: Array(4).fill({ text: '예시', points: [1], explanations: [''] }),
            },
          },
        ]),
      }),
    });
    expect(four.statusCode).toBe(400);
    expect(JSON.stringify(four.json().fields)).toContain('예시 글은 최대 3개까지');
  });

  it('learners do not read the instructor’s points in the assignment’s settings; managers do', async () => {
    const a = await atPeerReview();
    const learner = (await get(`${base()}/${a.id}/`, w.tokens.learner)).json();
    const peer = learner.progresses.find((p: { model: string }) => p.model === 'peerreview');
    expect(peer.stage_object.calibration).toBeUndefined();
    expect(JSON.stringify(learner)).not.toContain('논지가 분명합니다');
    const staff = (await get(`${base()}/${a.id}/`, w.tokens.instructor)).json();
    expect(
      staff.progresses.find((p: { model: string }) => p.model === 'peerreview').stage_object.calibration,
    ).toHaveLength(2);
  });
});

describe('calibration work', () => {
  let a: Awaited<ReturnType<typeof atPeerReview>>;
  beforeAll(async () => {
    a = await atPeerReview();
  });

  it('the learner reads their examples without the instructor’s points; staff read closeness; others 404', async () => {
    const mine = await get(a.url, w.tokens.learner);
    expect(mine.statusCode).toBe(200);
    const c = calibrationSchema.parse(mine.json());
    expect(c).toMatchObject({ enabled: true, editable: true, done: false, closeness: null, learners: null });
    expect(c.examples).toHaveLength(2);
    expect(c.examples[0]).toMatchObject({
      title: '예시 1',
      points: [null, null],
      submitted: false,
      instructor_points: null,
      explanations: null,
    });
    expect(mine.body).not.toContain('논지가 분명합니다');

    const staff = await get(a.url, w.tokens.instructor);
    expect(staff.statusCode).toBe(200);
    expect(staff.json().examples[0]).toMatchObject({ instructor_points: [5, 2] });
    expect(staff.json().learners.length).toBeGreaterThanOrEqual(3);

    expect((await get(a.url, w.tokens.outsider)).statusCode).toBe(404);
    expect((await get(a.url, w.tokens.otherOrg)).statusCode).toBe(401);
    expect((await get(a.url, undefined)).statusCode).toBe(401);
    expect((await get(`${base()}/999999/calibration/`, w.tokens.learner)).statusCode).toBe(404);
    // The staff do not save calibration; outsiders 404.
    expect((await patch(a.url, w.tokens.instructor, { example: 0, points: [1, 1] })).statusCode).toBe(403);
    expect((await patch(a.url, w.tokens.outsider, { example: 0, points: [1, 1] })).statusCode).toBe(404);
  });

  it('the managers list this assignment’s finished essays to copy into an example, without their authors', async () => {
    const url = `${base()}/${a.id}/calibration/essays/`;
    const staff = await get(url, w.tokens.instructor);
    expect(staff.statusCode).toBe(200);
    const results = staff.json().results as { number: number; text: string }[];
    expect(results.map((r) => r.number)).toEqual([1, 2, 3]);
    expect(results.map((r) => r.text).sort()).toEqual(['에세이 1번 글', '에세이 2번 글', '에세이 3번 글']);
    // Nothing but the number and the text: no id, no name, no enrolment.
    expect(Object.keys(staff.json())).toEqual(['results']);
    for (const r of results) expect(Object.keys(r).sort()).toEqual(['number', 'text']);
    expect(staff.body).not.toContain('보정동료');
    // A learner 403; outside the course 404; signed out 401.
    expect((await get(url, w.tokens.learner)).statusCode).toBe(403);
    expect((await get(url, w.tokens.outsider)).statusCode).toBe(404);
    expect((await get(url, undefined)).statusCode).toBe(401);
  });

  it('peer reviews wait for calibration (406 calibration_first)', async () => {
    const pid = await workOf(a.id, w.tokens.learner, 'peerreview');
    const work = (await get(`${base()}/${a.id}/performances/${pid}/`, w.tokens.learner)).json();
    const target = (work.stage_object.targets as { id: number }[])[0]!;
    const refused = await patch(
      `${base()}/${a.id}/performances/peerreview-matching/${target.id}/`,
      w.tokens.learner,
      {
        responses: [
          { id: 0, point: 4, comment: '논지 의견' },
          { id: 1, point: 3, comment: '근거 의견' },
        ],
      },
    );
    expect(refused.statusCode).toBe(406);
    expect(refused.json().code).toBe('calibration_first');
    // Passage comments follow the same rule as the review's own comments.
    const anchors = await call(t, {
      method: 'PUT',
      url: `${base()}/${a.id}/performances/peerreview-matching/${target.id}/anchors/`,
      token: w.tokens.learner,
      payload: { anchors: [{ index: 0, length: 2, quote: '에세', comment: '이 부분' }] },
    });
    expect(anchors.statusCode).toBe(406);
    expect(anchors.json().code).toBe('calibration_first');
    expect(await t.database.db.select().from(reviewAnchors)).toEqual([]);
  });

  it('validates, translated, and changes nothing on a bad save', async () => {
    const tooHigh = await call(t, {
      method: 'PATCH',
      url: a.url,
      token: w.tokens.learner,
      headers: { 'accept-language': 'en' },
      payload: { example: 0, points: [7, 1] },
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().fields['points.0'][0]).toContain("standard's maximum");
    expect((await patch(a.url, w.tokens.learner, { example: 5, points: [1, 1] })).statusCode).toBe(400);
    expect((await patch(a.url, w.tokens.learner, { example: 0, points: [1] })).statusCode).toBe(400);
    expect((await patch(a.url, w.tokens.learner, { example: 0, points: ['a', 1] })).statusCode).toBe(400);
    const unscored = await patch(a.url, w.tokens.learner, { example: 0, points: [1, null], submit: true });
    expect(unscored.statusCode).toBe(400);
    expect(unscored.json().detail).toBeTruthy();
    expect(await t.database.db.select().from(calibrationAnswers)).toEqual([]);
  });

  it('saves a draft, reveals on submit with the closeness, and refuses a change after', async () => {
    const draft = await patch(a.url, w.tokens.learner, { example: 0, points: [4, null] });
    expect(draft.statusCode).toBe(200);
    expect(draft.json().examples[0]).toMatchObject({
      points: [4, null],
      submitted: false,
      instructor_points: null,
    });
    const submitted = await patch(a.url, w.tokens.learner, { example: 0, points: [4, 5], submit: true });
    expect(submitted.statusCode).toBe(200);
    // |4−5|/6 and |5−2|/6: mean 4/12 → 1 − 1/3
    expect(submitted.json().examples[0]).toMatchObject({
      points: [4, 5],
      submitted: true,
      instructor_points: [5, 2],
      explanations: ['논지가 분명합니다.', '근거가 부족합니다.'],
    });
    expect(submitted.json().examples[0].closeness).toBeCloseTo(2 / 3, 10);
    expect(submitted.json().done).toBe(false);
    // The second example still hides the instructor's points.
    expect(submitted.json().examples[1].instructor_points).toBeNull();

    const changed = await patch(a.url, w.tokens.learner, { example: 0, points: [5, 2], submit: true });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('calibration_submitted');
    const again = (await get(a.url, w.tokens.learner)).json();
    expect(again.examples[0].points).toEqual([4, 5]);

    const done = await patch(a.url, w.tokens.learner, { example: 1, points: [1, 6], submit: true });
    expect(done.json()).toMatchObject({ done: true });
    expect(done.json().closeness).toBeCloseTo((2 / 3 + 1) / 2, 10);

    // The staff see the learner's closeness; another learner sees only their own.
    const staff = (await get(a.url, w.tokens.instructor)).json();
    const row = staff.learners.find((l: { name: string }) => l.name === 'learner');
    expect(row).toMatchObject({ submitted: 2 });
    expect(row.closeness).toBeCloseTo(5 / 6, 10);
    const peer = (await get(a.url, peerToken)).json();
    expect(peer).toMatchObject({ done: false, closeness: null, learners: null });
    expect(peer.examples[0].points).toEqual([null, null]);

    // Now the peer reviews open.
    const pid = await workOf(a.id, w.tokens.learner, 'peerreview');
    const work = (await get(`${base()}/${a.id}/performances/${pid}/`, w.tokens.learner)).json();
    const target = (work.stage_object.targets as { id: number }[])[0]!;
    const review = await patch(
      `${base()}/${a.id}/performances/peerreview-matching/${target.id}/`,
      w.tokens.learner,
      {
        responses: [
          { id: 0, point: 4, comment: '논지 의견' },
          { id: 1, point: 3, comment: '근거 의견' },
        ],
      },
    );
    expect(review.statusCode).toBe(200);
  });

  it('concurrent saves of one example keep one row; saves after the stage closed are refused', async () => {
    const saves = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        patch(a.url, peerToken, { example: 0, points: [i % 7, 1], submit: i % 4 === 3 }),
      ),
    );
    for (const r of saves) expect([200, 409]).toContain(r.statusCode);
    const rows = await t.database.db
      .select()
      .from(calibrationAnswers)
      .where(
        and(eq(calibrationAnswers.assignmentId, a.id), eq(calibrationAnswers.enrollmentId, peerEnrollment)),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.submittedAt).not.toBeNull();

    await move(a.id); // complete: the peer-review stage is over
    const late = await patch(a.url, peerToken, { example: 1, points: [1, 1] });
    expect(late.statusCode).toBe(406);
    expect(late.json()).toMatchObject({
      code: 'review_not_open',
      detail: '동료평가는 동료평가 기간에만 작성할 수 있습니다.',
    });
    expect((await get(a.url, peerToken)).json().editable).toBe(false);
  });

  it('without examples: nothing to do, reviews open as before', async () => {
    const b = await atPeerReview([]);
    expect((await get(b.url, w.tokens.learner)).json()).toMatchObject({
      enabled: false,
      done: true,
      examples: [],
    });
    expect((await patch(b.url, w.tokens.learner, { example: 0, points: [1, 1] })).statusCode).toBe(400);
  });
});
