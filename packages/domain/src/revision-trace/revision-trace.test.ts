import { describe, expect, it } from 'vitest';
import {
  type ReceivedReviewInput,
  type StoredMark,
  suggestedRevisionScore,
  summariseTrace,
  traceableComments,
  validateMarks,
} from './revision-trace';

const AUTHOR = 10;
const reviews: ReceivedReviewInput[] = [
  // Listed out of order: labels follow matching ids.
  {
    matchingId: 7,
    reviewerId: 12,
    isCompleted: true,
    comments: [
      { standardIndex: 1, comment: 'The conclusion repeats the introduction.' },
      { standardIndex: 0, comment: 'Give an example for the second claim.' },
    ],
  },
  {
    matchingId: 3,
    reviewerId: 11,
    isCompleted: true,
    comments: [
      { standardIndex: 0, comment: 'Clear thesis.' },
      { standardIndex: 1, comment: '   ' },
    ],
  },
  // Unfinished review, self-review: never traced.
  { matchingId: 5, reviewerId: 13, isCompleted: false, comments: [{ standardIndex: 0, comment: 'Draft' }] },
  { matchingId: 9, reviewerId: AUTHOR, isCompleted: true, comments: [{ standardIndex: 0, comment: 'Mine' }] },
];

describe('traceableComments', () => {
  it('keeps the comments with text of completed reviews by others, labelled in matching order', () => {
    expect(traceableComments(AUTHOR, reviews)).toEqual([
      { matchingId: 3, standardIndex: 0, reviewerLabel: 1, comment: 'Clear thesis.' },
      { matchingId: 7, standardIndex: 0, reviewerLabel: 2, comment: 'Give an example for the second claim.' },
      {
        matchingId: 7,
        standardIndex: 1,
        reviewerLabel: 2,
        comment: 'The conclusion repeats the introduction.',
      },
    ]);
  });
  it('is empty when nothing was received', () => {
    expect(traceableComments(AUTHOR, [])).toEqual([]);
  });
});

describe('validateMarks', () => {
  const traceable = traceableComments(AUTHOR, reviews);
  it('accepts marks on traceable comments, a reason with "not used"', () => {
    expect(
      validateMarks(
        [
          { matchingId: 3, standardIndex: 0, status: 'used', reason: '' },
          { matchingId: 7, standardIndex: 0, status: 'not_used', reason: 'My second claim is gone.' },
          { matchingId: 7, standardIndex: 1, status: null, reason: '' },
        ],
        traceable,
      ),
    ).toEqual({});
  });
  it('requires a reason for "not used" (spaces are none)', () => {
    expect(
      validateMarks([{ matchingId: 3, standardIndex: 0, status: 'not_used', reason: '  ' }], traceable),
    ).toEqual({
      'marks.0.reason': ['validation.trace_reason_required'],
    });
  });
  it('refuses comments that are not traceable (self-review, unfinished, empty, unknown) and duplicates', () => {
    const errors = validateMarks(
      [
        { matchingId: 9, standardIndex: 0, status: 'used', reason: '' },
        { matchingId: 5, standardIndex: 0, status: 'used', reason: '' },
        { matchingId: 3, standardIndex: 1, status: 'used', reason: '' },
        { matchingId: 3, standardIndex: 0, status: 'used', reason: '' },
        { matchingId: 3, standardIndex: 0, status: 'partly_used', reason: '' },
      ],
      traceable,
    );
    expect(errors).toEqual({
      'marks.0.matching': ['validation.trace_unknown_comment'],
      'marks.1.matching': ['validation.trace_unknown_comment'],
      'marks.2.matching': ['validation.trace_unknown_comment'],
      'marks.4.matching': ['validation.trace_duplicate'],
    });
  });
  it('refuses a reason that is too long', () => {
    expect(
      validateMarks(
        [{ matchingId: 3, standardIndex: 0, status: 'used', reason: 'x'.repeat(301) }],
        traceable,
      ),
    ).toEqual({ 'marks.0.reason': ['validation.too_long'] });
  });
});

describe('summariseTrace and suggestedRevisionScore', () => {
  const traceable = traceableComments(AUTHOR, reviews);
  const marks: StoredMark[] = [
    { matchingId: 3, standardIndex: 0, status: 'used', reason: '' },
    { matchingId: 7, standardIndex: 0, status: 'partly_used', reason: '' },
    // A mark on a comment no longer traceable is ignored.
    { matchingId: 9, standardIndex: 0, status: 'used', reason: '' },
  ];
  it('counts the marks of the traceable comments', () => {
    expect(summariseTrace(traceable, marks)).toEqual({
      total: 3,
      used: 1,
      partly_used: 1,
      not_used: 0,
      unmarked: 1,
    });
  });
  it('suggests max × mean weight (used 1, partly 0.5, not used 0.25, unmarked 0), one decimal', () => {
    // (1 + 0.5 + 0) / 3 × 10 = 5
    expect(suggestedRevisionScore({ traceable, marks, maxScore: 10, revisionSubmitted: true })).toBe(5);
    const all: StoredMark[] = traceable.map((c) => ({ ...c, status: 'used', reason: '' }));
    expect(suggestedRevisionScore({ traceable, marks: all, maxScore: 10, revisionSubmitted: true })).toBe(10);
    const declined: StoredMark[] = traceable.map((c) => ({ ...c, status: 'not_used', reason: 'r' }));
    // 0.25 × 7 = 1.75 → 1.8
    expect(suggestedRevisionScore({ traceable, marks: declined, maxScore: 7, revisionSubmitted: true })).toBe(
      1.8,
    );
  });
  it('suggests nothing without a submitted revision, a traceable comment or any mark', () => {
    expect(suggestedRevisionScore({ traceable, marks, maxScore: 10, revisionSubmitted: false })).toBeNull();
    expect(
      suggestedRevisionScore({ traceable: [], marks, maxScore: 10, revisionSubmitted: true }),
    ).toBeNull();
    expect(
      suggestedRevisionScore({ traceable, marks: [], maxScore: 10, revisionSubmitted: true }),
    ).toBeNull();
    expect(suggestedRevisionScore({ traceable, marks, maxScore: 0, revisionSubmitted: true })).toBeNull();
  });
  it('never leaves 0..max and rises with every comment used', () => {
    let last = -1;
    for (let used = 0; used <= traceable.length; used++) {
      const m: StoredMark[] = traceable.map((c, i) => ({
        ...c,
        status: i < used ? 'used' : 'not_used',
        reason: 'r',
      }));
      const s = suggestedRevisionScore({ traceable, marks: m, maxScore: 10, revisionSubmitted: true }) ?? -1;
      expect(s).toBeGreaterThan(last);
      expect(s).toBeLessThanOrEqual(10);
      last = s;
    }
  });
});
