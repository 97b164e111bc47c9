import { type Language, type ReceivedAnchors, translateShared } from '@pw/contract';
import type { Db } from '../../db/client';
import { assertCanSeeAssignment } from '../assignments/assignments.policy';
import type { Caller } from '../courses/courses.policy';
import { loadContext, type PerformanceIds } from '../performances/performances.queries';
import { assertCanReadReceivedAnchors } from './anchors.policy';
import { anchorView } from './anchors.presenter';
import { anchorsOf, essayOf, receivedMatchingsOf } from './anchors.queries';

/**
 * GET …/performances/{pid}/anchors/ (the author's feedback review or revision): their essay and the
 * comments anchored in it by the completed reviews of others, each under "Reviewer n" as the
 * feedback review numbers them. Never a reviewer's name or id. The author and the managers.
 */
export async function getReceivedAnchors(
  input: PerformanceIds & { db: Db; caller: Caller; lang: Language },
): Promise<ReceivedAnchors> {
  const ctx = await loadContext(input.db, input.caller, input);
  assertCanSeeAssignment(ctx.m, ctx.a);
  assertCanReadReceivedAnchors(ctx.m, ctx.p.enrollmentId, ctx.stage.model);
  const authorId = ctx.p.enrollmentId;
  const received = await receivedMatchingsOf(input.db, ctx.shape.row.id, authorId);
  const labels = new Map(received.map((r, i) => [r.id, i + 1]));
  const rows = await anchorsOf(
    input.db,
    received.map((r) => r.id),
  );
  return {
    essay: await essayOf(input.db, ctx.shape.stage('essaywriting'), authorId),
    anchors: rows.map((row) => {
      const n = labels.get(row.matchingId) ?? 0;
      return {
        ...anchorView(row),
        reviewer_label: n,
        reviewer_name: translateShared(input.lang, 'labels.reviewer', { n }) ?? `${n}`,
      };
    }),
  };
}
