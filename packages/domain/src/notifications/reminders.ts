/** At most this many reminders per stage. */
export const MAX_REMINDERS_PER_STAGE = 3;

/**
 * Which reminder of a stage is due now: the hours-before-the-end offsets (e.g. `[24]`, or
 * `[72, 24, 2]`; at most three) whose moment has come while the stage still runs. When several
 * have come (a server that was down catches up), only the latest is due, so nobody gets a burst.
 * Returns that offset, or null (none due, or the stage has ended or has no end).
 */
export function dueReminderOffset(
  endAt: Date | null,
  now: Date,
  offsetsHours: readonly number[],
): number | null {
  if (!endAt || now.getTime() >= endAt.getTime()) return null;
  const left = endAt.getTime() - now.getTime();
  const come = offsetsHours.slice(0, MAX_REMINDERS_PER_STAGE).filter((hours) => left <= hours * 3_600_000);
  return come.length ? Math.min(...come) : null;
}
