import type { Assignment } from './assignments';
import type { StageCode } from './constants';
import type { LearnerExtension } from './courses';
import { MODEL_CODES, type Step, stepsOf } from './stages';

// What the screens say about an assignment's stage, built on the one stage machine (./stages):
// the steps of an API assignment, where it stands, what its card and countdown show.

/** The steps of an assignment as the API sends it (`progresses`, ISO dates): ES(+QU) → PE → AD → FE(+RE). */
export function progressSteps(
  progresses: readonly Pick<Assignment['progresses'][number], 'model' | 'start_date' | 'end_date'>[],
): Step<string>[] {
  return stepsOf(progresses.map((p) => ({ model: p.model, startAt: p.start_date, endAt: p.end_date })));
}

/** Position of the current stage: -1 in preparation, `steps.length` once complete. */
export function currentStepIndex(steps: readonly Step<string>[], code: string): number {
  if (code === 'PR') return -1;
  if (code === 'CO') return steps.length;
  // A companion's code (QU, RE) is the step of its main stage.
  return steps.findIndex((s) => s.code === code || s.models.some((m) => MODEL_CODES[m] === code));
}

/** What a card says about where an assignment is (part 2 §4 card status). */
export type StatusInfo =
  | { kind: 'completed' }
  | { kind: 'waitingToStart' }
  | { kind: 'nextStageWaiting' }
  | { kind: 'proceeding'; code: StageCode };

type StatusInput = { status: number; stage: string | null; is_waiting_next_stage: boolean };

export function statusOf(a: StatusInput): StatusInfo {
  if (a.status === 2 || a.stage === 'CO') return { kind: 'completed' };
  if (a.status === 0 || a.stage === 'PR' || !a.stage) return { kind: 'waitingToStart' };
  if (a.is_waiting_next_stage) return { kind: 'nextStageWaiting' };
  return { kind: 'proceeding', code: a.stage as StageCode };
}

/** What a card says about the schedule (part 2 §4 card schedule). */
export type ScheduleInfo =
  | { kind: 'manual' }
  | { kind: 'end' }
  | { kind: 'nextStart'; date: string }
  | { kind: 'currentEnd'; date: string }
  | { kind: 'none' };

type ScheduleInput = Pick<
  Assignment,
  'status' | 'is_auto_schedule' | 'is_waiting_next_stage' | 'next_start_date' | 'current_stage'
>;

export function scheduleOf(a: ScheduleInput): ScheduleInfo {
  if (!a.is_auto_schedule) return { kind: 'manual' };
  if (a.status === 2 || a.current_stage.stage === 'CO') return { kind: 'end' };
  if (a.is_waiting_next_stage || a.status === 0 || a.current_stage.stage === 'PR') {
    return a.next_start_date ? { kind: 'nextStart', date: a.next_start_date } : { kind: 'none' };
  }
  return a.current_stage.end_date ? { kind: 'currentEnd', date: a.current_stage.end_date } : { kind: 'none' };
}

/**
 * The schedule a learner sees (issue 33, item 1): with an open extension of the running step's
 * stage, the step's end is replaced by their own (`extended`); an extension of another stage (the
 * essay's, while peer review runs) is named beside the schedule (`extra`).
 */
export function ownScheduleOf(
  a: ScheduleInput & { extension?: Pick<LearnerExtension, 'stage' | 'end_date' | 'current'> | null },
): { info: ScheduleInfo; extended: boolean; extra: { stage: string; date: string } | null } {
  const info = scheduleOf(a);
  const x = a.extension;
  if (!x) return { info, extended: false, extra: null };
  if (x.current && info.kind === 'currentEnd')
    return { info: { kind: 'currentEnd', date: x.end_date }, extended: true, extra: null };
  return { info, extended: false, extra: { stage: x.stage, date: x.end_date } };
}

/**
 * The moment the management page counts down to when auto-scheduled: the next start while
 * waiting (or in preparation), otherwise the end of the running stage; null when complete.
 */
export function countdownTarget(a: ScheduleInput): { kind: 'end' | 'nextStart'; date: string } | null {
  if (!a.is_auto_schedule) return null;
  const s = scheduleOf(a);
  if (s.kind === 'nextStart') return { kind: 'nextStart', date: s.date };
  if (s.kind === 'currentEnd') return { kind: 'end', date: s.date };
  return null;
}

/** Matching management opens in peer review once at least one essay is finished (part 2 §2). */
export function canOpenMatchings(stage: string, headers: readonly { finished_performances: number }[]) {
  return stage === 'PE' && (headers[0]?.finished_performances ?? 0) > 0;
}
