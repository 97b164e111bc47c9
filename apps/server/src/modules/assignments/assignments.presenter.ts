import type { Assignment, PreviousReliability } from '@pw/contract';
import { codeAt, editableAt, isWaitingNextStage, nextBoundary } from '@pw/domain';
import { isManager, type Membership } from '../courses/courses.policy';
import type { AssignmentShape } from './assignment-shape';
import type { Extras } from './assignments.queries';
import { learnersSeeScores } from './release';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The API shape of an assignment at `now` (part 2 §3), from what its use case loaded (no I/O). */
export function presentAssignment(
  m: Membership,
  shape: AssignmentShape,
  now: Date,
  extras: Extras,
): Assignment {
  const { row: a, steps, code } = shape;
  const step = steps[a.stepIndex];
  const upcoming = a.isAutoSchedule ? nextBoundary(steps, a.stepIndex, now) : null;
  const editable = editableAt(steps, a.stepIndex);
  const participation = extras.participationOf(a.id);
  return {
    id: a.id,
    course: a.courseId,
    name: a.name,
    description: a.description,
    is_auto_schedule: a.isAutoSchedule,
    is_directly_starting: a.isDirectlyStarting,
    is_continue_from_previous_step: a.isContinueFromPreviousStep,
    is_public: a.isPublic,
    is_release_held: a.isReleaseHeld,
    scores_released: learnersSeeScores(shape),
    ...(isManager(m)
      ? { previous_reliability: (a.previousReliability as PreviousReliability | null) ?? null }
      : {}),
    status: code === 'PR' ? 0 : code === 'CO' ? 2 : 1,
    current_stage: {
      stage: code,
      start_date: iso(step?.startAt ?? null),
      end_date: iso(step?.endAt ?? null),
    },
    is_waiting_next_stage: isWaitingNextStage(steps, a.stepIndex, now),
    next_start_date: iso(upcoming),
    progresses: shape.stages.map((s) => ({
      id: s.id,
      stage: codeAt(steps, shape.stepOf(s.model)),
      model: s.model,
      start_date: iso(s.startAt),
      end_date: iso(s.endAt),
      stage_object: s.stored,
      ...(participation !== undefined ? { performance_id: extras.performanceOf(s.id) } : {}),
    })),
    files: extras.filesOf(a.id),
    manages: isManager(m),
    ...(isManager(m)
      ? {
          editable: {
            locked: editable.locked,
            settings: editable.settings,
            first_open_step: editable.firstOpenStep,
          },
        }
      : {}),
    ...(participation !== undefined
      ? {
          participation,
          attended: extras.attendedOf(a.id),
          // The running step's main stage (the essay while writing, feedback while revising).
          performance_id: (() => {
            const main = step?.models[0] ? shape.stage(step.models[0]) : undefined;
            return main ? extras.performanceOf(main.id) : null;
          })(),
          // Held scores: no report to open until the release.
          report_id: isManager(m) || learnersSeeScores(shape) ? extras.reportOf(a.id) : null,
        }
      : {}),
    now: now.toISOString(),
  };
}
