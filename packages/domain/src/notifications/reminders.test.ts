import { describe, expect, it } from 'vitest';
import { dueReminderOffset } from './reminders';

const end = new Date('2026-12-01T15:00:00Z');
const before = (ms: number) => new Date(end.getTime() - ms);
const H = 3_600_000;

describe('when a reminder is due', () => {
  it('24 h before the end by default: not a second earlier, until the end, not after', () => {
    expect(dueReminderOffset(end, before(24 * H + 1000), [24])).toBeNull();
    expect(dueReminderOffset(end, before(24 * H), [24])).toBe(24);
    expect(dueReminderOffset(end, before(1000), [24])).toBe(24);
    expect(dueReminderOffset(end, end, [24])).toBeNull();
    expect(dueReminderOffset(end, new Date(end.getTime() + 1000), [24])).toBeNull();
  });

  it('with several offsets, the latest whose moment has come (no burst after a pause)', () => {
    expect(dueReminderOffset(end, before(50 * H), [72, 24, 2])).toBe(72);
    expect(dueReminderOffset(end, before(1 * H), [72, 24, 2])).toBe(2);
  });

  it('at most three per stage, and none for a stage without an end', () => {
    expect(dueReminderOffset(end, before(30 * H), [96, 72, 48, 1])).toBe(48);
    expect(dueReminderOffset(end, before(30 * 60_000), [96, 72, 48, 1])).toBe(48);
    expect(dueReminderOffset(null, before(H), [24])).toBeNull();
  });
});
