import { isValidExtensionEnd, type StageModel, type Step, type StepIndex } from '@pw/domain';
import { AppError, validationError } from '../../lib/errors';

/**
 * Whether an extension may be granted or changed (pure): the assignment is not complete, it has
 * the stage, and the new end is later than the stage's end for everyone else.
 */
export function assertExtensionAllowed(
  shape: { steps: readonly Step[]; stepIndex: StepIndex; stage(model: StageModel): unknown },
  model: StageModel,
  end: Date,
  now: Date,
) {
  if (shape.stepIndex >= shape.steps.length) throw new AppError('assignment_completed');
  if (!shape.stage(model)) throw validationError({ stage: ['validation.extension_stage'] });
  if (!isValidExtensionEnd(shape.steps, model, end, now))
    throw validationError({ end_date: ['validation.extension_after_end'] });
}

/** Every enrolment asked for must be a learner taking part in the assignment (400 otherwise). */
export function assertLearners(asked: readonly number[], found: readonly number[]) {
  const known = new Set(found);
  if (asked.some((id) => !known.has(id)))
    throw validationError({ enrollments: ['validation.extension_learners'] });
}
