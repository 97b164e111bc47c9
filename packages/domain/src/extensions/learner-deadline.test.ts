import { stepsOf } from '@pw/contract/stages';
import { describe, expect, it } from 'vitest';
import {
  isValidExtensionEnd,
  joinsRunningMatching,
  learnerSaveRule,
  learnerStageEnd,
  openExtension,
} from './learner-deadline';

const at = (s: string) => new Date(`2026-03-0${s}Z`);
const steps = stepsOf([
  { model: 'essaywriting', startAt: at('1T00:00:00'), endAt: at('2T00:00:00') },
  { model: 'questionwriting', startAt: at('1T00:00:00'), endAt: at('2T00:00:00') },
  { model: 'peerreview', startAt: at('3T00:00:00'), endAt: at('4T00:00:00') },
  { model: 'feedbackreview', startAt: at('5T00:00:00'), endAt: at('6T00:00:00') },
]);
const extensionEnd = at('3T12:00:00');

describe("a learner's end for a stage", () => {
  it('is the extension when later, else the stage end', () => {
    expect(learnerStageEnd(steps, 'essaywriting', extensionEnd)).toEqual(extensionEnd);
    expect(learnerStageEnd(steps, 'essaywriting', null)).toEqual(at('2T00:00:00'));
    expect(learnerStageEnd(steps, 'essaywriting', at('1T12:00:00'))).toEqual(at('2T00:00:00'));
    // The questions share the essay's step.
    expect(learnerStageEnd(steps, 'questionwriting', null)).toEqual(at('2T00:00:00'));
  });

  it('accepts a save at the extension’s last second and refuses one a second later', () => {
    // In peer review (step 1): the essay is closed for everyone, open for the extended learner.
    expect(learnerSaveRule(steps, 1, 'essaywriting', extensionEnd, extensionEnd)).toBeNull();
    expect(
      learnerSaveRule(steps, 1, 'essaywriting', new Date(extensionEnd.getTime() + 1000), extensionEnd),
    ).toBe('essay_not_open');
    expect(learnerSaveRule(steps, 1, 'essaywriting', at('2T00:00:01'), null)).toBe('essay_not_open');
    // Still in the essay step but past its end (waiting): the extension keeps it open.
    expect(learnerSaveRule(steps, 0, 'essaywriting', at('2T00:00:01'), extensionEnd)).toBeNull();
    expect(learnerSaveRule(steps, 0, 'essaywriting', at('2T00:00:01'), null)).toBe('essay_not_open');
    expect(learnerSaveRule(steps, 0, 'essaywriting', at('2T00:00:00'), null)).toBeNull();
  });

  it('never opens a stage that has not started, nor after completion', () => {
    expect(learnerSaveRule(steps, 0, 'peerreview', at('1T01:00:00'), at('9T00:00:00'))).toBe(
      'stage_deadline_passed',
    );
    expect(learnerSaveRule(steps, steps.length, 'feedbackreview', at('6T01:00:00'), at('9T00:00:00'))).toBe(
      'stage_deadline_passed',
    );
  });

  it('joins the running matching only while peer review is the step', () => {
    expect(joinsRunningMatching(steps, 1, at('3T01:00:00'))).toBe(true);
    expect(joinsRunningMatching(steps, 0, at('1T01:00:00'))).toBe(false);
    expect(joinsRunningMatching(steps, 2, at('5T01:00:00'))).toBe(false);
  });

  it('takes only an end later than the stage end', () => {
    const now = at('1T00:00:00');
    expect(isValidExtensionEnd(steps, 'essaywriting', at('2T00:00:00'), now)).toBe(false);
    expect(isValidExtensionEnd(steps, 'essaywriting', at('2T00:00:01'), now)).toBe(true);
    expect(isValidExtensionEnd(steps, 'revisement', at('9T00:00:00'), now)).toBe(false);
    // A stage without an end (a manual assignment): later than now.
    const manual = stepsOf<Date>([{ model: 'essaywriting', startAt: null, endAt: null }]);
    expect(isValidExtensionEnd(manual, 'essaywriting', now, now)).toBe(false);
    expect(isValidExtensionEnd(manual, 'essaywriting', at('1T00:00:01'), now)).toBe(true);
  });
});

describe('the extension a learner sees beside the schedule', () => {
  const essay = { model: 'essaywriting' as const, endAt: extensionEnd };
  const review = { model: 'peerreview' as const, endAt: at('4T06:00:00') };
  it('names the open extension ending first, current when its stage is the running step', () => {
    // Essay step, before its end: the essay's extension is the current step's.
    expect(openExtension(steps, 0, at('1T12:00:00'), [review, essay])).toEqual({ ...essay, current: true });
    // Peer review running: the essay's extension is still open, not the current step's.
    expect(openExtension(steps, 1, at('3T01:00:00'), [review, essay])).toEqual({ ...essay, current: false });
    // Past the essay's extension (its last second counts): the peer review's, current.
    expect(openExtension(steps, 1, extensionEnd, [review, essay])?.model).toBe('essaywriting');
    expect(openExtension(steps, 1, new Date(extensionEnd.getTime() + 1000), [review, essay])).toEqual({
      ...review,
      current: true,
    });
  });

  it('names none before its stage starts, after completion, or when not later than the stage', () => {
    expect(openExtension(steps, 0, at('1T12:00:00'), [review])).toBeNull();
    expect(openExtension(steps, steps.length, at('3T01:00:00'), [essay])).toBeNull();
    expect(
      openExtension(steps, 0, at('1T12:00:00'), [{ model: 'essaywriting', endAt: at('1T18:00:00') }]),
    ).toBeNull();
    expect(openExtension(steps, 0, at('1T12:00:00'), [])).toBeNull();
  });
});
