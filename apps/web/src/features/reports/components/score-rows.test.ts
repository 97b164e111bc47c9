import { describe, expect, it } from 'vitest';
import { isOwnWork, rowOffers, type ScoreRow, sortAndFilterRows, spread } from './score-rows';

const rater = (points: number[], extra: Partial<ScoreRow['pr_performance']['reviewers'][number]> = {}) => ({
  id: Math.floor(Math.random() * 1e6),
  reviewer: 1,
  reviewer_name: 'r',
  is_self_review: false,
  is_completed: true,
  is_lowest: false,
  is_adjusted: false,
  responses: points.map((point) => ({ point, edited_point: null })),
  ...extra,
});
const row = (
  enrollment: number,
  name: string,
  total: number,
  reviewers: ReturnType<typeof rater>[],
  submitted = true,
  disagreement: number[] = [],
): ScoreRow => ({
  id: enrollment,
  enrollment,
  name,
  submitted,
  disagreement,
  total,
  essay_writing_score: 0,
  peer_review_score: 0,
  metacognition_score: 0,
  feedback_review_score: 0,
  revisement_score: 0,
  pr_performance: { reviewers },
});

const reports = [
  row(1, '가나', 70, [rater([2, 2]), rater([5, 5])], true, [0, 1]), // spread 3, flagged
  row(2, 'Bora', 90, [rater([4, 4]), rater([4, 5], { is_lowest: true })]), // spread 0.5
  row(3, 'Chul', 80, [
    rater([3, 3]),
    rater([1, 1], { is_completed: false }),
    rater([5, 5], { is_self_review: true }),
  ]),
];
const data = { reports, pending_objections: [{ id: 9, matching: 4, author: 3 }] };
const names = (rows: ScoreRow[]) => rows.map((r) => r.name);

describe('score table rows', () => {
  it('measures the spread between completed peer raters, ignoring the self-evaluation and open reviews', () => {
    expect(spread(reports[0]!)).toBe(3);
    expect(spread(reports[1]!)).toBe(0.5);
    expect(spread(reports[2]!)).toBe(0);
  });

  it('sorts by total, by name, or by disagreement first', () => {
    expect(names(sortAndFilterRows(data, { sort: 'total', filter: 'all', search: '' }))).toEqual([
      'Bora',
      'Chul',
      '가나',
    ]);
    expect(names(sortAndFilterRows(data, { sort: 'name', filter: 'all', search: '' }))).toEqual([
      'Bora',
      'Chul',
      '가나',
    ]);
    expect(names(sortAndFilterRows(data, { sort: 'spread', filter: 'all', search: '' }))).toEqual([
      '가나',
      'Bora',
      'Chul',
    ]);
  });

  it('puts the flagged essays first when asked (before completion), and filters them', () => {
    expect(
      names(sortAndFilterRows(data, { sort: 'total', filter: 'all', search: '', flaggedFirst: true })),
    ).toEqual(['가나', 'Bora', 'Chul']);
    expect(names(sortAndFilterRows(data, { sort: 'name', filter: 'disagree', search: '' }))).toEqual([
      '가나',
    ]);
  });

  it('filters by name, by a least-consistent rater, by an open review and by a waiting objection', () => {
    expect(names(sortAndFilterRows(data, { sort: 'total', filter: 'all', search: ' bo ' }))).toEqual([
      'Bora',
    ]);
    expect(names(sortAndFilterRows(data, { sort: 'total', filter: 'lowest', search: '' }))).toEqual(['Bora']);
    expect(names(sortAndFilterRows(data, { sort: 'total', filter: 'open', search: '' }))).toEqual(['Chul']);
    expect(names(sortAndFilterRows(data, { sort: 'total', filter: 'objection', search: '' }))).toEqual([
      'Chul',
    ]);
    expect(sortAndFilterRows(data, { sort: 'total', filter: 'lowest', search: '가' })).toEqual([]);
  });

  it('lists those without an essay after the others, in every order', () => {
    const withIdle = { ...data, reports: [...reports, row(4, 'Ahn', 95, [], false)] };
    for (const sort of ['total', 'name', 'spread'] as const)
      expect(names(sortAndFilterRows(withIdle, { sort, filter: 'all', search: '' })).at(-1)).toBe('Ahn');
  });

  it('leaves the data it was given in its order', () => {
    sortAndFilterRows(data, { sort: 'name', filter: 'all', search: '' });
    expect(names(data.reports)).toEqual(['가나', 'Bora', 'Chul']);
  });
});

describe('what the score page offers on a row', () => {
  const done = rater([3, 3]);
  const open = rater([3, 3], { is_completed: false });

  it('offers the revision score and the adjustment of finished reviews on others’ rows once complete', () => {
    const offers = rowOffers(row(5, 'Dana', 50, [done]), { completed: true, ownEnrollment: 9 });
    expect(offers).toMatchObject({ own: false, revision: true });
    expect(offers.adjust(done)).toBe(true);
    expect(offers.adjust(open)).toBe(false);
  });

  it('offers nothing on the caller’s own row (the instructor’s seat), nor before completion', () => {
    const mine = rowOffers(row(9, 'Me', 50, [done]), { completed: true, ownEnrollment: 9 });
    expect(mine).toMatchObject({ own: true, revision: false });
    expect(mine.adjust(done)).toBe(false);
    const early = rowOffers(row(5, 'Dana', 50, [done]), { completed: false, ownEnrollment: 9 });
    expect(early.revision).toBe(false);
    expect(early.adjust(done)).toBe(false);
    // No report yet: no revision score to set.
    expect(rowOffers({ id: null, enrollment: 5 }, { completed: true, ownEnrollment: null }).revision).toBe(
      false,
    );
  });

  it('knows the caller’s own objections; a caller without an enrolment owns none', () => {
    expect(isOwnWork(9, 9)).toBe(true);
    expect(isOwnWork(5, 9)).toBe(false);
    expect(isOwnWork(9, null)).toBe(false);
  });
});
