import { afterAll, beforeAll } from 'vitest';
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
