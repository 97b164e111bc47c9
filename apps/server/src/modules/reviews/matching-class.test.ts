import { and, eq, inArray, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/factories';
import { call, createUser, signInAs } from '../../../test/helpers';
import { enrollments, peerMatchings, performances, stages } from '../../db/schema';
import { t, useReviewWorld, w } from './reviews.test-kit';

// Issue 36 at class scale: the matching among writers (item 4) and review ids that carry no
// order of the reviewers (item 2).

useReviewWorld();

let course: { id: number };
/** The class's own learners (the course also has the world's learner and assistant). */
let learners: { enrollmentId: number; token: string }[] = [];
const url = (path = '') => `/api/v1/courses/${course.id}/assignments/${path}`;

beforeAll(async () => {
  course = await w.newCourse('매칭 반');
  learners = [];
  for (let i = 0; i < 16; i++) {
    const email = `class-${i}-${Date.now()}@example.com`;
    const user = await createUser(t, w.org.id, { email, name: `학생${String(i).padStart(2, '0')}` });
    const [e] = await t.database.db
      .insert(enrollments)
      .values({ courseId: course.id, userId: user.id, code: `C${i}` })
      .returning();
    learners.push({ enrollmentId: e!.id, token: (await signInAs(t, email)) as string });
  }
});

const move = (aid: number) =>
  call(t, { method: 'PATCH', url: url(`${aid}/move-to-next-stage/`), token: w.tokens.instructor });

/** An assignment at peer review in which only `writers` (enrolment ids; all when omitted) finished the essay. */
async function atPeerReview(options: { peerCount: number; nonWritersReview?: boolean; writers?: number[] }) {
  const created = await call(t, {
    method: 'POST',
    url: url(),
    token: w.tokens.instructor,
    ...multipart({
      name: `매칭 ${Date.now()}`,
      description: '설명',
      is_directly_starting: 'true',
      progresses: JSON.stringify([
        { model: 'essaywriting', stage_object: { limit_type: 'L', max_length: 1000, max_writing_score: 60 } },
        {
          model: 'peerreview',
          stage_object: {
            peer_count: options.peerCount,
            non_writers_review: options.nonWritersReview ?? false,
            max_review_score: 15,
            max_metacognition_score: 15,
            standards: [{ question: '논지가 분명한가?', max_point: 6 }],
          },
        },
        { model: 'feedbackreview', stage_object: { max_review_score: 10, max_point: 5 } },
      ]),
    }),
  });
  expect(created.statusCode).toBe(201);
  const aid = (created.json() as { id: number }).id;
  const [essay] = await t.database.db
    .select()
    .from(stages)
    .where(and(eq(stages.assignmentId, aid), eq(stages.model, 'essaywriting')));
  await t.database.db
    .update(performances)
    .set({ isCompleted: true })
    .where(
      and(
        eq(performances.stageId, essay!.id),
        ...(options.writers ? [inArray(performances.enrollmentId, options.writers)] : []),
      ),
    );
  expect((await move(aid)).statusCode).toBe(200);
  return aid;
}

type Page = {
  non_writers_review: boolean;
  reviewers: { id: number; has_essay: boolean; left_out: string | null; targets: { target: number }[] }[];
};
const matchingPage = async (aid: number) =>
  (
    await call(t, { method: 'GET', url: url(`${aid}/matchings/`), token: w.tokens.instructor })
  ).json() as Page;

/** What a learner's work of the current step lists: its `stage_object.targets` ids. */
async function targetIds(aid: number, token: string) {
  const a = (await call(t, { method: 'GET', url: url(`${aid}/`), token })).json();
  const work = (
    await call(t, { method: 'GET', url: url(`${aid}/performances/${a.performance_id}/`), token })
  ).json();
  return (work.stage_object.targets as { id: number; is_self_review?: boolean }[])
    .filter((x) => !x.is_self_review)
    .map((x) => x.id);
}

describe('automatic matching among writers (item 4)', () => {
  it('with 4 essays of 18, the writers review each other and the others are left out, saying why', async () => {
    const writers = learners.slice(0, 4).map((l) => l.enrollmentId);
    const aid = await atPeerReview({ peerCount: 3, writers });
    const page = await matchingPage(aid);
    expect(page.non_writers_review).toBe(false);
    expect(page.reviewers).toHaveLength(18);
    for (const r of page.reviewers) {
      if (writers.includes(r.id)) {
        expect(r.targets.map((x) => x.target).sort()).toEqual(writers.filter((x) => x !== r.id).sort());
        expect(r.left_out).toBeNull();
      } else {
        expect(r.targets).toEqual([]);
        expect(r.left_out).toBe('no_essay');
      }
    }
    // A writer's own view: three essays to review.
    expect(await targetIds(aid, learners[0]!.token)).toHaveLength(3);
    expect(await targetIds(aid, learners[10]!.token)).toEqual([]);
  });

  it('when the instructor lets non-writers review, they review as many essays as a writer', async () => {
    const writers = learners.slice(0, 4).map((l) => l.enrollmentId);
    const aid = await atPeerReview({ peerCount: 3, writers, nonWritersReview: true });
    const page = await matchingPage(aid);
    expect(page.non_writers_review).toBe(true);
    for (const r of page.reviewers) {
      expect(r.targets).toHaveLength(3);
      expect(r.left_out).toBeNull();
      for (const x of r.targets) expect(writers).toContain(x.target);
    }
    // The writers still review one another, exactly as without the setting.
    for (const r of page.reviewers.filter((x) => writers.includes(x.id)))
      for (const x of r.targets) expect(writers).toContain(x.target);
  });
});

describe('review ids a learner sees (item 2)', () => {
  it('carry no order of the reviewers: received ids do not follow the reviewers’ enrolment order', async () => {
    const aid = await atPeerReview({ peerCount: 3 });
    // A reviewer's own reviews are not one block of consecutive ids.
    let blocks = 0;
    for (const l of learners) {
      const ids = (await targetIds(aid, l.token)).sort((x, y) => x - y);
      expect(ids).toHaveLength(3);
      if (ids[2]! - ids[0]! === 2) blocks += 1;
    }
    expect(blocks).toBeLessThan(learners.length / 2);

    // Every review finished, then the feedback step: each author sees the ids of the reviews received.
    await t.database.db
      .update(peerMatchings)
      .set({ isCompleted: true })
      .where(and(eq(peerMatchings.assignmentId, aid), ne(peerMatchings.reviewerId, peerMatchings.targetId)));
    expect((await move(aid)).statusCode).toBe(200);
    const rows = await t.database.db.select().from(peerMatchings).where(eq(peerMatchings.assignmentId, aid));
    const reviewerOf = new Map(rows.map((x) => [x.id, x.reviewerId]));
    // For each author, each two reviews received: does the lower id come from the reviewer whose
    // enrolment id is lower (as text, the engine's order, and as a number)?
    const agree = { text: 0, number: 0 };
    let compared = 0;
    for (const l of learners) {
      const reviewers = (await targetIds(aid, l.token))
        .sort((x, y) => x - y)
        .map((id) => reviewerOf.get(id) as number);
      expect(reviewers).toHaveLength(3);
      for (let i = 0; i < reviewers.length; i++)
        for (let j = i + 1; j < reviewers.length; j++) {
          compared += 1;
          if (String(reviewers[i]) < String(reviewers[j])) agree.text += 1;
          if (reviewers[i]! < reviewers[j]!) agree.number += 1;
        }
    }
    // Blocks by reviewer made every comparison agree (48 of 48). Random order agrees about half of
    // the time; outside 15%..85% has a chance of about 2 in 100,000 (16 independent authors).
    for (const n of [agree.text, agree.number]) {
      expect(n / compared).toBeLessThan(0.85);
      expect(n / compared).toBeGreaterThan(0.15);
    }
  });
});
