import type { PeerReview } from '@pw/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { files, peerMatchings, performanceFiles, performances } from '../../db/schema';
import type { AssignmentShape } from '../assignments/assignment-shape';
import type { Caller } from '../courses/courses.policy';
import { loadMembership } from '../courses/membership';
import { learnerRule } from '../extensions/learner-rule';
import { fileLink } from '../files/files.service';
import { assertReviewer, assertSelfReviewOpen } from './reviews.policy';
import { peerReviewView } from './reviews.presenter';
import { loadMatching, type MatchingIds, type MatchingRow, responsesOf, reviewsOf } from './reviews.queries';

/** The target's essay for its reviewer: content and files (links made for this reviewer only). */
async function targetEssay(db: Db | Tx, secret: string, shape: AssignmentShape, targetId: number) {
  const essayStage = shape.stage('essaywriting');
  const [essay] = essayStage
    ? await db
        .select()
        .from(performances)
        .where(and(eq(performances.stageId, essayStage.id), eq(performances.enrollmentId, targetId)))
    : [];
  const attached = essay
    ? await db
        .select({
          id: files.id,
          organisationId: files.organisationId,
          originalName: files.originalName,
          size: files.size,
        })
        .from(performanceFiles)
        .innerJoin(files, eq(files.id, performanceFiles.fileId))
        .where(eq(performanceFiles.performanceId, essay.id))
        .orderBy(asc(files.id))
    : [];
  return {
    content: essay?.content ?? null,
    plain_text: essay?.plainText ?? '',
    editor_type: essay?.editorType ?? null,
    files: attached.map((f) => fileLink(secret, f)),
  };
}

/** The reviewer's review as they read it (after the checks of the use case). */
export async function readPeerReview(input: {
  db: Db | Tx;
  secret: string;
  shape: AssignmentShape;
  matching: MatchingRow;
  now: Date;
}): Promise<PeerReview> {
  const { db, shape, matching } = input;
  const ordered = await reviewsOf(db, shape.row.id, matching.reviewerId);
  const stored = await responsesOf(db, [matching.id]);
  const essay = await targetEssay(db, input.secret, shape, matching.targetId);
  return peerReviewView({
    matching,
    ordered,
    editable: (await learnerRule(db, shape, matching.reviewerId, 'peerreview', input.now)) === null,
    standards: shape.standards,
    stored,
    targetEssay: essay,
  });
}

/** GET …/performances/peerreview-matching/{id}/: the reviewer's own review (others 404). */
export async function getPeerReview(input: { db: Db; secret: string; caller: Caller; ids: MatchingIds }) {
  const { db, ids } = input;
  const m = await loadMembership(db, input.caller, ids.courseId);
  const { shape, matching } = await loadMatching(db, { ...ids, courseId: m.course.id });
  assertReviewer(m, matching);
  if (matching.reviewerId === matching.targetId)
    assertSelfReviewOpen(matching, await reviewsOf(db, shape.row.id, matching.reviewerId));
  const now = new Date();
  // Opened: from now on the review stays with its reviewer (an unopened one may move, issue 33).
  if (matching.openedAt === null)
    await db
      .update(peerMatchings)
      .set({ openedAt: now })
      .where(and(eq(peerMatchings.id, matching.id), isNull(peerMatchings.openedAt)));
  return readPeerReview({ db, secret: input.secret, shape, matching, now });
}
