import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assignments } from '../../db/schema';
import { type Caller, inAssignment } from '../courses/courses.policy';
import { loadMembership } from '../courses/membership';
import { shapeOf } from './assignment-shape';
import { seesUnpublished } from './assignments.policy';
import { presentAssignment } from './assignments.presenter';
import { type AssignmentDeps, loadExtras, stagesOfAssignments } from './assignments.queries';

/** The newest assignment this member can see, for "import the previous assignment". */
export async function lastAssignmentId(db: Db, caller: Caller, courseId: number): Promise<number | null> {
  const m = await loadMembership(db, caller, courseId);
  const where = seesUnpublished(m)
    ? eq(assignments.courseId, m.course.id)
    : and(eq(assignments.courseId, m.course.id), eq(assignments.isPublic, true));
  const [row] = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(where)
    .orderBy(desc(assignments.createdAt), desc(assignments.id))
    .limit(1);
  return row?.id ?? null;
}

/** The course's assignments, newest first (learners: public ones), in four queries whatever their number. */
export async function listAssignments(
  input: AssignmentDeps & { caller: Caller; courseId: number; now: Date },
) {
  const { db, caller, courseId, now } = input;
  const m = await loadMembership(db, caller, courseId);
  const where = seesUnpublished(m)
    ? eq(assignments.courseId, m.course.id)
    : and(eq(assignments.courseId, m.course.id), eq(assignments.isPublic, true));
  const list = await db
    .select()
    .from(assignments)
    .where(where)
    .orderBy(desc(assignments.createdAt), desc(assignments.id));
  if (list.length === 0) return [];
  const ids = list.map((a) => a.id);
  const allStages = await stagesOfAssignments(db, ids);
  const extras = await loadExtras(input, m, ids);
  // Each assignment as the member stands in it: an assistant who takes part in one is a learner
  // there (an unpublished one she takes part in is then not hers to see).
  return list.flatMap((a) => {
    const inIt = inAssignment(m, extras.participationOf(a.id));
    if (!a.isPublic && !seesUnpublished(inIt)) return [];
    const shape = shapeOf(
      a,
      allStages.filter((s) => s.assignmentId === a.id),
    );
    return [presentAssignment(inIt, shape, now, extras)];
  });
}
