import type { Assignment, StageCode, StageModelName } from '@pw/contract';

// Display logic of the stage machine (spec part 2 §4). The machine itself lives in the domain
// package, which the web app does not import; these few rules mirror it for the screens.

export const MODEL_CODES: Record<StageModelName, StageCode> = {
  essaywriting: 'ES',
  questionwriting: 'QU',
  peerreview: 'PE',
  adjustment: 'AD',
  feedbackreview: 'FE',
  revisement: 'RE',
};

/** Stages that share another stage's period: questions with the essay, revision with feedback. */
const COMPANION_OF: Partial<Record<StageModelName, StageModelName>> = {
  questionwriting: 'essaywriting',
  revisement: 'feedbackreview',
};

export function isCompanion(model: StageModelName): boolean {
  return COMPANION_OF[model] !== undefined;
}

/** One step of the timeline: a main stage and the companions that run with it. */
export type Step = {
  code: StageCode;
  models: StageModelName[];
  start: string | null;
  end: string | null;
};

type ProgressLike = { model: StageModelName; start_date: string | null; end_date: string | null };

/** Groups the progress list into steps: ES(+QU) → PE → AD → FE(+RE). */
export function stepsOf(progresses: readonly ProgressLike[]): Step[] {
  const steps: Step[] = [];
  for (const p of progresses) {
    const host = COMPANION_OF[p.model];
    const hostStep = host ? steps.find((s) => s.models[0] === host) : undefined;
    if (hostStep) {
      hostStep.models.push(p.model);
      continue;
    }
    steps.push({ code: MODEL_CODES[p.model], models: [p.model], start: p.start_date, end: p.end_date });
  }
  return steps;
}

/** Position of the current stage: -1 in preparation, `steps.length` once complete. */
export function currentStepIndex(steps: readonly Step[], code: string): number {
  if (code === 'PR') return -1;
  if (code === 'CO') return steps.length;
  const i = steps.findIndex((s) => s.code === code || s.models.some((m) => MODEL_CODES[m] === code));
  return i < 0 ? -1 : i;
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

/** Splits a number of milliseconds into days, hours, minutes and seconds (never negative). */
export function splitDuration(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** Matching management opens in peer review once at least one essay is finished (part 2 §2). */
export function canOpenMatchings(stage: string, headers: readonly { finished_performances: number }[]) {
  return stage === 'PE' && (headers[0]?.finished_performances ?? 0) > 0;
}

/** `MM/DD HH:mm` in the browser's time zone (part 2 §9 timelines); empty when unparseable. */
export function formatShortDateTime(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getMonth() + 1)}/${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
