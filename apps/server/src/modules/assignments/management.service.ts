import type { ManagementTable, ProgressCell } from '@pw/contract';
import { codeAt, type StageModel, stepsOf } from '@pw/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  enrollments,
  feedbackMatchings,
  objections,
  participations,
  peerMatchings,
  performances,
  reports,
  stages,
  users,
} from '../../db/schema';
import type { Caller } from '../courses/courses.policy';
import { type AssignmentRow, loadForManager } from './assignments.service';

/** The management page's progress table of an assignment (instructor and assistants). */
export async function managementOf(
  db: Db,
  caller: Caller,
  courseId: number,
  assignmentId: number,
): Promise<ManagementTable> {
  const { a } = await loadForManager(db, caller, courseId, assignmentId);
  return managementTable(db, a);
}

/**
 * The student progress table of the management page (part 2 §3): one header per step with
 * how many finished, one row per learner with a cell per step. Peer review counts finished
 * reviews, feedback review counts rated reviews; other steps count the learner's own work.
 */
export async function managementTable(db: Db, a: AssignmentRow): Promise<ManagementTable> {
  const stageRows = await db
    .select()
    .from(stages)
    .where(eq(stages.assignmentId, a.id))
    .orderBy(asc(stages.position));
  const steps = stepsOf(
    stageRows.map((s) => ({ model: s.model as StageModel, startAt: s.startAt, endAt: s.endAt })),
  );
  const people = await db
    .select({
      enrollmentId: enrollments.id,
      name: users.name,
      code: enrollments.code,
      isSeat: enrollments.isInstructorSeat,
      status: participations.status,
      isLate: participations.isLate,
      attendedAt: participations.attendedAt,
    })
    .from(participations)
    .innerJoin(enrollments, eq(enrollments.id, participations.enrollmentId))
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(and(eq(participations.assignmentId, a.id), eq(enrollments.isActive, true)))
    .orderBy(asc(enrollments.code), asc(users.name));
  const ids = people.map((p) => p.enrollmentId);
  const stageIds = stageRows.map((s) => s.id);
  // This assignment's performances only (by the stage-enrolment key), not every assignment's.
  const done =
    ids.length && stageIds.length
      ? await db
          .select({
            id: performances.id,
            stageId: performances.stageId,
            enrollmentId: performances.enrollmentId,
            isCompleted: performances.isCompleted,
            isLate: performances.isLate,
            lateAt: performances.lateAt,
          })
          .from(performances)
          .where(and(inArray(performances.stageId, stageIds), inArray(performances.enrollmentId, ids)))
      : [];
  const matchings = await db
    .select({
      id: peerMatchings.id,
      reviewerId: peerMatchings.reviewerId,
      targetId: peerMatchings.targetId,
      isCompleted: peerMatchings.isCompleted,
      rated: feedbackMatchings.matchingId,
      objectionId: objections.id,
      objectionStatus: objections.status,
    })
    .from(peerMatchings)
    .leftJoin(feedbackMatchings, eq(feedbackMatchings.matchingId, peerMatchings.id))
    .leftJoin(objections, eq(objections.matchingId, peerMatchings.id))
    .where(eq(peerMatchings.assignmentId, a.id));
  /** The learner's objection to rule on first (pending before ruled), if they filed any. */
  const objectionOf = (enrollmentId: number) => {
    const filed = matchings
      .filter((x) => x.targetId === enrollmentId && x.objectionId !== null)
      .sort((x, y) => (x.objectionStatus ?? 0) - (y.objectionStatus ?? 0));
    const first = filed[0];
    return first?.objectionId != null
      ? { id: first.objectionId, matching: first.id, pending: first.objectionStatus === 0 }
      : null;
  };

  const cellFor = (enrollmentId: number, participating: boolean, stepIndex: number): ProgressCell => {
    const step = steps[stepIndex];
    const short = step?.code ?? 'CO';
    const main = step?.models[0];
    let finished = 0;
    let total = 1;
    if (main === 'peerreview') {
      const mine = matchings.filter((m) => m.reviewerId === enrollmentId);
      total = mine.length;
      finished = mine.filter((m) => m.isCompleted).length;
    } else if (main === 'feedbackreview') {
      const received = matchings.filter(
        (m) => m.targetId === enrollmentId && m.reviewerId !== enrollmentId && m.isCompleted,
      );
      total = received.length;
      finished = received.filter((m) => m.rated !== null).length;
    } else if (main === 'adjustment') {
      total = 0;
    } else {
      const stage = stageRows.find((s) => s.model === main);
      finished = done.some((d) => d.stageId === stage?.id && d.enrollmentId === enrollmentId && d.isCompleted)
        ? 1
        : 0;
    }
    const ownModel = step?.models.includes('essaywriting')
      ? 'essaywriting'
      : step?.models.includes('revisement')
        ? 'revisement'
        : null;
    const ownStage = ownModel ? stageRows.find((s) => s.model === ownModel) : undefined;
    const own = ownStage
      ? done.find((d) => d.stageId === ownStage.id && d.enrollmentId === enrollmentId)
      : undefined;
    return {
      short,
      performance_id: own?.id ?? null,
      is_contain: participating,
      is_completed: total > 0 && finished >= total,
      finished,
      total,
    };
  };

  const participating = people.filter((p) => p.status === 1);
  const reportRows = ids.length
    ? await db
        .select({ id: reports.id, enrollmentId: reports.enrollmentId })
        .from(reports)
        .where(and(eq(reports.assignmentId, a.id), inArray(reports.enrollmentId, ids)))
    : [];
  const essayStageId = stageRows.find((s) => s.model === 'essaywriting')?.id;
  const lateEssayOf = (enrollmentId: number) =>
    done.find((d) => d.stageId === essayStageId && d.enrollmentId === enrollmentId && d.isLate);
  return {
    current_stage: codeAt(steps, a.stepIndex),
    headers: steps.map((step, i) => {
      const cells = participating.map((p) => cellFor(p.enrollmentId, true, i));
      return {
        short: step.code,
        progress: step.models[0] ?? '',
        performances: participating.length,
        finished_performances: cells.filter((c) => c.is_completed).length,
      };
    }),
    rows: people.map((p) => steps.map((_, i) => cellFor(p.enrollmentId, p.status === 1, i))),
    names: people.map((p) => ({
      pk: p.enrollmentId,
      name: p.isSeat ? `${p.name} (교수자)` : p.name,
      code: p.code,
      status: p.status,
      attended: p.attendedAt !== null,
      is_late: p.status === 2 ? { enrollment_id: p.enrollmentId } : null,
      is_essay_late: lateEssayOf(p.enrollmentId) !== undefined,
      essay_late_time: lateEssayOf(p.enrollmentId)?.lateAt?.toISOString() ?? null,
      objection: objectionOf(p.enrollmentId),
      report: reportRows.find((r) => r.enrollmentId === p.enrollmentId)?.id ?? null,
    })),
  };
}
