import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers';
import {
  atPeerReview,
  base,
  FULL,
  learnerEnrollment,
  review,
  saveReview,
  t,
  useReviewWorld,
  w,
} from './reviews.test-kit';

// Issue 36, 0b: a matching save never deletes a finished review unless the instructor confirmed
// exactly that loss; the matching page marks finished slots.

useReviewWorld();

type Page = {
  reviewers: {
    id: number;
    name: string;
    has_essay: boolean;
    targets: { matching_id: number; target: number; name: string; is_completed: boolean }[];
  }[];
};
type Pair = { reviewer: number; target: number };

const page = async (aid: number) =>
  (
    await call(t, { method: 'GET', url: `${base()}/${aid}/matchings/`, token: w.tokens.instructor })
  ).json() as Page;
const reset = (aid: number, payload: Record<string, unknown>) =>
  call(t, { method: 'POST', url: `${base()}/${aid}/matchings-reset/`, token: w.tokens.instructor, payload });

/** Every writer reviews every other writer, but `without`. */
function everyPairBut(p: Page, without: Pair): Pair[] {
  const writers = p.reviewers.filter((r) => r.has_essay).map((r) => r.id);
  return writers
    .flatMap((r) => writers.filter((x) => x !== r).map((x) => ({ reviewer: r, target: x })))
    .filter((x) => x.reviewer !== without.reviewer || x.target !== without.target);
}

/** The learner's one peer review at a fresh peer-review step, finished. */
async function learnerFinishesReview() {
  const a = await atPeerReview();
  const mine = (await page(a.id)).reviewers.find((r) => r.id === learnerEnrollment)!;
  const slot = mine.targets[0]!;
  expect((await saveReview(a.id, slot.matching_id, w.tokens.learner, FULL)).statusCode).toBe(200);
  return { a, slot };
}

describe('a matching save and finished reviews', () => {
  it('marks finished slots, refuses to drop one unconfirmed (naming it), and drops it once exactly confirmed', async () => {
    const { a, slot } = await learnerFinishesReview();
    const before = await page(a.id);
    const marks = before.reviewers.flatMap((r) => r.targets.map((x) => [x.matching_id, x.is_completed]));
    expect(marks.filter(([, done]) => done)).toEqual([[slot.matching_id, true]]);

    const matchings = everyPairBut(before, { reviewer: learnerEnrollment, target: slot.target });
    const refused = await reset(a.id, { matchings });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'matching_finished_reviews',
      finished: [
        {
          matching_id: slot.matching_id,
          reviewer: learnerEnrollment,
          reviewer_name: 'learner',
          target: slot.target,
          target_name: slot.name,
        },
      ],
    });
    expect(refused.json().detail).toContain(`learner → ${slot.name}`);
    // Nothing changed: the review is still there, finished.
    expect((await review(a.id, slot.matching_id, w.tokens.learner)).json().is_completed).toBe(true);

    // A confirmation of other reviews, or of more than the loss, is not a confirmation of this loss.
    for (const wrong of [[], [slot.matching_id + 100_000], [slot.matching_id, slot.matching_id + 1]]) {
      expect((await reset(a.id, { matchings, confirm_delete: wrong })).statusCode).toBe(409);
    }
    expect((await review(a.id, slot.matching_id, w.tokens.learner)).statusCode).toBe(200);

    const saved = await reset(a.id, { matchings, confirm_delete: [slot.matching_id] });
    expect(saved.statusCode).toBe(200);
    expect((await review(a.id, slot.matching_id, w.tokens.learner)).statusCode).toBe(404);
    const after = (saved.json() as Page).reviewers.find((r) => r.id === learnerEnrollment)!;
    expect(after.targets.map((x) => x.target)).not.toContain(slot.target);
  });

  it('a save that keeps every finished review needs no confirmation; the automatic matching is guarded too', async () => {
    const a = await atPeerReview();
    const original = await page(a.id);
    const mine = original.reviewers.find((r) => r.id === learnerEnrollment)!;
    // Every writer reviews every other: the learner now also reviews an essay the engine did not give her.
    const all = everyPairBut(original, { reviewer: 0, target: 0 });
    expect((await reset(a.id, { matchings: all })).statusCode).toBe(200);
    const extra = (await page(a.id)).reviewers
      .find((r) => r.id === learnerEnrollment)!
      .targets.find((x) => x.target !== mine.targets[0]!.target)!;
    expect((await saveReview(a.id, extra.matching_id, w.tokens.learner, FULL)).statusCode).toBe(200);
    expect((await reset(a.id, { matchings: all })).statusCode).toBe(200);

    const auto = await reset(a.id, { automatic: true });
    expect(auto.statusCode).toBe(409);
    expect(auto.json().finished.map((x: { matching_id: number }) => x.matching_id)).toEqual([
      extra.matching_id,
    ]);
    expect((await review(a.id, extra.matching_id, w.tokens.learner)).json().is_completed).toBe(true);
    const confirmed = await reset(a.id, { automatic: true, confirm_delete: [extra.matching_id] });
    expect(confirmed.statusCode).toBe(200);
    expect((await review(a.id, extra.matching_id, w.tokens.learner)).statusCode).toBe(404);
  });

  it('a review finished while the instructor saves is never deleted unconfirmed (concurrent requests)', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await atPeerReview();
      const before = await page(a.id);
      const slot = before.reviewers.find((r) => r.id === learnerEnrollment)!.targets[0]!;
      const matchings = everyPairBut(before, { reviewer: learnerEnrollment, target: slot.target });
      // Both at once, each first in turn.
      const save = () => reset(a.id, { matchings });
      const finish = () => saveReview(a.id, slot.matching_id, w.tokens.learner, FULL);
      const [saved, reviewed] =
        round % 2 === 0
          ? await Promise.all([save(), finish()])
          : await Promise.all([finish(), save()]).then(([x, y]) => [y, x] as const);
      if (reviewed.statusCode === 200) {
        // The review was finished first: the save must not have deleted it.
        expect(saved.statusCode).toBe(409);
        expect((await review(a.id, slot.matching_id, w.tokens.learner)).json().is_completed).toBe(true);
      } else {
        // The matching changed first: the review no longer exists to be finished.
        expect(saved.statusCode).toBe(200);
        expect(reviewed.statusCode).toBe(404);
      }
    }
  });
});
