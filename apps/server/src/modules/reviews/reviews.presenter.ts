import type { Objection, PeerReview } from '@pw/contract';
import type { objections, reviewAudit } from '../../db/schema';
import type { Standard } from '../assignments/assignment-shape';
import { objectionStatusName } from './objections.policy';
import type { MatchingRow, ResponseRow } from './reviews.queries';

/** How the review screens show what was read (no I/O here). */

type Pair = { id: number; reviewerId: number; targetId: number };
type ObjectionRow = typeof objections.$inferSelect;
type AuditRow = typeof reviewAudit.$inferSelect;

/** A peer review's label among the reviewer's reviews in label order (1…; 0 for the self-review). */
export const labelOf = (ordered: readonly Pair[], matchingId: number) => {
  const peers = ordered.filter((x) => x.reviewerId !== x.targetId);
  const at = peers.findIndex((x) => x.id === matchingId);
  return at < 0 ? 0 : at + 1;
};

/** Each standard with the review's stored answer (the adjusted point when `effective`). */
export const responseView = (
  standards: readonly Standard[],
  stored: readonly ResponseRow[],
  matchingId: number,
  effective: boolean,
) =>
  standards.map((standard, i) => {
    const r = stored.find((x) => x.matchingId === matchingId && x.standardIndex === i);
    return {
      id: i,
      point: r ? (effective ? (r.editedPoint ?? r.point) : r.point) : null,
      comment: r?.comment ?? '',
      standard,
    };
  });

/** An objection as its author (without the review) and the managers (with it) read it. */
export const objectionView = (o: ObjectionRow, review: Objection['review'] = null): Objection => ({
  id: o.id,
  matching: o.matchingId,
  comment: o.comment,
  status: objectionStatusName(o.status),
  ruling_reason: o.rulingReason,
  created_at: o.createdAt.toISOString(),
  review,
});

/** Each standard with the reviewer's point, the adjusted point and the comment (managers). */
export const managedResponsesView = (standards: readonly Standard[], stored: readonly ResponseRow[]) =>
  standards.map((standard, i) => {
    const r = stored.find((x) => x.standardIndex === i);
    return {
      id: i,
      point: r?.point ?? null,
      edited_point: r?.editedPoint ?? null,
      comment: r?.comment ?? '',
      standard,
    };
  });

/** What an accepted objection changed, as its author reads it: reviewer's point → point that counts. */
export const objectionChangesView = (standards: readonly Standard[], stored: readonly ResponseRow[]) =>
  stored
    .filter((r) => r.editedPoint !== null && r.point !== null && r.editedPoint !== r.point)
    .sort((a, b) => a.standardIndex - b.standardIndex)
    .map((r) => ({
      id: r.standardIndex,
      question: standards[r.standardIndex]?.question ?? '',
      before: r.point ?? 0,
      after: r.editedPoint ?? 0,
    }));

/** The reviewer's review: their own points (never adjusted ones) and the essay under review. */
export function peerReviewView(input: {
  matching: MatchingRow;
  ordered: readonly Pair[];
  editable: boolean;
  standards: readonly Standard[];
  stored: readonly ResponseRow[];
  targetEssay: PeerReview['target_essay'];
}): PeerReview {
  const { matching } = input;
  return {
    id: matching.id,
    is_completed: matching.isCompleted,
    is_self_review: matching.reviewerId === matching.targetId,
    label: labelOf(input.ordered, matching.id),
    editable: input.editable,
    responses: responseView(input.standards, input.stored, matching.id, false),
    target_essay: input.targetEssay,
  };
}

/** The managers' view of a review: real names, original and adjusted points, the audit trail. */
export function instructorReviewView(input: {
  matching: MatchingRow;
  people: readonly { id: number; name: string }[];
  standards: readonly Standard[];
  stored: readonly ResponseRow[];
  audit: readonly AuditRow[];
}) {
  const { matching, people, stored } = input;
  return {
    id: matching.id,
    reviewer_name: people.find((p) => p.id === matching.reviewerId)?.name ?? '',
    target_name: people.find((p) => p.id === matching.targetId)?.name ?? '',
    is_completed: matching.isCompleted,
    is_self_review: matching.reviewerId === matching.targetId,
    instructor_comment: matching.instructorComment,
    responses: managedResponsesView(input.standards, stored),
    audit: input.audit.map((x) => ({
      kind: x.kind,
      actor: x.actorId,
      at: x.createdAt.toISOString(),
      before: x.before,
      after: x.after,
      reason: x.reason,
    })),
  };
}
