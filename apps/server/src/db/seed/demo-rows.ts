import { PARTICIPATION_STATUS } from '@pw/contract';
import { createMatching } from '@pw/domain';
import type { Db } from '../client';
import { assignments, participations, peerMatchings, stages } from '../schema';

// The rows every demo assignment is made of (the assignment and its stages, its participants,
// their essays, the reviewers' matchings and their answers), so that each demo assignment in
// demo.ts states only what differs.

export const DAY = 86_400_000;

type StageRow = Omit<typeof stages.$inferInsert, 'assignmentId'>;

/** The stages of an assignment (in this order); returns a stage's id by its model (0 when it has none). */
export async function insertStages(db: Db, assignmentId: number, list: StageRow[]) {
  const rows = await db
    .insert(stages)
    .values(list.map((s) => ({ ...s, assignmentId })))
    .returning({ id: stages.id, model: stages.model });
  return (model: string) => rows.find((r) => r.model === model)?.id ?? 0;
}

/** A demo assignment with its stages, or undefined if it could not be made. */
export async function insertAssignment(db: Db, values: typeof assignments.$inferInsert, list: StageRow[]) {
  const [a] = await db.insert(assignments).values(values).returning({ id: assignments.id });
  if (!a) return undefined;
  return { id: a.id, stageOf: await insertStages(db, a.id, list) };
}

/** Every seat takes part in the assignment, having read the task at `attendedAt`. */
export async function insertParticipations(
  db: Db,
  assignmentId: number,
  seats: number[],
  attendedAt: Date | null,
) {
  await db.insert(participations).values(
    seats.map((enrollmentId) => ({
      assignmentId,
      enrollmentId,
      status: PARTICIPATION_STATUS.participating,
      attendedAt,
    })),
  );
}

/** A Quill document of one plain text (a Quill document always ends with a newline). */
export function quillEssay(plainText: string) {
  const insert = plainText.endsWith('\n') ? plainText : `${plainText}\n`;
  return { editorType: 'Q', plainText, content: { ops: [{ insert }] } };
}

/** The essay of every seat (the i-th seat writes `text(i)`), handed in at `completedAt`. */
export function writtenEssays(
  stageId: number,
  seats: number[],
  text: (i: number) => string,
  completedAt: Date,
) {
  return seats.map((enrollmentId, i) => ({
    stageId,
    enrollmentId,
    isCompleted: true,
    ...quillEssay(text(i)),
    completedAt,
  }));
}

type MatchingState = Pick<typeof peerMatchings.$inferInsert, 'isCompleted' | 'completedAt' | 'assignedAt'>;

/**
 * The peer matchings of an assignment (each seat reviews `peerCount` others, as the matching seeded
 * by the assignment's id gives them), then every seat's self-evaluation; `state` is a reviewer's.
 */
export async function insertMatchings(
  db: Db,
  assignmentId: number,
  seats: number[],
  peerCount: number,
  state: (reviewerId: number) => MatchingState,
) {
  const matching = createMatching({
    participants: seats.map((id) => ({ id: String(id), hasEssay: true })),
    peerCount,
    seed: `assignment-${assignmentId}`,
  });
  return db
    .insert(peerMatchings)
    .values([
      ...matching.pairs.map((p) => ({
        assignmentId,
        reviewerId: Number(p.reviewerId),
        targetId: Number(p.authorId),
        ...state(Number(p.reviewerId)),
      })),
      ...seats.map((id) => ({ assignmentId, reviewerId: id, targetId: id, ...state(id) })),
    ])
    .returning({
      id: peerMatchings.id,
      reviewerId: peerMatchings.reviewerId,
      targetId: peerMatchings.targetId,
      done: peerMatchings.isCompleted,
    });
}

/** The answers of the n-th review `x` to each standard (`answer` gives its point and comment). */
export function reviewResponses<M extends { id: number }>(
  made: M[],
  standards: { max_point: number }[],
  answer: (x: M, n: number, i: number, maxPoint: number) => { point: number; comment: string },
) {
  return made.flatMap((x, n) =>
    standards.map((standard, i) => ({
      matchingId: x.id,
      standardIndex: i,
      ...answer(x, n, i, standard.max_point),
    })),
  );
}
