import { APP_TIMEZONE } from '@pw/contract';
import { and, count, eq, gte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assignments, digestDays, peerMatchings } from '../../db/schema';
import { loadAssignment } from '../assignments/assignment-loader';
import { notifyCourseStaff } from './course-notifications';
import { peopleWithWork } from './step-work';

/** The digest goes out from this hour of the day (the product's time zone) on. */
export const DIGEST_HOUR = 8;
const NAMES_SHOWN = 10;

/** The calendar day and hour of an instant in the product's time zone. */
export function localDayAndHour(now: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: APP_TIMEZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/**
 * The instructor's and assistants' daily digest of each running assignment, once a day from
 * DIGEST_HOUR on (the first scheduler pass of the day that claims it in `digest_days`): in the current stage, how many of those with work are done, who has not started
 * (never opened the assignment), and how many peer reviews are still unwritten. Only on days with
 * something to say: nobody with work, or everyone done, sends nothing. Returns how many
 * assignments had a digest.
 */
export async function sendDigests(db: Db, now: Date) {
  const { day, hour } = localDayAndHour(now);
  if (hour < DIGEST_HOUR) return 0;
  // One pass a day makes the digests, on whichever server claims the day first.
  const claimed = await db.insert(digestDays).values({ day }).onConflictDoNothing().returning();
  if (claimed.length === 0) return 0;
  const running = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(gte(assignments.stepIndex, 0));
  let sent = 0;
  for (const { id } of running) {
    sent += await db.transaction(async (tx) => {
      const shape = await loadAssignment(tx, { assignmentId: id });
      if (shape.stepIndex < 0 || shape.isComplete) return 0;
      const step = shape.steps[shape.stepIndex];
      if (!step) return 0;
      const all = await peopleWithWork(tx, shape, shape.stepIndex, { unfinished: false });
      const left = await peopleWithWork(tx, shape, shape.stepIndex, { unfinished: true });
      if (all.length === 0 || left.length === 0) return 0;
      const notStarted = left.filter((p) => p.attendedAt === null).map((p) => p.name);
      const [open] = step.models.includes('peerreview')
        ? await tx
            .select({ n: count() })
            .from(peerMatchings)
            .where(
              and(
                eq(peerMatchings.assignmentId, id),
                ne(peerMatchings.reviewerId, peerMatchings.targetId),
                eq(peerMatchings.isCompleted, false),
              ),
            )
        : [{ n: 0 }];
      const names =
        notStarted.slice(0, NAMES_SHOWN).join(', ') +
        (notStarted.length > NAMES_SHOWN ? ` +${notStarted.length - NAMES_SHOWN}` : '');
      await notifyCourseStaff(
        tx,
        { courseId: shape.row.courseId, assignmentId: id },
        {
          kind: 'digest',
          key: `digest:${id}:${day}`,
          params: {
            stage: step.code,
            done: all.length - left.length,
            total: all.length,
            notStarted: notStarted.length,
            names: names || '-',
            openReviews: open?.n ?? 0,
          },
        },
      );
      return 1;
    });
  }
  return sent;
}
