import { describe, expect, it } from 'vitest';
import { previewAdjustment, withAdjustment } from './adjustment-preview';
import { scoreAssignment } from './score-assignment';
import type { Review, ScoreAssignmentInput } from './types';

const ids = ['A', 'B', 'C', 'D', 'E', 'F'];
// Each learner reviews the next three; points differ per reviewer so reliability weights differ.
const harsh: Record<string, number> = { A: 0, B: 1, C: 2, D: 0, E: 1, F: 2 };
const quality: Record<string, number> = { A: 9, B: 7, C: 5, D: 8, E: 4, F: 6 };
const reviews: Review[] = ids.flatMap((reviewer, i) =>
  [1, 2, 3].map((k) => {
    const author = ids[(i + k) % ids.length] as string;
    const p = Math.max(0, Math.min(10, (quality[author] ?? 5) - (harsh[reviewer] ?? 0)));
    return {
      reviewerId: reviewer,
      authorId: author,
      isCompleted: true,
      responses: [
        { standardId: 's0', point: p, editedPoint: null },
        { standardId: 's1', point: Math.max(0, p - 1), editedPoint: null },
      ],
    };
  }),
);
const input: ScoreAssignmentInput = {
  settings: {
    standards: [
      { id: 's0', maxPoint: 10 },
      { id: 's1', maxPoint: 10 },
    ],
    maxScores: { essayWriting: 60, peerReview: 10, metacognition: 10, feedbackReview: 10, revisement: 10 },
  },
  learners: ids.map((id) => ({ id })),
  reviews,
};
const shown = (n: number) => Math.round(n * 10) / 10;

describe('previewAdjustment', () => {
  it('lists exactly the learners whose shown total differs between the two runs, largest move first', () => {
    const change = {
      reviewerId: 'A',
      authorId: 'B',
      responses: [
        { standardId: 's0', editedPoint: 0 },
        { standardId: 's1', editedPoint: 0 },
      ],
    };
    const moved = previewAdjustment(input, change);
    const before = scoreAssignment(input).learners;
    const after = scoreAssignment(withAdjustment(input, change)).learners;
    const expected = before.flatMap((l) => {
      const now = after.find((x) => x.learnerId === l.learnerId);
      if (!now || shown(now.scores.total) === shown(l.scores.total)) return [];
      return [{ learnerId: l.learnerId, before: shown(l.scores.total), after: shown(now.scores.total) }];
    });
    expect(moved).toHaveLength(expected.length);
    expect(new Set(moved.map((m) => m.learnerId))).toEqual(new Set(expected.map((m) => m.learnerId)));
    // The essay's author loses points; reliability is refitted, so others move as well.
    expect(moved.find((m) => m.learnerId === 'B')?.after).toBeLessThan(
      moved.find((m) => m.learnerId === 'B')?.before ?? 0,
    );
    expect(moved.length).toBeGreaterThan(1);
    const sizes = moved.map((m) => Math.abs(m.after - m.before));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });

  it('is empty when the proposal changes nothing, and leaves its input as it was', () => {
    const copy = JSON.stringify(input);
    const same = { reviewerId: 'A', authorId: 'B', responses: [{ standardId: 's0', editedPoint: null }] };
    expect(previewAdjustment(input, same)).toEqual([]);
    const reviewOfB = reviews.find((r) => r.reviewerId === 'A' && r.authorId === 'B');
    const original = reviewOfB?.responses[0]?.point ?? null;
    expect(
      previewAdjustment(input, { ...same, responses: [{ standardId: 's0', editedPoint: original }] }),
    ).toEqual([]);
    previewAdjustment(input, { ...same, responses: [{ standardId: 's0', editedPoint: 0 }] });
    expect(JSON.stringify(input)).toBe(copy);
  });
});
