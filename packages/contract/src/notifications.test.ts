import { describe, expect, it } from 'vitest';
import {
  LEARNER_NOTIFICATION_KINDS,
  NOTIFICATION_KINDS,
  relevantNotificationKinds,
  STAFF_NOTIFICATION_KINDS,
} from './notifications';

describe('notification kinds', () => {
  it('every kind is a learner’s or the staff’s, never both (a new kind must be placed)', () => {
    const learner = new Set<string>(LEARNER_NOTIFICATION_KINDS);
    const staff = new Set<string>(STAFF_NOTIFICATION_KINDS);
    for (const kind of NOTIFICATION_KINDS) expect(learner.has(kind) !== staff.has(kind), kind).toBe(true);
    expect(learner.size + staff.size).toBe(NOTIFICATION_KINDS.length);
  });

  it('asks each person about what they can receive', () => {
    expect(relevantNotificationKinds({ learns: true, teaches: false })).toEqual([
      ...LEARNER_NOTIFICATION_KINDS,
    ]);
    expect(relevantNotificationKinds({ learns: false, teaches: true })).toEqual([
      ...STAFF_NOTIFICATION_KINDS,
    ]);
    // Nobody yet: most people join as learners.
    expect(relevantNotificationKinds({ learns: false, teaches: false })).toEqual([
      ...LEARNER_NOTIFICATION_KINDS,
    ]);
    expect(relevantNotificationKinds({ learns: true, teaches: true })).toEqual([...NOTIFICATION_KINDS]);
  });
});
