import { PARTICIPATION_STATUS } from '@pw/contract';
import { describe, expect, it } from 'vitest';
import { codeOf, member, takingPart } from '../../../test/members';
import { assertCanSeeAssignment } from '../assignments/assignments.policy';
import { assertCanReadPerformance } from '../performances/performances.policy';
import { assertCanEditReport, assertCanReadReport, assertCanSeeScorePage } from '../reports/reports.policy';
import { assertCanReadPersonalScore, assertCanReadResults, inResults } from '../results/results.policy';
import { assertCanRuleOnObjection } from '../reviews/objections.policy';
import { assertCanAdjustReview, assertCanManageReviews } from '../reviews/reviews.policy';
import { assertNotOwnWork, inAssignment, isManager } from './courses.policy';

// Issue 36, item 1: in an assignment in which a member takes part as a learner, she has a
// learner's rights only; the instructor's seat keeps the instructor's, but not over her own work.

describe('a member in one assignment (inAssignment)', () => {
  it('an assistant who takes part (participating or awaiting approval) is a learner there', () => {
    for (const status of [PARTICIPATION_STATUS.participating, PARTICIPATION_STATUS.waitingApproval]) {
      const m = takingPart('assistant', 7, status);
      expect(m).toMatchObject({ takesPart: true, isAssistant: false, isLearner: true });
      expect(isManager(m)).toBe(false);
    }
  });

  it('an assistant who does not take part (no participation, or status none) keeps her powers', () => {
    for (const status of [undefined, null, PARTICIPATION_STATUS.none]) {
      const m = inAssignment(member('assistant'), status);
      expect(m).toMatchObject({ takesPart: false, isAssistant: true });
      expect(isManager(m)).toBe(true);
    }
  });

  it('the instructor taking part through her seat stays the instructor; the instructor without one never takes part', () => {
    expect(takingPart('seat')).toMatchObject({ takesPart: true, isInstructor: true });
    expect(isManager(takingPart('seat'))).toBe(true);
    expect(takingPart('instructor')).toMatchObject({ takesPart: false });
  });

  it('nobody acts on her own work', () => {
    expect(codeOf(() => assertNotOwnWork(takingPart('seat', 5), 5))).toBe('permission_denied');
    expect(codeOf(() => assertNotOwnWork(takingPart('seat', 5), 6))).toBeUndefined();
    expect(codeOf(() => assertNotOwnWork(member('instructor'), 5))).toBeUndefined();
  });
});

describe('every assignment policy follows it', () => {
  const ofHerEssay = { reviewerId: 8, targetId: 7, isCompleted: true };
  const ofAnother = { reviewerId: 7, targetId: 8, isCompleted: true };

  it('reviews: no names, no adjustment, no ruling for an assistant who takes part', () => {
    const m = takingPart('assistant');
    expect(codeOf(() => assertCanManageReviews(m))).toBe('permission_denied');
    expect(codeOf(() => assertCanAdjustReview(m, ofAnother))).toBe('permission_denied');
    expect(codeOf(() => assertCanRuleOnObjection(m, ofHerEssay))).toBe('permission_denied');
    expect(codeOf(() => assertCanAdjustReview(member('assistant', 9), ofHerEssay))).toBeUndefined();
  });

  it('reviews: the seat adjusts and rules on everyone’s but her own essay’s', () => {
    const seat = takingPart('seat', 7);
    expect(codeOf(() => assertCanAdjustReview(seat, ofHerEssay))).toBe('permission_denied');
    expect(codeOf(() => assertCanRuleOnObjection(seat, ofHerEssay))).toBe('permission_denied');
    expect(codeOf(() => assertCanAdjustReview(seat, ofAnother))).toBeUndefined();
    expect(codeOf(() => assertCanRuleOnObjection(seat, ofAnother))).toBeUndefined();
  });

  it('reports: a classmate’s is 404, her own she reads once complete and never edits', () => {
    const m = takingPart('assistant', 7);
    expect(codeOf(() => assertCanReadReport(m, { enrollmentId: 8 }, true))).toBe('not_found');
    expect(assertCanReadReport(m, { enrollmentId: 7 }, true)).toBe(true);
    expect(codeOf(() => assertCanReadReport(m, { enrollmentId: 7 }, false))).toBe('not_found');
    expect(codeOf(() => assertCanEditReport(m))).toBe('permission_denied');
    expect(codeOf(() => assertCanSeeScorePage(m))).toBe('permission_denied');
    expect(codeOf(() => assertCanEditReport(takingPart('seat', 7), { enrollmentId: 7 }))).toBe(
      'permission_denied',
    );
    expect(codeOf(() => assertCanEditReport(takingPart('seat', 7), { enrollmentId: 8 }))).toBeUndefined();
  });

  it('work, unpublished assignments and results', () => {
    expect(codeOf(() => assertCanReadPerformance(takingPart('assistant', 7), 8))).toBe('not_found');
    expect(codeOf(() => assertCanReadPerformance(member('assistant', 7), 8))).toBeUndefined();
    expect(codeOf(() => assertCanSeeAssignment(takingPart('assistant'), { isPublic: false }))).toBe(
      'not_found',
    );
    expect(codeOf(() => assertCanReadResults(inResults(member('assistant'), true)))).toBe(
      'permission_denied',
    );
    expect(codeOf(() => assertCanReadResults(inResults(member('assistant'), false)))).toBeUndefined();
    expect(codeOf(() => assertCanReadResults(inResults(member('seat'), true)))).toBeUndefined();
    expect(codeOf(() => assertCanReadPersonalScore(inResults(member('assistant', 7), true), 8))).toBe(
      'not_found',
    );
    expect(
      codeOf(() => assertCanReadPersonalScore(inResults(member('assistant', 7), true), 7)),
    ).toBeUndefined();
  });
});
