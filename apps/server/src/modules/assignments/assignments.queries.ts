import { PARTICIPATION_STATUS } from '@pw/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  assignmentFiles,
  extensions,
  files,
  participations,
  performances,
  reports,
  stages,
} from '../../db/schema';
import type { FileStorage } from '../../lib/storage';
import type { Caller, Membership } from '../courses/courses.policy';
import { loadAssignmentManager, loadAssignmentMembership } from '../courses/membership';
import { fileLink } from '../files/files.service';
import { loadAssignment } from './assignment-loader';
import { assertCanSeeAssignment } from './assignments.policy';

/** What the assignment use cases need beyond the caller: the database, file storage, the link secret. */
export type AssignmentDeps = { db: Db; storage: FileStorage; secret: string };

/** The ids of the path of an assignment. */
export type AssignmentIds = { courseId: number; assignmentId: number };

/**
 * An assignment of this course that the member may see (learners: public ones only), with its
 * stages (`loadAssignment`; `lock: 'update'` for the caller's transaction: a stage move waits, so
 * what the caller decides from it still holds when it writes).
 */
export async function loadVisibleAssignment(
  db: Db | Tx,
  m: Membership,
  assignmentId: number,
  lock?: 'update',
) {
  const shape = await loadAssignment(db, { assignmentId, courseId: m.course.id, lock });
  assertCanSeeAssignment(m, shape.row);
  return shape;
}

/**
 * Any member's view of an assignment of the course, with their standing in it (404/403 as
 * `loadMembership`, then unpublished ones 404 to learners and to assistants who take part).
 */
export async function loadForMember(db: Db, caller: Caller, ids: AssignmentIds) {
  const m = await loadAssignmentMembership(db, caller, ids);
  return { m, shape: await loadVisibleAssignment(db, m, ids.assignmentId) };
}

/** An assignment the caller runs (the instructor, or an assistant who does not take part in it; others 403). */
export async function loadForManager(db: Db, caller: Caller, ids: AssignmentIds) {
  const m = await loadAssignmentManager(db, caller, ids);
  return { m, shape: await loadVisibleAssignment(db, m, ids.assignmentId) };
}

/** The stages of several assignments, in order (the list's one read of them). */
export async function stagesOfAssignments(db: Db, ids: number[]) {
  return db.select().from(stages).where(inArray(stages.assignmentId, ids)).orderBy(asc(stages.position));
}

/** Files and (for learners) participation, own work and reports of several assignments, whatever their number. */
export async function loadExtras(deps: AssignmentDeps, m: Membership, ids: number[]) {
  const attached = ids.length
    ? await deps.db
        .select({
          assignmentId: assignmentFiles.assignmentId,
          id: files.id,
          organisationId: files.organisationId,
          originalName: files.originalName,
          size: files.size,
        })
        .from(assignmentFiles)
        .innerJoin(files, eq(files.id, assignmentFiles.fileId))
        .where(inArray(assignmentFiles.assignmentId, ids))
        .orderBy(asc(files.id))
    : [];
  const statuses =
    m.enrollment && m.isLearner && ids.length
      ? await deps.db
          .select({
            assignmentId: participations.assignmentId,
            status: participations.status,
            attendedAt: participations.attendedAt,
          })
          .from(participations)
          .where(
            and(inArray(participations.assignmentId, ids), eq(participations.enrollmentId, m.enrollment.id)),
          )
      : [];
  // A learner's own work per stage and their reports, so the pages can link to them.
  const work =
    m.enrollment && m.isLearner && ids.length
      ? await deps.db
          .select({ id: performances.id, stageId: performances.stageId })
          .from(performances)
          .innerJoin(stages, eq(stages.id, performances.stageId))
          .where(and(inArray(stages.assignmentId, ids), eq(performances.enrollmentId, m.enrollment.id)))
      : [];
  const ownReports =
    m.enrollment && m.isLearner && ids.length
      ? await deps.db
          .select({ id: reports.id, assignmentId: reports.assignmentId })
          .from(reports)
          .where(and(inArray(reports.assignmentId, ids), eq(reports.enrollmentId, m.enrollment.id)))
      : [];
  // A learner's extensions (issue 33): their own ends, shown wherever a deadline shows.
  const ownExtensions =
    m.enrollment && m.isLearner && ids.length
      ? await deps.db
          .select({ assignmentId: extensions.assignmentId, model: extensions.model, endAt: extensions.endAt })
          .from(extensions)
          .where(and(inArray(extensions.assignmentId, ids), eq(extensions.enrollmentId, m.enrollment.id)))
      : [];
  return {
    /** The learner's extensions of an assignment (none for managers). */
    extensionsOf: (id: number) =>
      ownExtensions.filter((x) => x.assignmentId === id).map((x) => ({ model: x.model, endAt: x.endAt })),
    performanceOf: (stageId: number) => work.find((w) => w.stageId === stageId)?.id ?? null,
    reportOf: (id: number) => ownReports.find((r) => r.assignmentId === id)?.id ?? null,
    filesOf: (id: number) =>
      attached.filter((f) => f.assignmentId === id).map((f) => fileLink(deps.secret, f)),
    // Learners always get a participation status (0: not taking part); managers get none.
    participationOf: (id: number) =>
      m.enrollment && m.isLearner
        ? (statuses.find((p) => p.assignmentId === id)?.status ?? PARTICIPATION_STATUS.none)
        : undefined,
    /** Whether the learner has read the task information (attendance recorded). */
    attendedOf: (id: number) => statuses.find((p) => p.assignmentId === id)?.attendedAt != null,
  };
}

export type Extras = Awaited<ReturnType<typeof loadExtras>>;
