import { describe, expect, it } from 'vitest';
import { codeOf, member } from '../../../test/members';
import {
  assertCanEditReport,
  assertCanReadReport,
  assertCanSeeScorePage,
  seesPeerLinks,
} from './reports.policy';

describe('reports policy', () => {
  const own = { enrollmentId: 7 };
  const other = { enrollmentId: 8 };

  it('a learner reads their own report once the assignment is complete; any other, or before: 404', () => {
    expect(assertCanReadReport(member('learner'), own, true)).toBe(true);
    expect(codeOf(() => assertCanReadReport(member('learner'), own, false))).toBe('not_found');
    expect(codeOf(() => assertCanReadReport(member('learner'), other, true))).toBe('not_found');
  });

  it('the instructor and assistants read any report, before completion too (not as their own)', () => {
    expect(assertCanReadReport(member('instructor'), own, false)).toBe(false);
    expect(assertCanReadReport(member('assistant', 9), own, false)).toBe(false);
    expect(assertCanReadReport(member('assistant'), own, false)).toBe(true);
  });

  it('who reviewed whom: the instructor and assistants on someone else’s report; never a learner, nor on one’s own', () => {
    expect(seesPeerLinks(member('instructor'), own)).toBe(true);
    expect(seesPeerLinks(member('assistant', 9), own)).toBe(true);
    expect(seesPeerLinks(member('assistant'), own)).toBe(false);
    expect(seesPeerLinks(member('seat'), own)).toBe(false);
    expect(seesPeerLinks(member('learner'), own)).toBe(false);
    expect(seesPeerLinks(member('learner'), other)).toBe(false);
  });

  it('the comment, revision score and score page: managers; learners 403', () => {
    for (const check of [assertCanEditReport, assertCanSeeScorePage]) {
      expect(codeOf(() => check(member('instructor')))).toBeUndefined();
      expect(codeOf(() => check(member('assistant')))).toBeUndefined();
      expect(codeOf(() => check(member('learner')))).toBe('permission_denied');
    }
  });
});
