import { afterAll, beforeAll, expect } from 'vitest';
import { createCourseWorld, multipart } from '../../../test/factories';
import { buildTestApp, call, type TestApp } from '../../../test/helpers';

// The world and the editor's forms the assignment tests share (one app and course per test file).

export let t: TestApp;
export let w: Awaited<ReturnType<typeof createCourseWorld>>;

/** One app and one course world for the test file that calls it. */
export function useAssignmentWorld() {
  beforeAll(async () => {
    t = await buildTestApp();
    w = await createCourseWorld(t);
  });
  afterAll(async () => t.close());
}

export const inDays = (days: number, hour = 9) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

export function progresses(
  opts: { dates?: boolean; scores?: [number, number, number]; peerCount?: number } = {},
) {
  const [writing, review, meta] = opts.scores ?? [70, 15, 15];
  const dates = (from: number, to: number) =>
    opts.dates ? { start_date: inDays(from), end_date: inDays(to, 14) } : {};
  return [
    {
      model: 'essaywriting',
      stage_object: { limit_type: 'L', max_length: 2500, max_writing_score: writing },
      ...dates(1, 3),
    },
    {
      model: 'peerreview',
      stage_object: {
        peer_count: opts.peerCount ?? 1,
        max_review_score: review,
        max_metacognition_score: meta,
        standards: [{ question: '논지가 분명한가?', max_point: 6 }],
      },
      ...dates(4, 6),
    },
  ];
}

let seq = 0;
export function assignmentForm(fields: Record<string, unknown> = {}, progressList: unknown = progresses()) {
  seq += 1;
  return multipart({
    name: `과제 ${seq}`,
    description: '기술과 글쓰기에 관한 논증적 에세이',
    ...(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])) as Record<string, string>),
    progresses: JSON.stringify(progressList),
  });
}

export async function create(
  fields: Record<string, unknown> = {},
  progressList: unknown = progresses(),
  token = w.tokens.instructor,
) {
  return call(t, {
    method: 'POST',
    url: `/api/v1/courses/${w.course.id}/assignments/`,
    token,
    ...assignmentForm(fields, progressList),
  });
}

/**
 * The progresses of an assignment with essay writing and peer review (two standards by default)
 * and, with `feedback`, the feedback review and the revision after them.
 */
export function peerReviewProgresses(
  opts: {
    writingScore?: number;
    peerCount?: number;
    reviewScores?: [number, number];
    standards?: { question: string; max_point: number }[];
    nonWritersReview?: boolean;
    calibration?: unknown[];
    feedback?: boolean;
  } = {},
) {
  const [review, meta] = opts.reviewScores ?? [10, 10];
  return [
    {
      model: 'essaywriting',
      stage_object: { limit_type: 'L', max_length: 1000, max_writing_score: opts.writingScore ?? 60 },
    },
    {
      model: 'peerreview',
      stage_object: {
        peer_count: opts.peerCount ?? 1,
        ...(opts.nonWritersReview === undefined ? {} : { non_writers_review: opts.nonWritersReview }),
        max_review_score: review,
        max_metacognition_score: meta,
        standards: opts.standards ?? [
          { question: '논지', max_point: 6 },
          { question: '근거', max_point: 6 },
        ],
        ...(opts.calibration === undefined ? {} : { calibration: opts.calibration }),
      },
    },
    ...(opts.feedback
      ? [
          { model: 'feedbackreview', stage_object: { max_review_score: 10, max_point: 5 } },
          { model: 'revisement', stage_object: { max_revisement_score: 10 } },
        ]
      : []),
  ];
}

/**
 * An assignment that starts at once (made by the course's instructor in `app`), whose `writers`
 * (tokens) write their essays (the n-th writes `essay(n)`), moved on to peer review.
 */
export async function startAtPeerReview(
  app: TestApp,
  world: { course: { id: number }; tokens: { instructor: string | undefined } },
  opts: { name: string; progresses: unknown; writers: string[]; essay: (n: number) => string },
) {
  const url = `/api/v1/courses/${world.course.id}/assignments`;
  const created = await call(app, {
    method: 'POST',
    url: `${url}/`,
    token: world.tokens.instructor,
    ...multipart({
      name: opts.name,
      description: '설명',
      is_directly_starting: 'true',
      progresses: JSON.stringify(opts.progresses),
    }),
  });
  expect(created.statusCode).toBe(201);
  const a = created.json() as { id: number };
  for (const [n, token] of opts.writers.entries()) {
    const mine = (await call(app, { method: 'GET', url: `${url}/${a.id}/`, token })).json();
    const essay = mine.progresses.find((p: { model: string }) => p.model === 'essaywriting').performance_id;
    const res = await call(app, {
      method: 'PATCH',
      url: `${url}/${a.id}/performances/${essay}/`,
      token,
      payload: { stage_object: { content: { ops: [{ insert: `${opts.essay(n)}\n` }] } } },
    });
    expect(res.statusCode).toBe(200);
  }
  const moved = await call(app, {
    method: 'PATCH',
    url: `${url}/${a.id}/move-to-next-stage/`,
    token: world.tokens.instructor,
  });
  expect(moved.statusCode).toBe(200);
  return a;
}
