import { PARTICIPATION_STATUS } from '@pw/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { enrollments, participations, performances, users } from '../../db/schema';

/**
 * The people who take part in an assignment now (participating, enrolment active), each
 * with whether their essay is finished and whether they hold the instructor's learner seat,
 * ordered by name then enrolment. The one query the matching engine, the matching page, late
 * joiners and the scoring input all read.
 */
export async function activeParticipants(
  db: Db | Tx,
  assignmentId: number,
  essayStageId: number | undefined,
) {
  const rows = await db
    .select({
      id: participations.enrollmentId,
      name: users.name,
      isSeat: enrollments.isInstructorSeat,
      essayDone: performances.isCompleted,
    })
    .from(participations)
    .innerJoin(enrollments, eq(enrollments.id, participations.enrollmentId))
    .innerJoin(users, eq(users.id, enrollments.userId))
    .leftJoin(
      performances,
      and(
        eq(performances.enrollmentId, participations.enrollmentId),
        eq(performances.stageId, essayStageId ?? -1),
      ),
    )
    .where(
      and(
        eq(participations.assignmentId, assignmentId),
        eq(participations.status, PARTICIPATION_STATUS.participating),
        eq(enrollments.isActive, true),
      ),
    )
    .orderBy(asc(users.name), asc(participations.enrollmentId));
  return rows.map((r) => ({ ...r, essayDone: r.essayDone === true }));
}

/** The participants as the domain's matching and scoring functions take them. */
export const asDomainParticipants = (list: Awaited<ReturnType<typeof activeParticipants>>) =>
  list.map((p) => ({ id: String(p.id), hasEssay: p.essayDone, isInstructorLearner: p.isSeat }));
