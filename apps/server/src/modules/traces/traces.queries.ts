import { type StoredMark, type TraceableComment, traceableComments } from '@pw/domain';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { peerMatchings, performances, revisionTraces } from '../../db/schema';
import type { AssignmentShape, ShapeRow } from '../assignments/assignment-shape';
import { responsesOf } from '../reviews/reviews.queries';

/** The reads of the revision trace (issue 34, item 4). */

/** The comments the author traces (the domain's `traceableComments`) and their stored marks. */
export async function traceInputsOf(
  db: Db | Tx,
  assignmentId: number,
  authorId: number,
): Promise<{ traceable: TraceableComment[]; marks: StoredMark[] }> {
  const received = await db
    .select({
      id: peerMatchings.id,
      reviewerId: peerMatchings.reviewerId,
      isCompleted: peerMatchings.isCompleted,
    })
    .from(peerMatchings)
    .where(and(eq(peerMatchings.assignmentId, assignmentId), eq(peerMatchings.targetId, authorId)));
  const [responses, marks] = await Promise.all([
    responsesOf(
      db,
      received.map((r) => r.id),
    ),
    db
      .select({
        matchingId: revisionTraces.matchingId,
        standardIndex: revisionTraces.standardIndex,
        status: revisionTraces.status,
        reason: revisionTraces.reason,
      })
      .from(revisionTraces)
      .innerJoin(peerMatchings, eq(peerMatchings.id, revisionTraces.matchingId))
      .where(and(eq(peerMatchings.assignmentId, assignmentId), eq(peerMatchings.targetId, authorId))),
  ]);
  const traceable = traceableComments(
    authorId,
    received.map((r) => ({
      matchingId: r.id,
      reviewerId: r.reviewerId,
      isCompleted: r.isCompleted,
      comments: responses
        .filter((x) => x.matchingId === r.id)
        .map((x) => ({ standardIndex: x.standardIndex, comment: x.comment })),
    })),
  );
  return { traceable, marks };
}

/** Whether the author's revision was submitted (the suggestion needs one). */
export async function revisionSubmitted(
  db: Db | Tx,
  shape: AssignmentShape<ShapeRow & { id: number }>,
  authorId: number,
) {
  const stageId = shape.stage('revisement')?.id;
  if (stageId === undefined) return false;
  const [row] = await db
    .select({ isCompleted: performances.isCompleted })
    .from(performances)
    .where(and(eq(performances.stageId, stageId), eq(performances.enrollmentId, authorId)));
  return row?.isCompleted ?? false;
}
