import type { RevisionTraceUpdate } from '@pw/contract';
import { validateMarks } from '@pw/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { revisionTraces } from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import { loadAssignment } from '../assignments/assignment-loader';
import { lockAssignmentWork } from '../assignments/assignment-lock';
import type { Caller } from '../courses/courses.policy';
import { learnerRule } from '../extensions/learner-rule';
import { assertParticipating } from '../performances/performances.policy';
import { loadContext, type PerformanceIds } from '../performances/performances.queries';
import { participationStatusOf } from '../reviews/reviews.queries';
import { traceFor } from './get-trace';
import { assertCanWriteTrace } from './traces.policy';
import { traceInputsOf } from './traces.queries';

/**
 * PATCH …/performances/{pid}/trace/ `{marks}`: the revision's author marks comments they received
 * (used, partly used, not used with a reason; null clears a mark); the marks not sent stay.
 *
 * Accepted while the revision may be saved, as the revision itself (the stage machine's
 * `saveRule` for `revisement`, with the learner's extension: `learnerRule`), refused after with
 * the same translated errors (`revision_not_open`, `stage_deadline_passed`). The check and the
 * write hold the assignment's work lock shared (`lockAssignmentWork`), so a stage move waits for a
 * save in flight and a save after the move is judged by the new stage. Answers the trace.
 */
export async function saveTrace(
  input: PerformanceIds & { db: Db; caller: Caller; body: RevisionTraceUpdate },
) {
  const { db, body } = input;
  const ctx = await loadContext(db, input.caller, input);
  assertCanWriteTrace(ctx.m, ctx.p.enrollmentId, ctx.stage.model);
  const authorId = ctx.p.enrollmentId;
  const now = new Date();
  return db.transaction(async (tx) => {
    await lockAssignmentWork(tx, ctx.a.id, 'shared');
    const shape = await loadAssignment(tx, { assignmentId: ctx.a.id });
    const participation = (await participationStatusOf(tx, shape.row.id, authorId)) ?? null;
    assertParticipating(participation);
    const error = await learnerRule(tx, shape, authorId, 'revisement', now);
    if (error) throw new AppError(error);
    const { traceable } = await traceInputsOf(tx, shape.row.id, authorId);
    const marks = body.marks.map((x) => ({
      matchingId: x.matching,
      standardIndex: x.standard,
      status: x.status,
      reason: x.reason.trim(),
    }));
    const errors = validateMarks(marks, traceable);
    if (Object.keys(errors).length) throw validationError(errors);
    const set = marks.filter((x) => x.status !== null);
    const cleared = marks.filter((x) => x.status === null);
    if (set.length)
      await tx
        .insert(revisionTraces)
        .values(
          set.map((x) => ({
            matchingId: x.matchingId,
            standardIndex: x.standardIndex,
            status: x.status as NonNullable<typeof x.status>,
            reason: x.reason,
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [revisionTraces.matchingId, revisionTraces.standardIndex],
          set: {
            status: sql.raw('excluded."status"'),
            reason: sql.raw('excluded."reason"'),
            updatedAt: sql.raw('excluded."updated_at"'),
          },
        });
    for (const x of cleared)
      await tx
        .delete(revisionTraces)
        .where(
          and(eq(revisionTraces.matchingId, x.matchingId), eq(revisionTraces.standardIndex, x.standardIndex)),
        );
    return traceFor({ db: tx, m: ctx.m, shape, authorId, participation, now });
  });
}
