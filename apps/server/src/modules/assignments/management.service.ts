import type { ManagementTable, ProgressCell } from '@pw/contract';
import { PARTICIPATION_STATUS } from '@pw/contract';
import type { StageModel } from '@pw/domain';
import type { Db } from '../../db/client';
import type { Caller } from '../courses/courses.policy';
import type { AssignmentShape } from './assignment-shape';
import { type AssignmentIds, loadForManager } from './assignments.queries';
import { readManagementRows } from './management-reads';

/** The management page's progress table of an assignment (instructor and assistants). */
export async function managementOf(
  input: AssignmentIds & { db: Db; caller: Caller },
): Promise<ManagementTable> {
  const { shape } = await loadForManager(input.db, input.caller, input);
  return managementTable(input.db, shape);
}

/**
 * The student progress table of the management page (part 2 §3): one header per step with
 * how many finished, one row per learner with a cell per step. Peer review counts finished
 * reviews, feedback review counts rated reviews; other steps count the learner's own work.
 *
 * One prepared read (`readManagementRows`: every part of one table, whatever the planner knows
 * of them), then one pass: the cost grows with the number of learners, not with its square.
 */
export async function managementTable(db: Db, shape: AssignmentShape): Promise<ManagementTable> {
  const { people, work, owedOf, receivedOf, filed, reportOf } = await readManagementRows(
    db,
    shape.row.id,
    shape.row.courseId,
  );
  const { steps } = shape;
  const stageIdOf = new Map(shape.stages.map((s) => [s.model, s.id]));
  const workOf = (model: StageModel | undefined, enrollmentId: number) =>
    model ? work.get(`${stageIdOf.get(model)}:${enrollmentId}`) : undefined;
  /** The learner's objection to rule on first (pending before ruled), if they filed any. */
  const objectionOf = (enrollmentId: number) => {
    const first = [...(filed.get(enrollmentId) ?? [])].sort((x, y) => x.status - y.status)[0];
    return first ? { id: first.id, matching: first.matching, pending: first.status === 0 } : null;
  };

  const cellFor = (enrollmentId: number, participating: boolean, stepIndex: number): ProgressCell => {
    const step = steps[stepIndex];
    const short = step?.code ?? 'CO';
    const main = step?.models[0];
    let finished = 0;
    let total = 1;
    if (main === 'peerreview') {
      total = owedOf.get(enrollmentId)?.owed ?? 0;
      finished = owedOf.get(enrollmentId)?.reviewed ?? 0;
    } else if (main === 'feedbackreview') {
      total = receivedOf.get(enrollmentId)?.received ?? 0;
      finished = receivedOf.get(enrollmentId)?.rated ?? 0;
    } else if (main === 'adjustment') {
      total = 0;
    } else {
      finished = workOf(main, enrollmentId)?.isCompleted ? 1 : 0;
    }
    const ownModel = step?.models.includes('essaywriting')
      ? 'essaywriting'
      : step?.models.includes('revisement')
        ? 'revisement'
        : undefined;
    return {
      short,
      performance_id: workOf(ownModel, enrollmentId)?.id ?? null,
      is_contain: participating,
      is_completed: total > 0 && finished >= total,
      finished,
      total,
    };
  };

  const rows = people.map((p) =>
    steps.map((_, i) => cellFor(p.enrollmentId, p.status === PARTICIPATION_STATUS.participating, i)),
  );
  const participatingRows = rows.filter((_, k) => people[k]?.status === PARTICIPATION_STATUS.participating);
  const lateEssayOf = (enrollmentId: number) => {
    const essay = workOf('essaywriting', enrollmentId);
    return essay?.isLate ? essay : undefined;
  };
  return {
    current_stage: shape.code,
    headers: steps.map((step, i) => ({
      short: step.code,
      progress: step.models[0] ?? '',
      performances: participatingRows.length,
      finished_performances: participatingRows.filter((cells) => cells[i]?.is_completed).length,
    })),
    rows,
    names: people.map((p) => ({
      pk: p.enrollmentId,
      name: p.isSeat ? `${p.name} (교수자)` : p.name,
      code: p.code,
      status: p.status,
      attended: p.attended,
      is_late: p.status === PARTICIPATION_STATUS.waitingApproval ? { enrollment_id: p.enrollmentId } : null,
      is_essay_late: lateEssayOf(p.enrollmentId) !== undefined,
      essay_late_time: lateEssayOf(p.enrollmentId)?.lateAt?.toISOString() ?? null,
      objection: objectionOf(p.enrollmentId),
      report: reportOf.get(p.enrollmentId) ?? null,
    })),
  };
}
