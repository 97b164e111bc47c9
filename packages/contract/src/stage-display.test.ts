import { describe, expect, it } from 'vitest';
import {
  canOpenMatchings,
  countdownTarget,
  currentStepIndex,
  ownScheduleOf,
  progressSteps,
  scheduleOf,
  statusOf,
} from './stage-display';
import type { StageModel } from './stages';

const progress = (model: StageModel, start: string | null = null) => ({
  model,
  start_date: start,
  end_date: null,
});

describe('progressSteps (the stage machine over an API assignment)', () => {
  it('merges question writing into the essay and revision into feedback review', () => {
    const steps = progressSteps([
      progress('essaywriting', 'a'),
      progress('questionwriting', 'b'),
      progress('peerreview'),
      progress('adjustment'),
      progress('feedbackreview'),
      progress('revisement'),
    ]);
    expect(steps.map((s) => s.code)).toEqual(['ES', 'PE', 'AD', 'FE']);
    expect(steps[0]?.models).toEqual(['essaywriting', 'questionwriting']);
    expect(steps[0]?.startAt).toBe('a');
    expect(steps[3]?.models).toEqual(['feedbackreview', 'revisement']);
  });

  it('places PR before the first step and CO after the last', () => {
    const steps = progressSteps([progress('essaywriting'), progress('peerreview')]);
    expect(currentStepIndex(steps, 'PR')).toBe(-1);
    expect(currentStepIndex(steps, 'ES')).toBe(0);
    expect(currentStepIndex(steps, 'PE')).toBe(1);
    expect(currentStepIndex(steps, 'CO')).toBe(2);
    // A companion's code is its main stage's step.
    const withQuestions = progressSteps([
      progress('essaywriting'),
      progress('questionwriting'),
      progress('peerreview'),
    ]);
    expect(currentStepIndex(withQuestions, 'QU')).toBe(0);
  });
});

const base = {
  status: 1,
  is_auto_schedule: true,
  is_waiting_next_stage: false,
  next_start_date: '2030-01-02T00:00:00.000Z',
  current_stage: {
    stage: 'ES',
    start_date: '2030-01-01T00:00:00.000Z',
    end_date: '2030-01-01T14:59:59.000Z',
  },
};

describe('card status and schedule (part 2 §4)', () => {
  it('status: completed, waiting to start, next stage waiting, proceeding', () => {
    expect(statusOf({ status: 2, stage: 'CO', is_waiting_next_stage: false })).toEqual({ kind: 'completed' });
    expect(statusOf({ status: 0, stage: 'PR', is_waiting_next_stage: false })).toEqual({
      kind: 'waitingToStart',
    });
    expect(statusOf({ status: 1, stage: 'PE', is_waiting_next_stage: true })).toEqual({
      kind: 'nextStageWaiting',
    });
    expect(statusOf({ status: 1, stage: 'PE', is_waiting_next_stage: false })).toEqual({
      kind: 'proceeding',
      code: 'PE',
    });
  });

  it('schedule: manual, end, next start when waiting or preparing, else the current end', () => {
    expect(scheduleOf({ ...base, is_auto_schedule: false })).toEqual({ kind: 'manual' });
    expect(scheduleOf({ ...base, status: 2, current_stage: { ...base.current_stage, stage: 'CO' } })).toEqual(
      {
        kind: 'end',
      },
    );
    expect(scheduleOf({ ...base, is_waiting_next_stage: true })).toEqual({
      kind: 'nextStart',
      date: base.next_start_date,
    });
    expect(scheduleOf({ ...base, status: 0, current_stage: { ...base.current_stage, stage: 'PR' } })).toEqual(
      {
        kind: 'nextStart',
        date: base.next_start_date,
      },
    );
    expect(scheduleOf(base)).toEqual({ kind: 'currentEnd', date: base.current_stage.end_date });
  });

  it('counts down only when auto-scheduled and not complete', () => {
    expect(countdownTarget(base)).toEqual({ kind: 'end', date: base.current_stage.end_date });
    expect(countdownTarget({ ...base, is_auto_schedule: false })).toBeNull();
    expect(
      countdownTarget({ ...base, status: 2, current_stage: { ...base.current_stage, stage: 'CO' } }),
    ).toBeNull();
    expect(countdownTarget({ ...base, is_waiting_next_stage: true })?.kind).toBe('nextStart');
  });
});

describe('helpers', () => {
  it('opens matchings only in peer review with a finished essay', () => {
    expect(canOpenMatchings('PE', [{ finished_performances: 1 }])).toBe(true);
    expect(canOpenMatchings('PE', [{ finished_performances: 0 }])).toBe(false);
    expect(canOpenMatchings('ES', [{ finished_performances: 3 }])).toBe(false);
  });
});

describe("ownScheduleOf (a learner's own deadline, issue 33)", () => {
  const later = '2030-01-03T14:59:59.000Z';
  it('is the plain schedule without an extension', () => {
    expect(ownScheduleOf({ ...base, extension: null })).toEqual({
      info: scheduleOf(base),
      extended: false,
      extra: null,
    });
  });
  it("replaces the running step's end by the learner's own, marked extended", () => {
    const own = ownScheduleOf({ ...base, extension: { stage: 'ES', end_date: later, current: true } });
    expect(own).toEqual({ info: { kind: 'currentEnd', date: later }, extended: true, extra: null });
  });
  it("names another stage's extension beside the schedule (and while waiting or manual)", () => {
    const x = { stage: 'ES', end_date: later, current: false };
    const pe = { ...base, current_stage: { ...base.current_stage, stage: 'PE' }, extension: x };
    expect(ownScheduleOf(pe)).toEqual({
      info: scheduleOf(pe),
      extended: false,
      extra: { stage: 'ES', date: later },
    });
    const waiting = { ...base, is_waiting_next_stage: true, extension: { ...x, current: true } };
    expect(ownScheduleOf(waiting).extra).toEqual({ stage: 'ES', date: later });
    const manual = { ...base, is_auto_schedule: false, extension: { ...x, current: true } };
    expect(ownScheduleOf(manual)).toMatchObject({
      info: { kind: 'manual' },
      extra: { stage: 'ES', date: later },
    });
  });
});
