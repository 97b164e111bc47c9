import type { Language } from '@pw/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reports } from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import type { Caller } from '../courses/courses.policy';
import { loadAssignmentMembership } from '../courses/membership';
import { suggestedScoreOf } from '../traces/revision-trace-of';
import { readReportAs } from './get-report';
import { recomputeIfComplete } from './recompute';
import { assertCanEditReport } from './reports.policy';
import { type ReportIds, visibleAssignment } from './reports.queries';

type ReportUpdate = { comment?: { content: string }; revisement_score?: number | null; initialise?: true };

/**
 * PATCH …/reports/{id}/: the assignment's managers write the comment or the revision score
 * (0..max, one decimal), never on their own report. `initialise` goes back to the original
 * revision score: the one the author's revision trace suggests (docs/scoring.md §8), and while
 * nothing suggests one none at all (as before any was given), so a mistyped first score can always
 * be undone (docs/decisions.md).
 * A change to the score recomputes the class when the assignment is complete (totals and ranks
 * follow).
 */
export async function updateReport(input: {
  db: Db;
  secret: string;
  caller: Caller;
  ids: ReportIds;
  body: ReportUpdate;
  lang?: Language;
}) {
  const { db, caller, ids, body } = input;
  const m = await loadAssignmentMembership(db, caller, ids);
  assertCanEditReport(m);
  const shape = await visibleAssignment(db, m, ids.assignmentId);
  await db.transaction(async (tx) => {
    const [report] = await tx
      .select()
      .from(reports)
      .where(and(eq(reports.id, ids.reportId), eq(reports.assignmentId, shape.row.id)))
      .for('update');
    if (!report) throw new AppError('not_found');
    assertCanEditReport(m, report);
    const patch: Partial<typeof reports.$inferInsert> = {};
    if (body.comment !== undefined) {
      patch.comment = body.comment.content.trim() || null;
      patch.commentedBy = caller.user.id;
    }
    if (body.initialise) patch.revisementScore = await suggestedScoreOf(tx, shape, report.enrollmentId);
    else if (body.revisement_score !== undefined) {
      const max = shape.maxima.RE;
      const score = body.revisement_score;
      if (score !== null && (score > max || Math.round(score * 10) !== score * 10))
        throw validationError({ revisement_score: [`validation.revision_score|${max}`] });
      patch.revisementScore = score;
    }
    await tx.update(reports).set(patch).where(eq(reports.id, ids.reportId));
    if (patch.revisementScore !== undefined) await recomputeIfComplete(tx, shape.row.id);
  });
  // The answer is the report as its managers now read it (the assignment's shape is unchanged).
  return readReportAs({ db, secret: input.secret, lang: input.lang, m, shape, reportId: ids.reportId });
}
