import {
  type Assignment,
  assignmentInputSchema,
  defaultScores,
  essayStageSchema,
  feedbackStageSchema,
  MODEL_CODES,
  type ProgressInput,
  peerStageSchema,
  questionStageSchema,
  revisementStageSchema,
  type StageCode,
  type StageModelName,
  validateSchedule,
} from '@pw/contract';

// The assignment editor's values and rules (spec part 2 §3, §4, §5, §9). Field shapes are checked
// with the contract's own stage schemas, the schedule with the contract's own check, and the
// 100-point total is checked separately so the form can warn with the total.

/** A number input's value: a number, or '' while empty. */
export type NumberValue = number | string;
export type StepDates = { start: string; end: string };

export type AssignmentFormValues = {
  name: string;
  description: string;
  is_public: boolean;
  is_release_held: boolean;
  is_auto_schedule: boolean;
  is_directly_starting: boolean;
  is_continue_from_previous_step: boolean;
  essay: StepDates & { limit_type: 'L' | 'W'; max_length: NumberValue; max_writing_score: NumberValue };
  question: { enabled: boolean; quizs: { quiz: string }[] };
  peer: StepDates & {
    peer_count: NumberValue;
    max_review_score: NumberValue;
    max_metacognition_score: NumberValue;
    standards: { question: string; max_point: NumberValue }[];
    /** Learners without a finished essay review too (off: only writers review). */
    non_writers_review: boolean;
    /** Calibration examples (issue 34, item 1): points and explanations by standard index. */
    calibration: CalibrationFormExample[];
  };
  adjustment: StepDates & { enabled: boolean };
  feedback: StepDates & { enabled: boolean; max_review_score: NumberValue; max_point: NumberValue };
  revisement: { enabled: boolean; max_revisement_score: NumberValue };
};

export type CalibrationFormExample = {
  title: string;
  text: string;
  points: NumberValue[];
  explanations: string[];
};

/** The form sections that carry a step's dates, in step order. */
export type StepKey = 'essay' | 'peer' | 'adjustment' | 'feedback';
export const STEP_MODELS: Record<StepKey, StageModelName> = {
  essay: 'essaywriting',
  peer: 'peerreview',
  adjustment: 'adjustment',
  feedback: 'feedbackreview',
};
export const STEP_CODES: Record<StepKey, StageCode> = {
  essay: MODEL_CODES.essaywriting,
  peer: MODEL_CODES.peerreview,
  adjustment: MODEL_CODES.adjustment,
  feedback: MODEL_CODES.feedbackreview,
};

/** New assignments: the defaults of part 2 §9 (2500 letters, 3 reviewers, one standard of 6, public). */
export function emptyFormValues(): AssignmentFormValues {
  const scores = defaultScores(false, false);
  return {
    name: '',
    description: '',
    is_public: true,
    is_release_held: false,
    is_auto_schedule: false,
    is_directly_starting: false,
    is_continue_from_previous_step: false,
    essay: { limit_type: 'L', max_length: 2500, max_writing_score: scores.writing, start: '', end: '' },
    question: { enabled: false, quizs: [{ quiz: '' }] },
    peer: {
      peer_count: 3,
      max_review_score: scores.review,
      max_metacognition_score: scores.metacognition,
      standards: [{ question: '', max_point: 6 }],
      non_writers_review: false,
      calibration: [],
      start: '',
      end: '',
    },
    adjustment: { enabled: false, start: '', end: '' },
    feedback: { enabled: false, max_review_score: 10, max_point: 10, start: '', end: '' },
    revisement: { enabled: false, max_revisement_score: 10 },
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a `datetime-local` value (browser time zone, minutes). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as a moment: starts at second 0, ends at second 59 (part 2 §5). */
export function fromLocalInput(value: string, edge: 'start' | 'end'): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const d = new Date(value.slice(0, 16));
  if (Number.isNaN(d.getTime())) return null;
  d.setSeconds(edge === 'start' ? 0 : 59, 0);
  return d;
}

const num = (v: NumberValue): number =>
  typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v);
const numOr0 = (v: NumberValue) => {
  const n = num(v);
  return Number.isFinite(n) ? n : 0;
};

/** The fields the score total reads. */
export type ScoreFields = {
  essay: Pick<AssignmentFormValues['essay'], 'max_writing_score'>;
  peer: Pick<AssignmentFormValues['peer'], 'max_review_score' | 'max_metacognition_score'>;
  feedback: Pick<AssignmentFormValues['feedback'], 'enabled' | 'max_review_score'>;
  revisement: AssignmentFormValues['revisement'];
};

/** The sum of the score maxima of the stages in use (empty inputs count 0). */
export function formTotal(v: ScoreFields): number {
  let total = numOr0(v.essay.max_writing_score);
  total += numOr0(v.peer.max_review_score) + numOr0(v.peer.max_metacognition_score);
  if (v.feedback.enabled) total += numOr0(v.feedback.max_review_score);
  if (v.feedback.enabled && v.revisement.enabled) total += numOr0(v.revisement.max_revisement_score);
  return total;
}

/** The switches that decide which steps are in use. */
export type StepSwitches = { adjustment: { enabled: boolean }; feedback: { enabled: boolean } };

/** The steps of the form in order, with their section keys. */
export function formSteps(v: StepSwitches): StepKey[] {
  const keys: StepKey[] = ['essay', 'peer'];
  if (v.adjustment.enabled) keys.push('adjustment');
  if (v.feedback.enabled) keys.push('feedback');
  return keys;
}

/** The stages in use, in the order of the progress list. */
export function formModels(v: AssignmentFormValues): StageModelName[] {
  const models: StageModelName[] = ['essaywriting'];
  if (v.question.enabled) models.push('questionwriting');
  models.push('peerreview');
  if (v.adjustment.enabled) models.push('adjustment');
  if (v.feedback.enabled) models.push('feedbackreview');
  if (v.feedback.enabled && v.revisement.enabled) models.push('revisement');
  return models;
}

export type ScheduleContext = {
  now: Date;
  /** Steps already started (the server's `editable.first_open_step`); 0 for a new assignment. */
  startedSteps: number;
  /** Creating with "start directly": the first step starts now, whatever its input says. */
  startsNow: boolean;
};

/** The start a step really gets: "continue from the previous step" chains open steps to the previous end. */
export function effectiveStart(v: AssignmentFormValues, index: number, ctx: ScheduleContext): Date | null {
  const steps = formSteps(v);
  const key = steps[index];
  if (!key) return null;
  if (index === 0 && ctx.startsNow) return ctx.now;
  if (v.is_continue_from_previous_step && index > 0 && index >= ctx.startedSteps) {
    const previous = steps[index - 1];
    const previousEnd = previous ? fromLocalInput(v[previous].end, 'end') : null;
    return previousEnd ? new Date(previousEnd.getTime() + 1000) : null;
  }
  return fromLocalInput(v[key].start, 'start');
}

/** Field path → message key (`key|max` when the message takes the limit). */
export type FormErrors = Record<string, string>;

/**
 * The schedule rules of part 2 §5: the contract's `validateSchedule`, the very check the server
 * runs, over the dates the form would send, with each error put on the field it concerns.
 */
export function scheduleErrors(v: AssignmentFormValues, ctx: ScheduleContext): FormErrors {
  const errors: FormErrors = {};
  const steps = formSteps(v).map((key, i) => ({
    key,
    start: effectiveStart(v, i, ctx),
    end: fromLocalInput(v[key].end, 'end'),
  }));
  const found = validateSchedule(
    steps.map((d) => ({ model: STEP_MODELS[d.key], startAt: d.start, endAt: d.end })),
    { isAutoSchedule: v.is_auto_schedule, now: ctx.now, startedSteps: ctx.startedSteps },
  );
  const add = (key: StepKey, field: 'start' | 'end', error: string) => {
    errors[`${key}.${field}`] ??= `validation.schedule_${error}`;
  };
  for (const { step, error } of found) {
    const d = steps[step];
    if (!d) continue;
    if (error === 'dates_required') {
      if (!d.start) add(d.key, 'start', error);
      if (!d.end) add(d.key, 'end', error);
    } else if (error === 'end_before_start') add(d.key, 'end', error);
    else if (error === 'start_before_previous_end') add(d.key, 'start', error);
    // In the past: a step not started yet by its start, the running step by its end.
    else if (error === 'in_past') add(d.key, step < ctx.startedSteps ? 'end' : 'start', error);
  }
  return errors;
}

type Issue = { path: PropertyKey[]; message: string; code?: string; origin?: unknown; maximum?: unknown };

function collect(errors: FormErrors, prefix: string, issues: readonly Issue[]) {
  for (const issue of issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    // Text limits are shown with the limit (validation.too_long takes {{max}}).
    const max =
      issue.code === 'too_big' && issue.origin === 'string' && typeof issue.maximum === 'number'
        ? `|${issue.maximum}`
        : '';
    errors[path] ??= `${issue.message}${max}`;
  }
}

/** Settings of the stages in use as the API expects them (numbers parsed, empty inputs as NaN so they fail). */
function stageObjects(v: AssignmentFormValues) {
  return {
    essaywriting: {
      limit_type: v.essay.limit_type,
      max_length: num(v.essay.max_length),
      max_writing_score: num(v.essay.max_writing_score),
    },
    questionwriting: { quizs: v.question.quizs.map((q) => ({ quiz: q.quiz })) },
    peerreview: {
      peer_count: num(v.peer.peer_count),
      max_review_score: num(v.peer.max_review_score),
      max_metacognition_score: num(v.peer.max_metacognition_score),
      standards: v.peer.standards.map((s) => ({ question: s.question, max_point: num(s.max_point) })),
      non_writers_review: v.peer.non_writers_review,
      // One point and explanation per standard, in the rubric's order (an empty point fails).
      calibration: v.peer.calibration.map((x) => ({
        title: x.title,
        text: x.text,
        points: v.peer.standards.map((_, k) => num(x.points[k] ?? '')),
        explanations: v.peer.standards.map((_, k) => x.explanations[k] ?? ''),
      })),
    },
    adjustment: {},
    feedbackreview: {
      max_review_score: num(v.feedback.max_review_score),
      max_point: num(v.feedback.max_point),
    },
    revisement: { max_revisement_score: num(v.revisement.max_revisement_score) },
  } satisfies Record<StageModelName, unknown>;
}

/** Every field rule of the editor (the contract's schemas) plus the schedule; not the total. */
export function validateForm(v: AssignmentFormValues, ctx: ScheduleContext): FormErrors {
  const errors: FormErrors = {};
  const check = (prefix: string, result: { success: boolean; error?: { issues: readonly Issue[] } }) => {
    if (!result.success && result.error) collect(errors, prefix, result.error.issues);
  };
  check('name', assignmentInputSchema.shape.name.safeParse(v.name));
  check('description', assignmentInputSchema.shape.description.safeParse(v.description));
  const objects = stageObjects(v);
  check('essay', essayStageSchema.safeParse(objects.essaywriting));
  if (v.question.enabled) check('question', questionStageSchema.safeParse(objects.questionwriting));
  check('peer', peerStageSchema.safeParse(objects.peerreview));
  if (v.feedback.enabled) check('feedback', feedbackStageSchema.safeParse(objects.feedbackreview));
  if (v.feedback.enabled && v.revisement.enabled)
    check('revisement', revisementStageSchema.safeParse(objects.revisement));
  for (const [path, key] of Object.entries(scheduleErrors(v, ctx))) errors[path] ??= key;
  return errors;
}

const HOST_OF: Partial<Record<StageModelName, StepKey>> = {
  essaywriting: 'essay',
  questionwriting: 'essay',
  peerreview: 'peer',
  adjustment: 'adjustment',
  feedbackreview: 'feedback',
  revisement: 'feedback',
};

/** The progress list sent to the API: companions share their host step's dates. */
export function toProgresses(v: AssignmentFormValues, ctx: ScheduleContext): ProgressInput[] {
  const objects = stageObjects(v);
  const steps = formSteps(v);
  return formModels(v).map((model) => {
    const key = HOST_OF[model] ?? 'essay';
    const index = steps.indexOf(key);
    const start = index === 0 && ctx.startsNow ? null : effectiveStart(v, index, ctx);
    const end = fromLocalInput(v[key].end, 'end');
    return {
      model,
      stage_object: objects[model],
      start_date: start ? start.toISOString() : null,
      end_date: end ? end.toISOString() : null,
    } as ProgressInput;
  });
}

/** The multipart fields of a create or edit request (files are added by the caller). */
export function toFormData(v: AssignmentFormValues, ctx: ScheduleContext): FormData {
  const form = new FormData();
  form.append('name', v.name.trim());
  form.append('description', v.description);
  form.append('is_public', String(v.is_public));
  form.append('is_release_held', String(v.is_release_held));
  form.append('is_auto_schedule', String(v.is_auto_schedule));
  form.append('is_directly_starting', String(v.is_directly_starting));
  form.append('is_continue_from_previous_step', String(v.is_continue_from_previous_step));
  form.append('progresses', JSON.stringify(toProgresses(v, ctx)));
  return form;
}

type AnyObject = Record<string, unknown>;
const objectOf = (a: Assignment, model: StageModelName): AnyObject | undefined =>
  a.progresses.find((p) => p.model === model)?.stage_object as AnyObject | undefined;
const numberFrom = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/**
 * The form values of a stored assignment. `copy` imports the settings of a previous assignment
 * into a new one: no name, no dates.
 */
export function formValuesOf(a: Assignment, { copy = false } = {}): AssignmentFormValues {
  const base = emptyFormValues();
  const dates = (model: StageModelName): StepDates => {
    const p = a.progresses.find((x) => x.model === model);
    return copy
      ? { start: '', end: '' }
      : { start: toLocalInput(p?.start_date), end: toLocalInput(p?.end_date) };
  };
  const essay = objectOf(a, 'essaywriting') ?? {};
  const question = objectOf(a, 'questionwriting');
  const peer = objectOf(a, 'peerreview') ?? {};
  const adjustment = objectOf(a, 'adjustment');
  const feedback = objectOf(a, 'feedbackreview');
  const revisement = objectOf(a, 'revisement');
  const quizs = Array.isArray(question?.quizs)
    ? (question.quizs as AnyObject[]).map((q) => ({ quiz: String(q.quiz ?? '') }))
    : base.question.quizs;
  const standards = Array.isArray(peer.standards)
    ? (peer.standards as AnyObject[]).map((s) => ({
        question: String(s.question ?? ''),
        max_point: numberFrom(s.max_point, 6),
      }))
    : base.peer.standards;
  return {
    name: copy ? '' : a.name,
    description: a.description,
    is_public: a.is_public,
    is_release_held: a.is_release_held,
    is_auto_schedule: a.is_auto_schedule,
    is_directly_starting: copy ? false : a.is_directly_starting,
    is_continue_from_previous_step: a.is_continue_from_previous_step,
    essay: {
      limit_type: essay.limit_type === 'W' ? 'W' : 'L',
      max_length: numberFrom(essay.max_length, 2500),
      max_writing_score: numberFrom(essay.max_writing_score, base.essay.max_writing_score as number),
      ...dates('essaywriting'),
    },
    question: { enabled: question !== undefined, quizs: quizs.length ? quizs : base.question.quizs },
    peer: {
      peer_count: numberFrom(peer.peer_count, 3),
      max_review_score: numberFrom(peer.max_review_score, base.peer.max_review_score as number),
      max_metacognition_score: numberFrom(
        peer.max_metacognition_score,
        base.peer.max_metacognition_score as number,
      ),
      standards: standards.length ? standards : base.peer.standards,
      non_writers_review: peer.non_writers_review === true,
      calibration: Array.isArray(peer.calibration)
        ? (peer.calibration as AnyObject[]).map((x) => ({
            title: String(x.title ?? ''),
            text: String(x.text ?? ''),
            points: Array.isArray(x.points) ? (x.points as unknown[]).map((p) => numberFrom(p, 0)) : [],
            explanations: Array.isArray(x.explanations) ? (x.explanations as unknown[]).map(String) : [],
          }))
        : [],
      ...dates('peerreview'),
    },
    adjustment: { enabled: adjustment !== undefined, ...dates('adjustment') },
    feedback: {
      enabled: feedback !== undefined,
      max_review_score: numberFrom(feedback?.max_review_score, 10),
      max_point: numberFrom(feedback?.max_point, 10),
      ...dates('feedbackreview'),
    },
    revisement: {
      enabled: revisement !== undefined,
      max_revisement_score: numberFrom(revisement?.max_revisement_score, 10),
    },
  };
}

/**
 * When an optional stage is switched on or off and the scores still hold the default split of
 * the stages before, they move to the default split of the new stages (part 2 §9); null when
 * the instructor has changed them (then the live total shows what is left to fix).
 */
export function rescoredForToggle(
  v: AssignmentFormValues,
  next: { feedback: boolean; revisement: boolean },
): ReturnType<typeof defaultScores> | null {
  const before = defaultScores(v.feedback.enabled, v.feedback.enabled && v.revisement.enabled);
  const current = {
    writing: num(v.essay.max_writing_score),
    review: num(v.peer.max_review_score),
    metacognition: num(v.peer.max_metacognition_score),
    feedback: v.feedback.enabled ? num(v.feedback.max_review_score) : 0,
    revisement: v.feedback.enabled && v.revisement.enabled ? num(v.revisement.max_revisement_score) : 0,
  };
  const same = (Object.keys(before) as (keyof typeof before)[]).every((k) => before[k] === current[k]);
  return same ? defaultScores(next.feedback, next.feedback && next.revisement) : null;
}
