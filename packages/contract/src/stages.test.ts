import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  codeAt,
  dueAdvances,
  editableAt,
  isModelOpen,
  isWaitingNextStage,
  nextBoundary,
  nextStepIndex,
  normaliseStageDates,
  type ScheduledStage,
  type StageModel,
  scheduledIndexAt,
  stepsOf,
  validateSchedule,
  validateStageModels,
} from './stages';

const at = (iso: string) => new Date(`${iso}Z`);
const full: ScheduledStage[] = [
  { model: 'essaywriting', startAt: at('2026-03-02T09:00:00'), endAt: at('2026-03-08T23:59:59') },
  { model: 'questionwriting', startAt: at('2026-03-02T09:00:00'), endAt: at('2026-03-08T23:59:59') },
  { model: 'peerreview', startAt: at('2026-03-09T09:00:00'), endAt: at('2026-03-15T23:59:59') },
  { model: 'adjustment', startAt: at('2026-03-16T09:00:00'), endAt: at('2026-03-17T23:59:59') },
  { model: 'feedbackreview', startAt: at('2026-03-18T09:00:00'), endAt: at('2026-03-24T23:59:59') },
  { model: 'revisement', startAt: at('2026-03-18T09:00:00'), endAt: at('2026-03-24T23:59:59') },
];
const steps = stepsOf(full);

describe('which stages exist', () => {
  it('groups questions with the essay and revision with feedback review', () => {
    expect(steps.map((s) => [s.code, s.models])).toEqual([
      ['ES', ['essaywriting', 'questionwriting']],
      ['PE', ['peerreview']],
      ['AD', ['adjustment']],
      ['FE', ['feedbackreview', 'revisement']],
    ]);
  });

  it('requires an essay and a peer review, in order, once each, and revision only with feedback', () => {
    expect(validateStageModels(['essaywriting', 'peerreview'])).toEqual([]);
    expect(
      validateStageModels(['essaywriting', 'questionwriting', 'peerreview', 'feedbackreview', 'revisement']),
    ).toEqual([]);
    expect(validateStageModels(['peerreview'])).toContain('essay_required');
    expect(validateStageModels(['essaywriting'])).toContain('peer_review_required');
    expect(validateStageModels(['peerreview', 'essaywriting'])).toContain('order');
    expect(validateStageModels(['essaywriting', 'peerreview', 'peerreview'])).toContain('duplicate_stage');
    expect(validateStageModels(['essaywriting', 'peerreview', 'revisement'])).toContain(
      'revisement_needs_feedback',
    );
  });
});

describe('positions and codes', () => {
  it('is PR before the first step, the step code while running, CO after the last', () => {
    expect([-1, 0, 1, 2, 3, 4].map((i) => codeAt(steps, i))).toEqual(['PR', 'ES', 'PE', 'AD', 'FE', 'CO']);
  });

  it('opens the companion stages with their step', () => {
    expect(isModelOpen(steps, 0, 'questionwriting')).toBe(true);
    expect(isModelOpen(steps, 3, 'revisement')).toBe(true);
    expect(isModelOpen(steps, 1, 'revisement')).toBe(false);
  });

  it('manual advance goes one step at a time and stops at complete', () => {
    let i = -1;
    const seen = [];
    while (i < steps.length) {
      i = nextStepIndex(steps, i);
      seen.push(codeAt(steps, i));
    }
    expect(seen).toEqual(['ES', 'PE', 'AD', 'FE', 'CO']);
    expect(() => nextStepIndex(steps, steps.length)).toThrow('already_complete');
  });
});

describe('waiting for the next stage', () => {
  it('waits once the running step has ended, to the second', () => {
    expect(isWaitingNextStage(steps, 0, at('2026-03-08T23:59:59'))).toBe(false);
    expect(isWaitingNextStage(steps, 0, at('2026-03-09T00:00:00'))).toBe(true);
    expect(isWaitingNextStage(steps, -1, at('2030-01-01T00:00:00'))).toBe(false);
  });

  it('a step without an end date never waits', () => {
    const manual = stepsOf<Date>([
      { model: 'essaywriting', startAt: null, endAt: null },
      { model: 'peerreview', startAt: null, endAt: null },
    ]);
    expect(isWaitingNextStage(manual, 0, at('2099-01-01T00:00:00'))).toBe(false);
  });
});

describe('automatic advance', () => {
  it('follows the schedule at the boundary second', () => {
    expect(scheduledIndexAt(steps, at('2026-03-02T08:59:59'))).toBe(-1);
    expect(scheduledIndexAt(steps, at('2026-03-02T09:00:00'))).toBe(0);
    // Between the essay's end and the peer review's start: still the essay step (waiting).
    expect(scheduledIndexAt(steps, at('2026-03-09T08:59:59'))).toBe(0);
    expect(scheduledIndexAt(steps, at('2026-03-09T09:00:00'))).toBe(1);
    expect(scheduledIndexAt(steps, at('2026-03-24T23:59:59'))).toBe(3);
    expect(scheduledIndexAt(steps, at('2026-03-25T00:00:00'))).toBe(4);
  });

  it('catches up step by step after downtime, never backwards', () => {
    expect(dueAdvances(steps, -1, at('2026-03-16T10:00:00'))).toEqual([0, 1, 2]);
    expect(dueAdvances(steps, 2, at('2026-03-16T10:00:00'))).toEqual([]);
    expect(dueAdvances(steps, 3, at('2026-03-02T10:00:00'))).toEqual([]);
    expect(dueAdvances(steps, 3, at('2026-04-01T00:00:00'))).toEqual([4]);
  });

  it('knows the next moment something changes', () => {
    expect(nextBoundary(steps, -1, at('2026-03-01T00:00:00'))).toEqual(at('2026-03-02T09:00:00'));
    expect(nextBoundary(steps, 0, at('2026-03-05T00:00:00'))).toEqual(at('2026-03-09T09:00:00'));
    expect(nextBoundary(steps, 3, at('2026-03-20T00:00:00'))).toEqual(at('2026-03-24T23:59:59'));
    expect(nextBoundary(steps, 4, at('2026-04-01T00:00:00'))).toBeNull();
  });

  it('property: the scheduled position never decreases as time passes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 * 86_400 }),
        fc.integer({ min: 0, max: 40 * 86_400 }),
        (a, b) => {
          const base = at('2026-03-01T00:00:00').getTime();
          const [t1, t2] = a <= b ? [a, b] : [b, a];
          return (
            scheduledIndexAt(steps, new Date(base + t1 * 1000)) <=
            scheduledIndexAt(steps, new Date(base + t2 * 1000))
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('schedule rules', () => {
  const now = at('2026-03-01T00:00:00');
  it('accepts a valid schedule', () => {
    expect(validateSchedule(full, { isAutoSchedule: true, now, startedSteps: 0 })).toEqual([]);
  });

  it('refuses overlaps, reversed dates, the past, and missing dates when automatic', () => {
    const bad: ScheduledStage[] = [
      { model: 'essaywriting', startAt: at('2026-02-27T09:00:00'), endAt: at('2026-03-08T23:59:59') },
      { model: 'peerreview', startAt: at('2026-03-08T09:00:00'), endAt: at('2026-03-07T23:59:59') },
      { model: 'feedbackreview', startAt: null, endAt: null },
    ];
    expect(validateSchedule(bad, { isAutoSchedule: true, now, startedSteps: 0 })).toEqual([
      { step: 0, error: 'in_past' },
      { step: 1, error: 'end_before_start' },
      { step: 1, error: 'start_before_previous_end' },
      { step: 2, error: 'dates_required' },
    ]);
    expect(validateSchedule(bad.slice(2), { isAutoSchedule: false, now, startedSteps: 0 })).toEqual([]);
  });

  it('lets a started step keep its past start but not move its end into the past', () => {
    const later = at('2026-03-05T00:00:00');
    expect(validateSchedule(full, { isAutoSchedule: true, now: later, startedSteps: 1 })).toEqual([]);
    const shortened = full.map((s) =>
      s.model === 'essaywriting' ? { ...s, endAt: at('2026-03-04T00:00:00') } : s,
    );
    expect(validateSchedule(shortened, { isAutoSchedule: true, now: later, startedSteps: 1 })).toEqual([
      { step: 0, error: 'in_past' },
    ]);
  });

  it('sets start seconds to 0 and end seconds to 59', () => {
    const n = normaliseStageDates({
      model: 'essaywriting',
      startAt: at('2026-03-02T09:00:31'),
      endAt: at('2026-03-08T23:59:02'),
    });
    expect(n.startAt).toEqual(at('2026-03-02T09:00:00'));
    expect(n.endAt).toEqual(at('2026-03-08T23:59:59'));
  });
});

describe('editor locking', () => {
  const settingsAt = (i: number) => editableAt(steps, i).settings;
  const open = (i: number) =>
    (Object.entries(settingsAt(i)) as [StageModel, boolean][]).filter(([, v]) => v).map(([k]) => k);

  it('in preparation everything is open', () => {
    expect(open(-1)).toEqual([
      'essaywriting',
      'questionwriting',
      'peerreview',
      'adjustment',
      'feedbackreview',
      'revisement',
    ]);
    expect(editableAt(steps, -1).firstOpenStep).toBe(0);
  });

  it('essay and question options close when the essay starts; each later stage closes when it starts', () => {
    expect(open(0)).toEqual(['peerreview', 'adjustment', 'feedbackreview', 'revisement']);
    expect(open(1)).toEqual(['adjustment', 'feedbackreview', 'revisement']);
    expect(open(2)).toEqual(['feedbackreview', 'revisement']);
    expect(open(3)).toEqual([]);
    expect(editableAt(steps, 1).firstOpenStep).toBe(2);
  });

  it('a completed assignment is fully locked', () => {
    expect(editableAt(steps, 4)).toMatchObject({ locked: true, firstOpenStep: 4 });
    expect(open(4)).toEqual([]);
  });
});
