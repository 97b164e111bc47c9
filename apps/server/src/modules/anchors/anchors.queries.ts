import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { peerMatchings, performances, reviewAnchors } from '../../db/schema';

export type AnchorRow = typeof reviewAnchors.$inferSelect;

/** The anchored comments of some reviews, in each review's order. */
export function anchorsOf(db: Db | Tx, matchingIds: number[]): Promise<AnchorRow[]> {
  if (matchingIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(reviewAnchors)
    .where(inArray(reviewAnchors.matchingId, matchingIds))
    .orderBy(asc(reviewAnchors.matchingId), asc(reviewAnchors.position));
}

/** The essay of `authorId` as it is stored (the version its reviewers are shown). */
export async function essayOf(db: Db | Tx, stage: { id: number } | undefined, authorId: number) {
  const [essay] = stage
    ? await db
        .select({
          content: performances.content,
          plainText: performances.plainText,
          editorType: performances.editorType,
        })
        .from(performances)
        .where(and(eq(performances.stageId, stage.id), eq(performances.enrollmentId, authorId)))
    : [];
  return {
    content: (essay?.content ?? null) as unknown,
    plain_text: essay?.plainText ?? '',
    editor_type: essay?.editorType ?? null,
  };
}

/** The completed reviews of the author's essay by others, in the feedback review's order ("Reviewer n"). */
export function receivedMatchingsOf(db: Db | Tx, assignmentId: number, authorId: number) {
  return db
    .select({ id: peerMatchings.id })
    .from(peerMatchings)
    .where(
      and(
        eq(peerMatchings.assignmentId, assignmentId),
        eq(peerMatchings.targetId, authorId),
        ne(peerMatchings.reviewerId, authorId),
        eq(peerMatchings.isCompleted, true),
      ),
    )
    .orderBy(asc(peerMatchings.id));
}
