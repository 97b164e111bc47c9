import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ESSAY_AND_PEER_REVIEW, multipart } from '../../../test/factories';
import { call } from '../../../test/helpers';
import { assignments, notifications } from '../../db/schema';
import {
  completed,
  first,
  get,
  learnerEnrollment,
  peerEnrollment,
  peerToken,
  t,
  useResultsWorld,
  w,
} from '../results/results.test-kit';

// Release when ready (issue 33): a held assignment's scores reach no learner through any read
// until the instructor releases them; the release tells them once.

useResultsWorld();
let held: number;
let reportId: number;
const base = () => `/courses/${w.course.id}/assignments`;
const release = (id: number, token: string | undefined) =>
  call(t, { method: 'POST', url: `/api/v1${base()}/${id}/release-scores/`, token });
const scoresReady = (id: number) =>
  t.database.db
    .select({ userId: notifications.userId, key: notifications.key })
    .from(notifications)
    .where(and(eq(notifications.kind, 'scores_ready'), like(notifications.key, `scores-%:${id}:%`)));

/** Everything a learner reads of their own scores, as what it shows of the held assignment. */
async function learnerView(token: string) {
  const a = (await get(`${base()}/${held}/`, token)).json();
  const report = await get(`${base()}/${held}/reports/${reportId}/`, token);
  const personal = (
    await get(`/courses/${w.course.id}/enrolls/${learnerEnrollment}/personal-score/`, token)
  ).json();
  const mine = (await get(`/courses/${w.course.id}/scores-by-learner/`, token)).json();
  const standard = (await get('/users/standard-scores/', token)).json() as { assignment: string }[];
  const dashboard = (await get('/users/dashboard/', token)).json() as {
    assignments: { id: number; scores_held: boolean }[];
  }[];
  return {
    released: a.scores_released as boolean,
    reportLink: a.report_id as number | null,
    reportStatus: report.statusCode,
    inPersonal: (personal.assignments as { id: number }[]).some((x) => x.id === held),
    inMine: (mine.assignments as { id: number }[]).some((x) => x.id === held),
    inStandard: standard.some((x) => x.assignment === '보류 과제'),
    badgeHeld: dashboard.flatMap((c) => c.assignments).find((x) => x.id === held)?.scores_held,
  };
}

describe('release when ready', () => {
  beforeAll(async () => {
    held = await completed('보류 과제', [4, 3, 5], { is_release_held: 'true' });
    const scores = (await get(`${base()}/${held}/scores/`, w.tokens.instructor)).json();
    reportId = (scores.reports as { id: number; enrollment: number }[]).find(
      (r) => r.enrollment === learnerEnrollment,
    )!.id;
  });

  it('hides a held assignment from every read of a learner’s scores, and tells no one at completion', async () => {
    const a = (await get(`${base()}/${held}/`, w.tokens.learner)).json();
    expect(a.is_release_held).toBe(true);
    expect(await learnerView(w.tokens.learner!)).toEqual({
      released: false,
      reportLink: null,
      reportStatus: 404,
      inPersonal: false,
      inMine: false,
      inStandard: false,
      badgeHeld: true,
    });
    expect(await scoresReady(held)).toEqual([]);
    // A non-held completed assignment reads as before.
    expect((await get(`${base()}/${first}/`, w.tokens.learner)).json().scores_released).toBe(true);
    // The instructor still reads everything, and the score page says the release is pending.
    const page = (await get(`${base()}/${held}/scores/`, w.tokens.instructor)).json();
    expect(page.release_pending).toBe(true);
    expect((await get(`${base()}/${held}/reports/${reportId}/`, w.tokens.instructor)).statusCode).toBe(200);
  });

  it('is refused to learners and to an assistant who takes part; 409 before completion', async () => {
    expect((await release(held, w.tokens.learner)).statusCode).toBe(403);
    expect((await release(held, peerToken)).statusCode).toBe(403);
    // The kit's assistant takes part in the assignment: a learner there.
    expect((await release(held, w.tokens.assistant)).statusCode).toBe(403);
    const draft = await call(t, {
      method: 'POST',
      url: `/api/v1${base()}/`,
      token: w.tokens.instructor,
      ...multipart({
        name: '미완료',
        description: '설명',
        is_release_held: 'true',
        progresses: JSON.stringify(ESSAY_AND_PEER_REVIEW),
      }),
    });
    expect(draft.statusCode).toBe(201);
    const early = await release(draft.json().id, w.tokens.instructor);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('assignment_not_complete');
  });

  it('releases all at once, tells each learner once, and a second release changes nothing', async () => {
    const [one, two] = await Promise.all([
      release(held, w.tokens.instructor),
      release(held, w.tokens.instructor),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json().scores_released).toBe(true);
    const [row] = await t.database.db.select().from(assignments).where(eq(assignments.id, held));
    expect(row?.scoresReleasedAt).not.toBeNull();
    expect(row?.scoresReleasedBy).toBe(w.users.instructor.id);
    const told = await scoresReady(held);
    expect(told.map((x) => x.key)).toEqual(told.map(() => `scores-ready:${held}:release`));
    expect(new Set(told.map((x) => x.userId)).size).toBe(told.length);
    expect(told.length).toBe(3);
    const again = await release(held, w.tokens.instructor);
    expect(again.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(assignments).where(eq(assignments.id, held));
    expect(after?.scoresReleasedAt).toEqual(row?.scoresReleasedAt);
    expect(await scoresReady(held)).toHaveLength(3);
    expect(await learnerView(w.tokens.learner!)).toEqual({
      released: true,
      reportLink: reportId,
      reportStatus: 200,
      inPersonal: true,
      inMine: true,
      inStandard: true,
      badgeHeld: false,
    });
    expect((await get(`${base()}/${held}/scores/`, w.tokens.instructor)).json().release_pending).toBe(false);
  });
});

describe('rubric reliability', () => {
  it('rates each standard on the score page (hand-worked: units {2,4} {5,4} {5,2} → α = −0.25)', async () => {
    // The first assignment: the learner gives 5, the peer 2, the assistant 4 to each essay they
    // review (two each): essays' points {2,4}, {5,4}, {5,2}; n = 6; D_o = (8 + 2 + 18)/6 = 28/6;
    // Σv = 22, Σv² = 90, D_e = (2·6·90 − 2·22²)/(6·5) = 112/30; α = 1 − (28/6)/(112/30) = −0.25.
    const page = (await get(`${base()}/${first}/scores/`, w.tokens.instructor)).json();
    expect(page.reliability).toEqual([
      expect.objectContaining({ index: 0, alpha: -0.25, level: 'poor', units: 3 }),
    ]);
  });

  it('flags the essays whose reviewers disagree beyond rounding (two points or more)', async () => {
    // The learner's essay got 2 and 4 (flagged), the peer's 5 and 4 (one point: rounding), the
    // assistant's 5 and 2 (flagged).
    const page = (await get(`${base()}/${first}/scores/`, w.tokens.instructor)).json();
    const rows = page.reports as { enrollment: number; disagreement: number[] }[];
    const of = (id: number) => rows.find((r) => r.enrollment === id)?.disagreement;
    expect(of(learnerEnrollment)).toEqual([0]);
    expect(of(peerEnrollment)).toEqual([]);
    expect(rows.filter((r) => r.disagreement.length > 0)).toHaveLength(2);
  });

  it('keeps the source’s figures with an imported assignment, for its managers only', async () => {
    const made = await call(t, {
      method: 'POST',
      url: `/api/v1${base()}/`,
      token: w.tokens.instructor,
      ...multipart({
        name: '가져온 과제',
        description: '설명',
        imported_from: String(first),
        progresses: JSON.stringify(ESSAY_AND_PEER_REVIEW),
      }),
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().id as number;
    const mine = (await get(`${base()}/${id}/`, w.tokens.instructor)).json();
    expect(mine.previous_reliability).toEqual({
      assignment_name: '결과 1차',
      standards: [expect.objectContaining({ alpha: -0.25, level: 'poor' })],
    });
    expect((await get(`${base()}/${id}/`, w.tokens.learner)).json().previous_reliability).toBeUndefined();
    // The imported one's score page shows them as "last time"; the source's own page has none.
    const scores = await get(`${base()}/${id}/scores/`, w.tokens.instructor);
    expect(scores.statusCode).toBe(200);
    expect(scores.json().previous_reliability).toEqual(mine.previous_reliability);
    expect(
      (await get(`${base()}/${first}/scores/`, w.tokens.instructor)).json().previous_reliability,
    ).toBeNull();
    // A source of another course (or none) keeps nothing.
    const stray = await call(t, {
      method: 'POST',
      url: `/api/v1${base()}/`,
      token: w.tokens.instructor,
      ...multipart({
        name: '엉뚱한 원본',
        description: '설명',
        imported_from: '999999',
        progresses: JSON.stringify(ESSAY_AND_PEER_REVIEW),
      }),
    });
    expect(stray.statusCode).toBe(201);
    expect(stray.json().previous_reliability).toBeNull();
  });
});
