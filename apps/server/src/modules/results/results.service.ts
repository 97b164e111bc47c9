import {
  type CourseResults,
  MODEL_CODES,
  type PersonalScore,
  type ResultRow,
  type ScoreSetView,
  type StageModel,
  type Weight,
  type WeightsUpdate,
} from '@pw/contract';
import { codeAt, computeConversionScore, stepsOf } from '@pw/domain';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  assignments,
  assignmentWeights,
  courses,
  enrollments,
  performances,
  reports,
  stages,
  users,
} from '../../db/schema';
import { answerCacheOf, fingerprintOf } from '../../lib/answer-cache';
import { AppError, validationError } from '../../lib/errors';
import { assertInstructor, assertManager, type Caller } from '../courses/courses.policy';
import { courseMemberRows, loadMembership } from '../courses/membership';
import { maxScores, type ScoreColumns, scoreColumns, storedScores } from '../reports/reports.service';

type StageRow = typeof stages.$inferSelect;
const round1 = (n: number) => Math.round(n * 10) / 10;
const ZERO: ScoreSetView = {
  total: 0,
  essay_writing_score: 0,
  peer_review_score: 0,
  metacognition_score: 0,
  feedback_review_score: 0,
  revisement_score: 0,
};

/** The course's completed assignments, oldest first, with their stages and highest total. */
async function completedAssignments(db: Db | Tx, courseId: number) {
  const list = await db
    .select({ id: assignments.id, name: assignments.name, stepIndex: assignments.stepIndex })
    .from(assignments)
    .where(eq(assignments.courseId, courseId))
    .orderBy(asc(assignments.createdAt), asc(assignments.id));
  if (list.length === 0) return [];
  const rows: StageRow[] = await db
    .select()
    .from(stages)
    .where(
      inArray(
        stages.assignmentId,
        list.map((a) => a.id),
      ),
    )
    .orderBy(asc(stages.position));
  return list.flatMap((a) => {
    const own = rows.filter((s) => s.assignmentId === a.id);
    const steps = stepsOf(
      own.map((s) => ({ model: s.model as StageModel, startAt: s.startAt, endAt: s.endAt })),
    );
    if (codeAt(steps, a.stepIndex) !== 'CO') return [];
    const max = maxScores(own);
    return [{ ...a, stages: own, maxTotal: max.ES + max.PE + max.ME + max.FE + max.RE }];
  });
}
type Completed = Awaited<ReturnType<typeof completedAssignments>>[number];

const viewOf = (columns: ScoreColumns): ScoreSetView | null => {
  const s = storedScores(columns);
  if (!s) return null;
  return {
    total: round1(s.total),
    essay_writing_score: round1(s.essayWriting),
    peer_review_score: round1(s.peerReview),
    metacognition_score: round1(s.metacognition),
    feedback_review_score: round1(s.feedbackReview),
    revisement_score: round1(s.revisement),
  };
};

/** The stored reports of these assignments: per assignment, per enrolment, the id and the scores. */
async function reportsOf(db: Db | Tx, list: readonly Completed[]) {
  const byAssignment = new Map<
    number,
    Map<number, { id: number; scores: ScoreSetView | null; seat: boolean }>
  >();
  if (list.length === 0) return byAssignment;
  const rows = await db
    .select({
      id: reports.id,
      assignmentId: reports.assignmentId,
      enrollmentId: reports.enrollmentId,
      // Only the learner's scores and the seat flag (kept by the database beside the stored
      // report, which also holds the class's averages and lowest evaluators: a few KB each).
      ...scoreColumns,
      seat: reports.isSeat,
    })
    .from(reports)
    .where(
      and(
        inArray(
          reports.assignmentId,
          list.map((a) => a.id),
        ),
        isNotNull(reports.computedAt),
      ),
    );
  for (const r of rows) {
    const map = byAssignment.get(r.assignmentId) ?? new Map();
    map.set(r.enrollmentId, { id: r.id, scores: viewOf(r), seat: r.seat === true });
    byAssignment.set(r.assignmentId, map);
  }
  return byAssignment;
}

/** Class averages of the active learners' scores (instructor seats and withdrawn learners out). */
function averageOf(sets: readonly ScoreSetView[]): ScoreSetView {
  if (sets.length === 0) return { ...ZERO };
  const mean = (key: keyof ScoreSetView) => round1(sets.reduce((sum, s) => sum + s[key], 0) / sets.length);
  return {
    total: mean('total'),
    essay_writing_score: mean('essay_writing_score'),
    peer_review_score: mean('peer_review_score'),
    metacognition_score: mean('metacognition_score'),
    feedback_review_score: mean('feedback_review_score'),
    revisement_score: mean('revisement_score'),
  };
}

async function weightsOf(db: Db | Tx, list: readonly Completed[]): Promise<Weight[]> {
  const stored = list.length
    ? await db
        .select()
        .from(assignmentWeights)
        .where(
          inArray(
            assignmentWeights.assignmentId,
            list.map((a) => a.id),
          ),
        )
    : [];
  return list.map((a) => ({
    id: a.id,
    name: a.name,
    weight: stored.find((w) => w.assignmentId === a.id)?.weight ?? 0,
  }));
}

/** The course's learners (never the instructor's own seat), active first, by name. */
async function learnersOf(db: Db | Tx, courseId: number) {
  return db
    .select({
      id: enrollments.id,
      code: enrollments.code,
      isActive: enrollments.isActive,
      name: users.name,
      email: users.email,
    })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.isInstructorSeat, false)))
    .orderBy(asc(users.name), asc(enrollments.id));
}

/**
 * Per enrolment, how many stage tasks of the completed assignments were left unfinished: counted
 * by the database per learner and kind of task (a row per learner and kind, not per task).
 */
async function notPerformedOf(db: Db | Tx, list: readonly Completed[]) {
  const stageIds = list.flatMap((a) => a.stages.map((s) => s.id));
  const rows = stageIds.length
    ? await db
        .select({
          enrollmentId: performances.enrollmentId,
          model: stages.model,
          total: sql<number>`count(*)::int`,
          missed: sql<number>`(count(*) filter (where not ${performances.isCompleted}))::int`,
        })
        .from(performances)
        .innerJoin(stages, eq(stages.id, performances.stageId))
        .where(inArray(performances.stageId, stageIds))
        .groupBy(performances.enrollmentId, stages.model)
    : [];
  const byEnrollment = new Map<number, { unit: string; not_performed: number; total: number }[]>();
  for (const r of rows) {
    const unit = MODEL_CODES[r.model as StageModel];
    const counts = byEnrollment.get(r.enrollmentId) ?? [];
    const same = counts.find((c) => c.unit === unit);
    if (same) {
      same.total += r.total;
      same.not_performed += r.missed;
    } else counts.push({ unit, not_performed: r.missed, total: r.total });
    byEnrollment.set(r.enrollmentId, counts);
  }
  const order = ['ES', 'QU', 'PE', 'FE', 'RE'];
  for (const counts of byEnrollment.values())
    counts.sort((a, b) => order.indexOf(a.unit) - order.indexOf(b.unit));
  return (enrollmentId: number) => byEnrollment.get(enrollmentId)?.map((c) => ({ ...c })) ?? [];
}

/** The figures of the results page and the export, for one course the caller manages. */
export async function buildCourseResults(db: Db | Tx, courseId: number): Promise<CourseResults> {
  const list = await completedAssignments(db, courseId);
  const [byAssignment, weights, people, notPerformed] = await Promise.all([
    reportsOf(db, list),
    weightsOf(db, list),
    learnersOf(db, courseId),
    notPerformedOf(db, list),
  ]);
  const rowOf = (p: (typeof people)[number]): ResultRow => {
    const cells = list.map((a) => {
      const r = byAssignment.get(a.id)?.get(p.id);
      return { pk: a.id, report: r?.id ?? null, scores: r?.scores ?? null };
    });
    return {
      pk: p.id,
      name: p.name,
      email: p.email,
      code: p.code,
      is_active: p.isActive,
      assignments: cells,
      not_performed: notPerformed(p.id),
      total: round1(cells.reduce((sum, c) => sum + (c.scores?.total ?? 0), 0)),
      conversion_score: computeConversionScore(
        weights.map((w) => ({ assignmentId: String(w.id), weight: w.weight })),
        list.map((a, i) => ({
          assignmentId: String(a.id),
          total: cells[i]?.scores?.total ?? null,
          maxTotal: a.maxTotal,
        })),
      ),
    };
  };
  const active = people.filter((p) => p.isActive);
  const activeIds = new Set(active.map((p) => p.id));
  return {
    chart: list.map((a) => {
      const sets = [...(byAssignment.get(a.id)?.entries() ?? [])].flatMap(([enrollmentId, r]) =>
        activeIds.has(enrollmentId) && !r.seat && r.scores ? [r.scores] : [],
      );
      const avg = averageOf(sets);
      return {
        id: a.id,
        name: a.name,
        max_total: a.maxTotal,
        total_avg: avg.total,
        essay_writing_score_avg: avg.essay_writing_score,
        peer_review_score_avg: avg.peer_review_score,
        metacognition_score_avg: avg.metacognition_score,
        feedback_review_score_avg: avg.feedback_review_score,
        revisement_score_avg: avg.revisement_score,
      };
    }),
    weights,
    table: {
      headers: list.map((a) => ({ pk: a.id, name: a.name, max_total: a.maxTotal })),
      rows: active.map(rowOf),
      withdrawn: people.filter((p) => !p.isActive).map(rowOf),
    },
  };
}

/**
 * The fingerprint of every row the results are built from: the course's assignments, their stages,
 * reports and weights, its enrolments and their users. The performances behind the not-performed
 * counts are left out (a few thousand rows, the cost of the answer itself): a completed
 * assignment's performances cannot change while it stays completed — every write to one needs
 * its stage open, or the peer-review step for a matching reset — and leaving completion changes
 * the assignment's row.
 */
async function resultsFingerprint(db: Db, courseId: number) {
  const ofCourse = sql`join assignments a on a.id = r.assignment_id where a.course_id = ${courseId}`;
  return fingerprintOf(db, [
    ['a', sql`from assignments a where a.course_id = ${courseId}`],
    ['s', sql`from stages s join assignments a on a.id = s.assignment_id where a.course_id = ${courseId}`],
    ['r', sql`from reports r ${ofCourse}`],
    ['r', sql`from assignment_weights r ${ofCourse}`],
    ...courseMemberRows(courseId),
  ]);
}

/**
 * GET /courses/{id}/results/: the instructor and assistants. The answer (≈300 KB at 200 × 10) is
 * kept while its fingerprint stays the same, so opening the page again costs one small statement.
 */
export async function courseResults(db: Db, caller: Caller, courseId: number) {
  assertManager(await loadMembership(db, caller, courseId));
  return answerCacheOf(db).get(`results:${courseId}`, await resultsFingerprint(db, courseId), () =>
    buildCourseResults(db, courseId),
  );
}

/** GET …/assignments/weights: the completed assignments' weights (instructor and assistants). */
export async function getWeights(db: Db, caller: Caller, courseId: number) {
  assertManager(await loadMembership(db, caller, courseId));
  return weightsOf(db, await completedAssignments(db, courseId));
}

/**
 * PATCH …/assignments/weights/ (the instructor): sets the weights of completed assignments. The
 * weights not sent keep their stored value, and the whole set must add up to 0..100; the course
 * row is locked while deciding, so two partial changes at once cannot together pass 100.
 */
export async function updateWeights(db: Db, caller: Caller, courseId: number, body: WeightsUpdate) {
  assertInstructor(await loadMembership(db, caller, courseId));
  return db.transaction(async (tx) => {
    await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for('update');
    const list = await completedAssignments(tx, courseId);
    const known = new Set(list.map((a) => a.id));
    const fields: Record<string, string[]> = {};
    const seen = new Set<number>();
    body.weights.forEach((w, i) => {
      if (!known.has(w.id) || seen.has(w.id)) fields[`weights.${i}.id`] = ['validation.invalid'];
      seen.add(w.id);
    });
    if (Object.keys(fields).length) throw validationError(fields);
    const current = await weightsOf(tx, list);
    const next = current.map((w) => ({
      ...w,
      weight: body.weights.find((x) => x.id === w.id)?.weight ?? w.weight,
    }));
    const total = next.reduce((sum, w) => sum + w.weight, 0);
    if (total < 0 || total > 100) throw new AppError('weights_total', { params: { total } });
    for (const w of body.weights) {
      await tx
        .insert(assignmentWeights)
        .values({ assignmentId: w.id, weight: w.weight })
        .onConflictDoUpdate({ target: assignmentWeights.assignmentId, set: { weight: w.weight } });
    }
    return next;
  });
}

/**
 * Per assignment, the class averages of the active learners' scores (instructor seats and
 * withdrawn learners out), averaged by the database: a row per assignment, not per report.
 */
async function classAveragesOf(db: Db | Tx, list: readonly Completed[]) {
  const averages = new Map<number, ScoreSetView>();
  if (list.length === 0) return averages;
  const field = (column: (typeof scoreColumns)[keyof typeof scoreColumns]) => sql<number>`avg(${column})`;
  const rows = await db
    .select({
      assignmentId: reports.assignmentId,
      total: field(reports.scoreTotal),
      essayWriting: field(reports.scoreEssayWriting),
      peerReview: field(reports.scorePeerReview),
      metacognition: field(reports.scoreMetacognition),
      feedbackReview: field(reports.scoreFeedbackReview),
      revisement: field(reports.scoreRevisement),
    })
    .from(reports)
    .innerJoin(enrollments, eq(enrollments.id, reports.enrollmentId))
    .where(
      and(
        inArray(
          reports.assignmentId,
          list.map((a) => a.id),
        ),
        isNotNull(reports.computedAt),
        isNotNull(reports.scoreTotal),
        sql`${reports.isSeat} is not true`,
        eq(enrollments.isActive, true),
        eq(enrollments.isInstructorSeat, false),
      ),
    )
    .groupBy(reports.assignmentId);
  for (const r of rows) {
    // The stored scores are already rounded to a tenth; the mean is rounded like the course's.
    const mean = (value: number | string | null) => round1(Number(value ?? 0));
    averages.set(r.assignmentId, {
      total: mean(r.total),
      essay_writing_score: mean(r.essayWriting),
      peer_review_score: mean(r.peerReview),
      metacognition_score: mean(r.metacognition),
      feedback_review_score: mean(r.feedbackReview),
      revisement_score: mean(r.revisement),
    });
  }
  return averages;
}

/** The learner's own stored reports of these assignments: per assignment, the id and the scores. */
async function ownReportsOf(db: Db | Tx, list: readonly Completed[], enrollmentId: number) {
  const own = new Map<number, { id: number; scores: ScoreSetView | null }>();
  if (list.length === 0) return own;
  const rows = await db
    .select({ id: reports.id, assignmentId: reports.assignmentId, ...scoreColumns })
    .from(reports)
    .where(
      and(
        eq(reports.enrollmentId, enrollmentId),
        inArray(
          reports.assignmentId,
          list.map((a) => a.id),
        ),
        isNotNull(reports.computedAt),
      ),
    );
  for (const r of rows) {
    own.set(r.assignmentId, {
      id: r.id,
      scores: viewOf(r),
    });
  }
  return own;
}

async function personalScoreOf(db: Db, courseId: number, enrollmentId: number): Promise<PersonalScore> {
  const [person] = await db
    .select({ id: enrollments.id, name: users.name })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(and(eq(enrollments.id, enrollmentId), eq(enrollments.courseId, courseId)));
  if (!person) throw new AppError('not_found');
  const list = await completedAssignments(db, courseId);
  const [averages, own] = await Promise.all([classAveragesOf(db, list), ownReportsOf(db, list, person.id)]);
  return {
    id: person.id,
    name: person.name,
    assignments: list.map((a) => {
      const mine = own.get(a.id);
      return {
        id: a.id,
        name: a.name,
        report: mine?.id ?? null,
        max_total: a.maxTotal,
        all_score: averages.get(a.id) ?? { ...ZERO },
        individual_score: mine?.scores ?? null,
      };
    }),
  };
}

/** GET …/enrolls/{eid}/personal-score: the instructor and assistants for anyone, a learner for themself. */
export async function personalScore(db: Db, caller: Caller, courseId: number, enrollmentId: number) {
  const m = await loadMembership(db, caller, courseId);
  const own = m.enrollment?.id === enrollmentId;
  if (!m.isInstructor && !m.isAssistant && !own) throw new AppError('not_found');
  return personalScoreOf(db, courseId, enrollmentId);
}

/** GET /courses/{id}/scores-by-learner/: the caller's own scores (my score). */
export async function myScore(db: Db, caller: Caller, courseId: number) {
  const m = await loadMembership(db, caller, courseId);
  if (!m.enrollment) throw new AppError('not_found');
  return personalScoreOf(db, courseId, m.enrollment.id);
}
