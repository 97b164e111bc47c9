import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers';
import { atPeerReview, base, performanceOf, saveReview, t, useReviewWorld, w } from './reviews.test-kit';

useReviewWorld();

// The review coach's figure for the instructor (issue 34, item 2): how many of a reviewer's
// comments met the coach's bar, on the managers' view of a review, with the domain's rules.

const SPECIFIC_0 =
  '에세이 본문의 첫 문장이 주장을 보여 주지만 근거가 없어서 아쉬워요. 통계 자료를 하나 추가해 보세요.';
const SPECIFIC_1 = '에세이 본문에 예시가 하나뿐이라 약해요. 다른 사례를 한 가지 더 넣어 보면 좋겠어요.';

const instructorView = (aid: number, mid: number, token: string | undefined) =>
  call(t, {
    method: 'GET',
    url: `${base()}/${aid}/performances/peerreview-matching/${mid}/instructor/`,
    token,
  });

describe('review coach for the instructor', () => {
  it("counts the reviewer's comments that met the bar across their peer reviews and lists this review's hints", async () => {
    const a = await atPeerReview(2);
    const targets = (await performanceOf(a.id, w.tokens.learner)).stage_object.targets as {
      id: number;
      is_self_review: boolean;
    }[];
    const [first, second] = targets.filter((x) => !x.is_self_review);
    const self = targets.find((x) => x.is_self_review);
    expect(first && second && self).toBeTruthy();
    // A vague second comment in the first review; two specific ones in the second.
    for (const [mid, comments] of [
      [first!.id, [SPECIFIC_0, '좋아요']],
      [second!.id, [SPECIFIC_0, SPECIFIC_1]],
    ] as const) {
      const res = await saveReview(a.id, mid, w.tokens.learner, [
        { id: 0, point: 3, comment: comments[0] },
        { id: 1, point: 2, comment: comments[1] },
      ]);
      expect(res.statusCode).toBe(200);
    }
    // The self-evaluation does not count, vague as it is.
    expect(
      (
        await saveReview(a.id, self!.id, w.tokens.learner, [
          { id: 0, point: 3, comment: '좋아요' },
          { id: 1, point: 2, comment: '좋아요' },
        ])
      ).statusCode,
    ).toBe(200);

    const res = await instructorView(a.id, first!.id, w.tokens.instructor);
    expect(res.statusCode).toBe(200);
    expect(res.json().coach).toEqual({
      met: 3,
      total: 4,
      hints: [[], ['too_short', 'generic', 'no_reference', 'no_suggestion']],
    });
    const other = await instructorView(a.id, second!.id, w.tokens.instructor);
    expect(other.json().coach).toEqual({ met: 3, total: 4, hints: [[], []] });
  });

  it('is not shown to the reviewer or other learners (the managers’ view stays theirs)', async () => {
    const a = await atPeerReview(1);
    const [mine] =
      ((await performanceOf(a.id, w.tokens.learner)).stage_object.targets as { id: number }[]) ?? [];
    const res = await instructorView(a.id, mine!.id, w.tokens.learner);
    expect([403, 404]).toContain(res.statusCode);
    expect(JSON.stringify(res.json())).not.toContain('coach');
  });
});
