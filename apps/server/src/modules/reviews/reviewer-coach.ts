import type { ReviewerCoach } from '@pw/contract';
import { type CoachInput, coachHints, coachTally } from '@pw/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { performances } from '../../db/schema';
import type { AssignmentShape, Standard } from '../assignments/assignment-shape';
import { type MatchingRow, type ResponseRow, responsesOf, reviewsOf } from './reviews.queries';

/** One stored comment as the coach reads it: the reviewer's own point, the target's essay text. */
export function coachInputOf(
  standards: readonly Standard[],
  response: ResponseRow,
  essay: string,
): CoachInput | null {
  const standard = standards[response.standardIndex];
  if (!standard) return null;
  return {
    comment: response.comment,
    criterion: standard.question,
    point: response.point,
    min: 0,
    max: standard.max_point,
    essay,
    // Comments are read in their own script; Korean (the default language) only for one with no letters.
    language: 'ko',
  };
}

/**
 * The review coach's figure for the instructor (issue 34, item 2): how many of the reviewer's
 * comments in this assignment's peer reviews (their self-evaluation aside) met the coach's bar,
 * and this review's hints per standard. The rules are the domain's, as in the reviewer's browser.
 */
export async function reviewerCoach(
  db: Db | Tx,
  shape: AssignmentShape,
  matching: MatchingRow,
): Promise<ReviewerCoach> {
  const peers = (await reviewsOf(db, shape.row.id, matching.reviewerId)).filter(
    (x) => x.targetId !== x.reviewerId,
  );
  const matchingIds = [...new Set([...peers.map((x) => x.id), matching.id])];
  const targetOf = new Map([...peers, matching].map((x) => [x.id, x.targetId]));
  const essayStage = shape.stage('essaywriting');
  const targetIds = [...new Set(targetOf.values())];
  const [stored, essays] = await Promise.all([
    responsesOf(db, matchingIds),
    essayStage && targetIds.length
      ? db
          .select({ enrollmentId: performances.enrollmentId, plainText: performances.plainText })
          .from(performances)
          .where(and(eq(performances.stageId, essayStage.id), inArray(performances.enrollmentId, targetIds)))
      : [],
  ]);
  const essayOf = new Map(essays.map((x) => [x.enrollmentId, x.plainText ?? '']));
  const inputOf = (r: ResponseRow) =>
    coachInputOf(shape.standards, r, essayOf.get(targetOf.get(r.matchingId) ?? 0) ?? '');
  const peerIds = new Set(peers.map((x) => x.id));
  const tally = coachTally(
    stored.flatMap((r) => {
      const input = peerIds.has(r.matchingId) ? inputOf(r) : null;
      return input ? [input] : [];
    }),
  );
  const hints = shape.standards.map((_, i) => {
    const r = stored.find((x) => x.matchingId === matching.id && x.standardIndex === i);
    const input = r ? inputOf(r) : null;
    return input ? coachHints(input) : [];
  });
  return { ...tally, hints };
}
