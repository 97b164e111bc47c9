import type { RevisionTrace } from '@pw/contract';
import { PARTICIPATION_STATUS } from '@pw/contract';
import type { Db, Tx } from '../../db/client';
import type { AssignmentShape, ShapeRow } from '../assignments/assignment-shape';
import { assertCanSeeAssignment } from '../assignments/assignments.policy';
import type { AssignmentMembership, Caller } from '../courses/courses.policy';
import { learnerRule } from '../extensions/learner-rule';
import { isOwner } from '../performances/performances.policy';
import { loadContext, type PerformanceIds } from '../performances/performances.queries';
import { revisionTraceOf } from './revision-trace-of';
import { assertCanReadTrace, seesSuggestion } from './traces.policy';

/** The trace as `m` reads it: editable by its author while the revision may be saved. */
export async function traceFor(input: {
  db: Db | Tx;
  m: AssignmentMembership;
  shape: AssignmentShape<ShapeRow & { id: number }>;
  authorId: number;
  participation: number | null;
  now: Date;
}): Promise<RevisionTrace> {
  const { db, m, shape, authorId } = input;
  const editable =
    isOwner(m, authorId) &&
    input.participation === PARTICIPATION_STATUS.participating &&
    (await learnerRule(db, shape, authorId, 'revisement', input.now)) === null;
  const trace = await revisionTraceOf({
    db,
    shape,
    authorId,
    editable,
    withSuggestion: seesSuggestion(m, authorId),
  });
  // The work is a revision (checked by the policy), so the stage exists.
  return trace as RevisionTrace;
}

/**
 * GET …/performances/{pid}/trace/: the comments the revision's author received, each with their
 * mark. The author and the assignment's managers (with the suggested score); others 404.
 */
export async function getTrace(input: PerformanceIds & { db: Db; caller: Caller }) {
  const now = new Date();
  const ctx = await loadContext(input.db, input.caller, input);
  assertCanSeeAssignment(ctx.m, ctx.a);
  assertCanReadTrace(ctx.m, ctx.p.enrollmentId, ctx.stage.model);
  return traceFor({
    db: input.db,
    m: ctx.m,
    shape: ctx.shape,
    authorId: ctx.p.enrollmentId,
    participation: ctx.participation,
    now,
  });
}
