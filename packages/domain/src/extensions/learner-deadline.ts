import {
  isWaitingNextStage,
  type StageModel,
  type Step,
  type StepIndex,
  saveRule,
  type WorkRuleError,
} from '@pw/contract/stages';

/**
 * Per-learner extensions (issue 33, item 1): what is this learner's end for a stage, and may they
 * still save its work now. Pure; the server reads the extension and passes its end.
 */

/** The step that holds a stage (companions share their host's step), or -1. */
const stepOf = (steps: readonly Step[], model: StageModel) =>
  steps.findIndex((s) => s.models.includes(model));

/**
 * The learner's own end of a stage: the extension's end when it is later than the stage's end,
 * else the stage's end (null when the stage has no end, e.g. a manual assignment's open step).
 */
export function learnerStageEnd(
  steps: readonly Step[],
  model: StageModel,
  extensionEnd: Date | null | undefined,
): Date | null {
  const end = steps[stepOf(steps, model)]?.endAt ?? null;
  if (!extensionEnd) return end;
  if (end && end.getTime() >= extensionEnd.getTime()) return end;
  return extensionEnd;
}

/** Whether an extension ending at `extensionEnd` keeps the stage open for its learner at `now`. */
export function isExtended(
  steps: readonly Step[],
  index: StepIndex,
  model: StageModel,
  now: Date,
  extensionEnd: Date | null | undefined,
): boolean {
  if (!extensionEnd) return false;
  const own = stepOf(steps, model);
  // The stage must have started, and the assignment not be complete: completion takes the work as
  // it is. The last second counts (as a stage's own end does).
  if (own < 0 || index < own || index >= steps.length) return false;
  return now.getTime() <= extensionEnd.getTime();
}

/**
 * The save rule for one learner: the stage machine's `saveRule`, except that an extension keeps
 * the learner's stage open until its end, also after the assignment moved on for everyone else.
 */
export function learnerSaveRule(
  steps: readonly Step[],
  index: StepIndex,
  model: StageModel,
  now: Date,
  extensionEnd: Date | null | undefined,
): WorkRuleError | null {
  const error = saveRule(steps, index, model, now);
  if (error === null) return null;
  return isExtended(steps, index, model, now, extensionEnd) ? null : error;
}

/**
 * Whether an essay finished now, under an extension, joins the running matching as a late joiner
 * does: peer review is the current step (the step of `peerreview`, not waiting past its end).
 */
export function joinsRunningMatching(steps: readonly Step[], index: StepIndex, now: Date): boolean {
  return (steps[index]?.models.includes('peerreview') ?? false) && !isWaitingNextStage(steps, index, now);
}

/**
 * Whether an extension's end is acceptable: later than the stage's own end, and for a stage
 * without an end (a manual assignment: it ends when the instructor moves on) later than `now`.
 */
export function isValidExtensionEnd(
  steps: readonly Step[],
  model: StageModel,
  end: Date,
  now: Date,
): boolean {
  const own = stepOf(steps, model);
  if (own < 0) return false;
  const stageEnd = steps[own]?.endAt ?? now;
  return end.getTime() > stageEnd.getTime();
}

/** One of a learner's extensions: the stage and its end. */
export type LearnerExtension = { model: StageModel; endAt: Date };

/**
 * The extension a learner's screens name beside the schedule (issue 33, item 1): among their
 * extensions that keep a stage open at `now` and end later than the stage does, the one ending
 * first; `current` when its stage is in the running step. Null when none is open.
 */
export function openExtension(
  steps: readonly Step[],
  index: StepIndex,
  now: Date,
  extensions: readonly LearnerExtension[],
): (LearnerExtension & { current: boolean }) | null {
  const open = extensions
    .filter(
      (x) =>
        isExtended(steps, index, x.model, now, x.endAt) &&
        learnerStageEnd(steps, x.model, x.endAt) === x.endAt,
    )
    .sort((a, b) => a.endAt.getTime() - b.endAt.getTime());
  const first = open[0];
  return first ? { ...first, current: stepOf(steps, first.model) === index } : null;
}
