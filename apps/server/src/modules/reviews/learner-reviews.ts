import {
  type Language,
  type PeerTarget,
  type ReceivedReview,
  type Report,
  translateShared,
} from '@pw/contract';
import { compareGivenReviews } from '@pw/domain';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { feedbackMatchings, objections, peerMatchings } from '../../db/schema';
import type { Standard } from '../assignments/assignment-shape';
import { objectionStatusName } from './objections.policy';
import { labelOf, objectionChangesView, responseView } from './reviews.presenter';
import { type MatchingRow, responsesOf, reviewsOf } from './reviews.queries';

/** A learner's reviews as their work and report show them: labelled, never named. */

/** The peer-review performance's `targets`: the reviews its owner owes. */
export async function peerTargetsOf(
  db: Db | Tx,
  assignmentId: number,
  reviewerId: number,
): Promise<PeerTarget[]> {
  const ordered = await reviewsOf(db, assignmentId, reviewerId);
  return ordered.map((x) => ({
    id: x.id,
    is_completed: x.isCompleted,
    is_self_review: x.reviewerId === x.targetId,
    label: labelOf(ordered, x.id),
  }));
}

/**
 * The report's "others" section: the reviewer's peer reviews (as labels) with their marks beside
 * the other completed peer reviews of the same essays (compareGivenReviews in the domain).
 */
export async function givenReviewsOf(input: {
  db: Db | Tx;
  assignmentId: number;
  reviewerId: number;
  /** The assignment's rubric (`AssignmentShape.standards`). */
  standards: readonly Standard[];
}): Promise<NonNullable<Report['given_reviews']>> {
  const { db, assignmentId, reviewerId } = input;
  const ordered = await reviewsOf(db, assignmentId, reviewerId);
  const peers = ordered.filter((x) => x.targetId !== reviewerId);
  const authors = [...new Set(peers.map((x) => x.targetId))];
  const around = authors.length
    ? await db
        .select()
        .from(peerMatchings)
        .where(and(eq(peerMatchings.assignmentId, assignmentId), inArray(peerMatchings.targetId, authors)))
    : [];
  const stored = await responsesOf(
    db,
    around.map((x) => x.id),
  );
  const standards = input.standards.map((st, i) => ({
    id: String(i),
    question: st.question,
    maxPoint: st.max_point,
  }));
  const toReview = (x: MatchingRow) => ({
    reviewerId: String(x.reviewerId),
    authorId: String(x.targetId),
    isCompleted: x.isCompleted,
    responses: stored
      .filter((r) => r.matchingId === x.id)
      .map((r) => ({ standardId: String(r.standardIndex), point: r.point, editedPoint: r.editedPoint })),
  });
  // The reviewer's own reviews first, in label order, so the comparison keeps that order.
  const others = around.filter((x) => x.reviewerId !== reviewerId);
  const summary = compareGivenReviews(standards, [...peers, ...others].map(toReview), String(reviewerId));
  return {
    reviews: summary.reviews.map((r, i) => ({
      label: labelOf(ordered, peers[i]?.id ?? 0),
      is_completed: r.isCompleted,
      standards: r.standards.map((x) => ({
        standard_id: Number(x.standardId),
        question: x.question,
        max_point: x.maxPoint,
        my_point: x.myPoint,
        others_avg: x.othersAvg === null ? null : Math.round(x.othersAvg * 10) / 10,
        others_count: x.othersCount,
      })),
    })),
    bias: summary.bias.map((b) => ({
      question: b.question,
      mean_deviation: b.meanDeviation === null ? null : Math.round(b.meanDeviation * 10) / 10,
      compared: b.compared,
    })),
  };
}

/** The feedback performance's `targets`: the completed reviews of the author's essay by others. */
export async function receivedReviewsOf(input: {
  db: Db | Tx;
  lang: Language;
  assignmentId: number;
  authorId: number;
  /** The assignment's rubric (`AssignmentShape.standards`). */
  standards: readonly Standard[];
}): Promise<ReceivedReview[]> {
  const { db, lang, assignmentId, authorId, standards } = input;
  const received = await db
    .select({ matching: peerMatchings, rating: feedbackMatchings, objection: objections })
    .from(peerMatchings)
    .leftJoin(feedbackMatchings, eq(feedbackMatchings.matchingId, peerMatchings.id))
    .leftJoin(objections, eq(objections.matchingId, peerMatchings.id))
    .where(
      and(
        eq(peerMatchings.assignmentId, assignmentId),
        eq(peerMatchings.targetId, authorId),
        ne(peerMatchings.reviewerId, authorId),
        eq(peerMatchings.isCompleted, true),
      ),
    )
    .orderBy(asc(peerMatchings.id));
  const stored = await responsesOf(
    db,
    received.map((r) => r.matching.id),
  );
  return received.map((r, i) => ({
    id: r.matching.id,
    label: i + 1,
    matching: {
      id: r.matching.id,
      reviewer_name: translateShared(lang, 'labels.reviewer', { n: i + 1 }) ?? `${i + 1}`,
      responses: responseView(standards, stored, r.matching.id, true),
      objection: r.objection
        ? {
            id: r.objection.id,
            comment: r.objection.comment,
            status: objectionStatusName(r.objection.status),
            ruling_reason: r.objection.rulingReason,
            changes:
              objectionStatusName(r.objection.status) === 'accepted'
                ? objectionChangesView(
                    standards,
                    stored.filter((x) => x.matchingId === r.matching.id),
                  )
                : [],
          }
        : null,
    },
    rating: r.rating ? { point: r.rating.point, comment: r.rating.comment } : null,
  }));
}
