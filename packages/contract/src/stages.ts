// The assignment stage machine (spec part 2 §4): which stages exist, the order of steps, the
// current code, waiting, manual and automatic advancing, and which settings may still change.
// Pure: dates come in as arguments, nothing reads the clock. The one copy: the server, the
// database enum and the web all use it (the domain package re-exports it).

import { STAGE_CODES, type StageCode } from './constants';

/** The stage models, in the order they appear in an assignment's progress list. */
export const STAGE_MODELS = [
  'essaywriting',
  'questionwriting',
  'peerreview',
  'adjustment',
  'feedbackreview',
  'revisement',
] as const;
export type StageModel = (typeof STAGE_MODELS)[number];
export type { StageCode };
export { STAGE_CODES };

export const MODEL_CODES: Record<StageModel, StageCode> = {
  essaywriting: 'ES',
  questionwriting: 'QU',
  peerreview: 'PE',
  adjustment: 'AD',
  feedbackreview: 'FE',
  revisement: 'RE',
};

/** The order in which stages appear in an assignment's progress list. */
export const MODEL_ORDER: readonly StageModel[] = STAGE_MODELS;

/** Assignment status (part 2 §3): 0 waiting to start, 1 in progress, 2 complete. */
export const ASSIGNMENT_STATUS = { waiting: 0, proceeding: 1, complete: 2 } as const;
/**
 * Participation status (part 2 §3): 1 taking part, 2 waiting for the instructor's approval; the
 * API says 0 to a learner who does not take part (no row is stored for it).
 */
export const PARTICIPATION_STATUS = { none: 0, participating: 1, waitingApproval: 2 } as const;

/** Stages that run in the same period as another one: questions with the essay, revision with feedback. */
const COMPANION_OF: Partial<Record<StageModel, StageModel>> = {
  questionwriting: 'essaywriting',
  revisement: 'feedbackreview',
};

export type ScheduledStage<D = Date> = { model: StageModel; startAt: D | null; endAt: D | null };

/** One step of the assignment: a main stage plus the companions that share its period. */
export type Step<D = Date> = { code: StageCode; models: StageModel[]; startAt: D | null; endAt: D | null };

/** Position in the machine: -1 is preparation (PR), `steps.length` is complete (CO). */
export type StepIndex = number;

export type StageRuleError =
  | 'essay_required'
  | 'peer_review_required'
  | 'duplicate_stage'
  | 'order'
  | 'revisement_needs_feedback'
  | 'dates_required'
  | 'end_before_start'
  | 'start_before_previous_end'
  | 'in_past';

/** Checks which stages an assignment has: essay and peer review always, each at most once, in order; revision only with feedback. */
export function validateStageModels(models: readonly StageModel[]): StageRuleError[] {
  const errors: StageRuleError[] = [];
  if (new Set(models).size !== models.length) errors.push('duplicate_stage');
  if (!models.includes('essaywriting')) errors.push('essay_required');
  if (!models.includes('peerreview')) errors.push('peer_review_required');
  const positions = models.map((m) => MODEL_ORDER.indexOf(m));
  if (positions.some((p, i) => i > 0 && p < (positions[i - 1] ?? -1))) errors.push('order');
  if (models.includes('revisement') && !models.includes('feedbackreview'))
    errors.push('revisement_needs_feedback');
  return errors;
}

/** Groups the progress list into steps (companion stages join their main stage). */
export function stepsOf<D = Date>(stages: readonly ScheduledStage<D>[]): Step<D>[] {
  const steps: Step<D>[] = [];
  for (const stage of stages) {
    const host = COMPANION_OF[stage.model];
    const hostStep = host ? steps.find((s) => s.models[0] === host) : undefined;
    if (hostStep) {
      hostStep.models.push(stage.model);
      continue;
    }
    steps.push({
      code: MODEL_CODES[stage.model],
      models: [stage.model],
      startAt: stage.startAt,
      endAt: stage.endAt,
    });
  }
  return steps;
}

/** The stage code shown for a position: PR before the first step, CO after the last. */
export function codeAt(steps: readonly Step[], index: StepIndex): StageCode {
  if (index < 0) return 'PR';
  if (index >= steps.length) return 'CO';
  return steps[index]?.code ?? 'CO';
}

/** True when the models of a position include `model` (e.g. is revision open now?). */
export function isModelOpen(steps: readonly Step[], index: StepIndex, model: StageModel): boolean {
  return steps[index]?.models.includes(model) ?? false;
}

/**
 * Waiting for the next stage: the current step's end has passed but the next step has not
 * started (automatically: its start is still ahead; manually: the instructor has not moved on).
 */
export function isWaitingNextStage(steps: readonly Step[], index: StepIndex, now: Date): boolean {
  const step = steps[index];
  return step?.endAt != null && now.getTime() > step.endAt.getTime();
}

/** The next position after a manual advance; throws at the end. */
export function nextStepIndex(steps: readonly Step[], index: StepIndex): StepIndex {
  if (index >= steps.length) throw new Error('already_complete');
  return index + 1;
}

/**
 * Where an auto-scheduled assignment should be at `now`: the last step whose start has come,
 * or complete once the last step has ended. Preparation before the first start.
 */
export function scheduledIndexAt(steps: readonly Step[], now: Date): StepIndex {
  const t = now.getTime();
  let index: StepIndex = -1;
  steps.forEach((step, i) => {
    if (step.startAt && step.startAt.getTime() <= t) index = i;
  });
  const last = steps[steps.length - 1];
  if (index === steps.length - 1 && last?.endAt && t > last.endAt.getTime()) return steps.length;
  return index;
}

/**
 * The positions an auto-scheduled assignment must pass through to catch up with its schedule,
 * in order (so each stage's entry actions run once, even after downtime). Never backwards.
 */
export function dueAdvances(steps: readonly Step[], current: StepIndex, now: Date): StepIndex[] {
  const target = scheduledIndexAt(steps, now);
  const out: StepIndex[] = [];
  for (let i = current + 1; i <= target; i++) out.push(i);
  return out;
}

/** The next moment at which an auto-scheduled assignment changes state, or null when nothing is left. */
export function nextBoundary(steps: readonly Step[], current: StepIndex, now: Date): Date | null {
  const t = now.getTime();
  const times = steps
    .flatMap((s, i) => [i > current ? s.startAt : null, i === steps.length - 1 ? s.endAt : null])
    .filter((d): d is Date => d !== null && d.getTime() > t)
    .sort((a, b) => a.getTime() - b.getTime());
  return times[0] ?? null;
}

/**
 * Checks a schedule: every start before its end, no step starting before the previous one ends,
 * nothing in the past (steps already started are exempt). Auto-scheduled assignments need
 * every date; manual ones may leave dates out.
 */
export function validateSchedule(
  stages: readonly ScheduledStage[],
  opts: { isAutoSchedule: boolean; now: Date; startedSteps: number },
): { step: number; error: StageRuleError }[] {
  const steps = stepsOf(stages);
  const errors: { step: number; error: StageRuleError }[] = [];
  let previousEnd: Date | null = null;
  steps.forEach((step, i) => {
    const started = i < opts.startedSteps;
    if (opts.isAutoSchedule && (!step.startAt || !step.endAt))
      errors.push({ step: i, error: 'dates_required' });
    if (step.startAt && step.endAt && step.endAt.getTime() <= step.startAt.getTime())
      errors.push({ step: i, error: 'end_before_start' });
    if (step.startAt && previousEnd && step.startAt.getTime() < previousEnd.getTime()) {
      errors.push({ step: i, error: 'start_before_previous_end' });
    }
    if (!started && step.startAt && step.startAt.getTime() < opts.now.getTime())
      errors.push({ step: i, error: 'in_past' });
    // The running step may move its end, but not into the past.
    if (i === opts.startedSteps - 1 && step.endAt && step.endAt.getTime() < opts.now.getTime()) {
      errors.push({ step: i, error: 'in_past' });
    }
    previousEnd = step.endAt ?? previousEnd;
  });
  return errors;
}

/** Start times get second 0, end times second 59 (part 2 §5). */
export function normaliseStageDates<T extends ScheduledStage>(stage: T): T {
  const start = stage.startAt ? new Date(stage.startAt) : null;
  const end = stage.endAt ? new Date(stage.endAt) : null;
  start?.setUTCSeconds(0, 0);
  end?.setUTCSeconds(59, 0);
  return { ...stage, startAt: start, endAt: end };
}

export type Editable = {
  /** Nothing may change: the assignment is complete. */
  locked: boolean;
  /** Whether a stage's settings may still change: until that stage starts; essay and questions only in preparation. */
  settings: Record<StageModel, boolean>;
  /** Stages (steps) that may still be added, removed or rescheduled: those not yet started. */
  firstOpenStep: number;
};

/** What the editor may still change at a position (part 2 §4 editor locking). */
export function editableAt(steps: readonly Step[], index: StepIndex): Editable {
  const locked = index >= steps.length;
  const startedModels = new Set(steps.slice(0, Math.max(0, index + 1)).flatMap((s) => s.models));
  const settings = Object.fromEntries(
    MODEL_ORDER.map((model) => {
      if (locked) return [model, false];
      if (model === 'essaywriting' || model === 'questionwriting') return [model, index < 0];
      return [model, !startedModels.has(model)];
    }),
  ) as Record<StageModel, boolean>;
  return { locked, settings, firstOpenStep: locked ? steps.length : index + 1 };
}

/** Why a save is refused now (the error code the server answers), or null when it is allowed. */
export type WorkRuleError =
  | 'essay_not_open'
  | 'questions_not_open'
  | 'revision_not_open'
  | 'late_essay_not_open'
  | 'stage_deadline_passed';

/**
 * The work rules of part 2 §4 for a learner's own work at position `index`: the essay and the
 * questions only in the writing step and not waiting; the revision only in the feedback-and-
 * revision step and not waiting; any other stage only in its own step and before its deadline.
 */
export function saveRule(
  steps: readonly Step[],
  index: StepIndex,
  model: StageModel,
  now: Date,
): WorkRuleError | null {
  const own = steps.findIndex((s) => s.models.includes(model));
  const open = own >= 0 && own === index && !isWaitingNextStage(steps, index, now);
  if (open) return null;
  if (model === 'essaywriting') return 'essay_not_open';
  if (model === 'questionwriting') return 'questions_not_open';
  if (model === 'revisement') return 'revision_not_open';
  return 'stage_deadline_passed';
}

/**
 * The late essay (part 2 §4): after the writing step while the essay is not submitted (or was
 * itself submitted late), or in the writing step once it is waiting; never after completion.
 */
export function lateEssayRule(
  steps: readonly Step[],
  index: StepIndex,
  now: Date,
  essay: { isCompleted: boolean; isLate: boolean },
): WorkRuleError | null {
  const own = steps.findIndex((s) => s.models.includes('essaywriting'));
  if (own < 0 || index >= steps.length || (essay.isCompleted && !essay.isLate)) return 'late_essay_not_open';
  if (index > own) return null;
  if (index === own && isWaitingNextStage(steps, index, now)) return null;
  return 'late_essay_not_open';
}
