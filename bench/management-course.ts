// The management bench's class (issue 18): a course of N learners × 10 assignments, the measured
// one at feedback review (every learner has written, reviewed three peers and themself; half the
// reviews are rated), written straight into the database.
import type { Db } from '../apps/server/src/db/client';
import {
  assignments,
  courses,
  enrollments,
  feedbackMatchings,
  participations,
  peerMatchings,
  performances,
  stages,
  users,
} from '../apps/server/src/db/schema';
import { fourStageRows } from './fixtures';

const ASSIGNMENTS = 10;

/** A course of `n` learners and 10 assignments at feedback review; returns the measured one. */
export async function buildManagementCourse(
  db: Db,
  owner: { organisationId: number; instructorId: number; tag: string },
  n: number,
  label = `${n}`,
) {
  const { tag } = owner;
  const [course] = await db
    .insert(courses)
    .values({
      organisationId: owner.organisationId,
      instructorId: owner.instructorId,
      name: `bench ${label}`,
      code: `M${label}${tag}`.slice(0, 10),
    })
    .returning();
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        organisationId: owner.organisationId,
        email: `l${label}-${i}-${tag}@example.com`,
        name: `학습자 ${String(i).padStart(3, '0')}`,
        passwordHash: '',
      })),
    )
    .returning({ id: users.id });
  const seats = await db
    .insert(enrollments)
    .values(
      people.map((p, i) => ({ courseId: course!.id, userId: p.id, code: `S${String(i).padStart(4, '0')}` })),
    )
    .returning({ id: enrollments.id });
  let measured = 0;
  for (let k = 0; k < ASSIGNMENTS; k++) {
    const [a] = await db
      .insert(assignments)
      .values({ courseId: course!.id, name: `과제 ${k + 1}`, description: 'd', stepIndex: 2 })
      .returning();
    const made = await db.insert(stages).values(fourStageRows(a!.id)).returning({ id: stages.id });
    await db
      .insert(participations)
      .values(seats.map((e) => ({ assignmentId: a!.id, enrollmentId: e.id, status: 1 })));
    await db
      .insert(performances)
      .values(
        made.flatMap((s, j) =>
          seats.map((e, i) => ({ stageId: s.id, enrollmentId: e.id, isCompleted: (i + j) % 7 !== 0 })),
        ),
      );
    const pairs = seats.flatMap((e, i) => [
      ...[1, 2, 3].map((d) => ({
        assignmentId: a!.id,
        reviewerId: e.id,
        targetId: seats[(i + d) % n]!.id,
        isCompleted: (i + d) % 5 !== 0,
      })),
      { assignmentId: a!.id, reviewerId: e.id, targetId: e.id, isCompleted: true },
    ]);
    const matchings = await db.insert(peerMatchings).values(pairs).returning({
      id: peerMatchings.id,
      reviewerId: peerMatchings.reviewerId,
      targetId: peerMatchings.targetId,
    });
    const rated = matchings.filter((m, i) => m.reviewerId !== m.targetId && i % 2 === 0);
    for (let i = 0; i < rated.length; i += 500) {
      await db
        .insert(feedbackMatchings)
        .values(rated.slice(i, i + 500).map((m) => ({ matchingId: m.id, point: 4, comment: '도움이 됨' })));
    }
    measured = a!.id;
  }
  return { courseId: course!.id, assignmentId: measured };
}
