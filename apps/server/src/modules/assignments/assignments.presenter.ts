import { type Assignment, MODEL_CODES, type PreviousReliability } from '@pw/contract';
import {
  codeAt,
  editableAt,
  isWaitingNextStage,
  learnerStageEnd,
  nextBoundary,
  openExtension,
} from '@pw/domain';
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
  // A learner's own ends (issue 33): per stage when an extension ends later than it, and the
  // open extension named beside the schedule.
  const own = participation !== undefined ? extras.extensionsOf(a.id) : [];
  const extendedEnd = (model: (typeof own)[number]['model']) => {
    const x = own.find((e) => e.model === model);
    return x && learnerStageEnd(steps, model, x.endAt) === x.endAt ? x.endAt : null;
  };
  const open = openExtension(steps, a.stepIndex, now, own);
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
      stage_object: storedFor(m, s.model, s.stored),
      ...(participation !== undefined
        ? { performance_id: extras.performanceOf(s.id), extended_end_date: iso(extendedEnd(s.model)) }
        : {}),
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
          extension: open
            ? {
                stage: MODEL_CODES[open.model],
                model: open.model,
                end_date: open.endAt.toISOString(),
                current: open.current,
              }
            : null,
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

/**
 * A stage's settings as the member may read them: the calibration examples (with the instructor's
 * points and explanations) are the managers'; learners read them through …/calibration/, where an
 * example's points show only after the learner submitted theirs.
 */
function storedFor<T extends Record<string, unknown>>(
  m: Pick<Membership, 'isInstructor' | 'isAssistant'>,
  model: string,
  stored: T,
): Record<string, unknown> {
  if (model !== 'peerreview' || isManager(m) || !('calibration' in stored)) return stored;
  const { calibration: _hidden, ...rest } = stored;
  return rest;
}
