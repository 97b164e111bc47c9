import type { Language, Report } from '@pw/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AssignmentShape } from '../assignments/assignment-shape';
import { learnersSeeScores } from '../assignments/release';
import type { Caller } from '../courses/courses.policy';
import { loadAssignmentMembership } from '../courses/membership';
import { givenReviewsOf, receivedReviewsOf } from '../reviews/learner-reviews';
import { revisionTraceOf } from '../traces/revision-trace-of';
import { type StoredScores, scoreClass } from './compute-reports';
import { assertCanReadReport, seesPeerLinks, seesRevisionSuggestion } from './reports.policy';
import { reportView } from './reports.presenter';
import {
  peerLinksOf,
  type ReportIds,
  type ReportRow,
  reportWithName,
  visibleAssignment,
  worksOf,
} from './reports.queries';

/** The scores a report shows: stored once complete, else (or when none is stored) the engine's run now. */
async function scoresOf(db: Db, report: ReportRow, completed: boolean) {
  const stored = report.scores as StoredScores | null;
  if (stored && completed) return { stored, provisional: false };
  const { result } = await scoreClass(db, report.assignmentId);
  const learner = result.learners.find((l) => l.learnerId === String(report.enrollmentId));
  if (!learner) throw new AppError('not_found');
  return {
    stored: {
      learner,
      classAverages: result.classAverages,
      memberCount: result.memberCount,
      lowestEvaluatorIds: result.lowestEvaluatorIds,
    } satisfies StoredScores,
    provisional: !completed,
  };
}

/** A report the caller may read, with the work and reviews around it (after the policy's check). */
export async function readReport(input: {
  db: Db;
  secret: string;
  lang: Language;
  shape: AssignmentShape;
  report: ReportRow;
  name: string;
  mine: boolean;
  /** Whether the caller sees who reviewed whom (`seesPeerLinks`). */
  links: boolean;
  /** Whether the caller is told the revision score the trace suggests (`seesRevisionSuggestion`). */
  suggestion: boolean;
}): Promise<Report> {
  const { db, shape, report } = input;
  const completed = shape.code === 'CO';
  const { stored, provisional } = await scoresOf(db, report, completed);
  const at = { assignmentId: report.assignmentId, standards: shape.standards };
  // The works, the reviews received, the reviews given and the peers are independent reads.
  const [works, reviewers, given, peerLinks, trace] = await Promise.all([
    worksOf(db, shape, report.enrollmentId),
    receivedReviewsOf({ db, lang: input.lang, authorId: report.enrollmentId, ...at }),
    input.mine ? givenReviewsOf({ db, reviewerId: report.enrollmentId, ...at }) : null,
    input.links ? peerLinksOf(db, report.assignmentId, report.enrollmentId) : null,
    revisionTraceOf({
      db,
      shape,
      authorId: report.enrollmentId,
      editable: false,
      withSuggestion: input.suggestion,
    }),
  ]);
  const workIn = (model: 'questionwriting' | 'essaywriting' | 'revisement') => {
    const id = shape.stage(model)?.id;
    return works.find((w) => w.stageId === id);
  };
  return reportView({
    secret: input.secret,
    report,
    name: input.name,
    stored,
    max: shape.maxima,
    quizzes: shape.stage('questionwriting')?.settings.quizs ?? [],
    works: {
      question: workIn('questionwriting'),
      essay: workIn('essaywriting'),
      revisement: workIn('revisement'),
    },
    reviewers,
    reviewsAsked: shape.peerCount,
    given,
    peerLinks,
    flags: { mine: input.mine, completed, provisional },
    trace,
  });
}

/**
 * GET …/reports/{id}/: a learner reads only their own report, and only once the assignment is
 * complete; the instructor and assistants read any report of the course, before completion as a
 * provisional computation (marked, not stored).
 */
export async function getReport(input: {
  db: Db;
  secret: string;
  caller: Caller;
  ids: ReportIds;
  lang?: Language;
}) {
  const { db, ids } = input;
  const m = await loadAssignmentMembership(db, input.caller, ids);
  const shape = await visibleAssignment(db, m, ids.assignmentId);
  return readReportAs({ db, secret: input.secret, lang: input.lang, m, shape, reportId: ids.reportId });
}

/**
 * One report as the member reads it: refused unless they may read it, with the peers' links and
 * the suggested revision score only for those who see them (the read, and the answer of a change).
 */
export async function readReportAs(input: {
  db: Db;
  secret: string;
  lang?: Language;
  m: Parameters<typeof assertCanReadReport>[0];
  shape: Awaited<ReturnType<typeof visibleAssignment>>;
  reportId: number;
}) {
  const { db, m, shape } = input;
  const { report, name } = await reportWithName(db, shape.row.id, input.reportId);
  const mine = assertCanReadReport(m, report, learnersSeeScores(shape));
  return readReport({
    db,
    secret: input.secret,
    lang: input.lang ?? 'ko',
    shape,
    report,
    name,
    mine,
    links: seesPeerLinks(m, report),
    suggestion: seesRevisionSuggestion(m, report),
  });
}
