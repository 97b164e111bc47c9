import { describe, expect, it } from 'vitest';
import { codeOf, member } from '../../../test/members';
import {
  assertCanChangeObjection,
  assertCanObject,
  assertCanReadObjection,
  assertCanRuleOnObjection,
  OBJECTION_STATUS,
  objectionStatusName,
  rulingStatus,
} from './objections.policy';

describe('objections policy', () => {
  // Learner 7 wrote the essay; learner 8 reviewed it.
  const review = { reviewerId: 8, targetId: 7, isCompleted: true };

  it('the essay’s author objects to a completed review while the feedback step runs', () => {
    expect(codeOf(() => assertCanObject(member('learner'), review, true))).toBeUndefined();
    expect(codeOf(() => assertCanObject(member('learner'), review, false))).toBe('objection_not_open');
    expect(codeOf(() => assertCanObject(member('learner'), { ...review, isCompleted: false }, true))).toBe(
      'not_found',
    );
    expect(codeOf(() => assertCanObject(member('learner', 8), review, true))).toBe('not_found');
    expect(codeOf(() => assertCanObject(member('instructor'), review, true))).toBe('not_found');
  });

  it('the author and managers read an objection; the reviewer does not', () => {
    expect(codeOf(() => assertCanReadObjection(member('learner'), review))).toBeUndefined();
    expect(codeOf(() => assertCanReadObjection(member('instructor'), review))).toBeUndefined();
    expect(codeOf(() => assertCanReadObjection(member('assistant', 9), review))).toBeUndefined();
    expect(codeOf(() => assertCanReadObjection(member('learner', 8), review))).toBe('not_found');
  });

  it('its author changes it only while pending and the feedback step runs', () => {
    const pending = { status: OBJECTION_STATUS.pending };
    expect(codeOf(() => assertCanChangeObjection(member('learner'), review, pending, true))).toBeUndefined();
    expect(codeOf(() => assertCanChangeObjection(member('learner'), review, pending, false))).toBe(
      'objection_not_open',
    );
    expect(
      codeOf(() =>
        assertCanChangeObjection(member('learner'), review, { status: OBJECTION_STATUS.accepted }, true),
      ),
    ).toBe('objection_not_open');
    expect(codeOf(() => assertCanChangeObjection(member('instructor'), review, pending, true))).toBe(
      'not_found',
    );
  });

  it('managers rule (learners 403); statuses by name', () => {
    expect(codeOf(() => assertCanRuleOnObjection(member('assistant', 9)))).toBeUndefined();
    expect(codeOf(() => assertCanRuleOnObjection(member('learner')))).toBe('permission_denied');
    expect([0, 1, 2, 9].map(objectionStatusName)).toEqual(['pending', 'accepted', 'rejected', 'pending']);
    expect([rulingStatus(true), rulingStatus(false)]).toEqual([1, 2]);
  });
});
