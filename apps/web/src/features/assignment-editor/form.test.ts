import { describe, expect, it } from 'vitest';
import {
  type AssignmentFormValues,
  emptyFormValues,
  formTotal,
  formValuesOf,
  fromLocalInput,
  rescoredForToggle,
  scheduleErrors,
  toLocalInput,
  toProgresses,
  validateForm,
} from './form';

const now = new Date(2030, 0, 10, 12, 0, 30);
const ctx = { now, startedSteps: 0, startsNow: false };

function filled(): AssignmentFormValues {
  const v = emptyFormValues();
  v.name = '과제';
  v.description = '설명';
  v.peer.standards = [{ question: '주장이 분명한가?', max_point: 6 }];
  return v;
}

describe('assignment form', () => {
  it('sends calibration examples by the rubric, validates them, and reads them back', () => {
    const v = filled();
    expect(v.peer.calibration).toEqual([]);
    v.peer.calibration = [{ title: '', text: '예시 글', points: [''], explanations: ['설명'] }];
    // The instructor's point is missing: the contract's message at the example's points.
    expect(validateForm(v, ctx)['peer.calibration.0.points.0']).toBe('validation.calibration_point');
    v.peer.calibration[0]!.points = [7];
    expect(validateForm(v, ctx)['peer.calibration.0.points']).toBe('validation.calibration_point');
    v.peer.calibration[0]!.points = [5];
    expect(validateForm(v, ctx)).toEqual({});
    const progresses = toProgresses(v, ctx);
    const peer = progresses.find((p) => p.model === 'peerreview')?.stage_object as Record<string, unknown>;
    expect(peer.calibration).toEqual([{ title: '', text: '예시 글', points: [5], explanations: ['설명'] }]);
    const stored = { name: '과제', description: '설명', progresses } as unknown as Parameters<
      typeof formValuesOf
    >[0];
    expect(formValuesOf(stored).peer.calibration).toEqual([
      { title: '', text: '예시 글', points: [5], explanations: ['설명'] },
    ]);
  });

  it('starts with the defaults of part 2 §9 and a total of 100', () => {
    const v = emptyFormValues();
    expect(v.essay).toMatchObject({ limit_type: 'L', max_length: 2500, max_writing_score: 70 });
    expect(v.peer).toMatchObject({ peer_count: 3, max_review_score: 15, max_metacognition_score: 15 });
    expect(v.peer.standards).toEqual([{ question: '', max_point: 6 }]);
    expect(v.is_public).toBe(true);
    expect(formTotal(v)).toBe(100);
  });

  it('sends whether learners without an essay review (off by default) and reads it back', () => {
    const v = filled();
    expect(v.peer.non_writers_review).toBe(false);
    const peerOf = (x: AssignmentFormValues) =>
      toProgresses(x, ctx).find((p) => p.model === 'peerreview')?.stage_object as Record<string, unknown>;
    expect(peerOf(v).non_writers_review).toBe(false);
    v.peer.non_writers_review = true;
    const progresses = toProgresses(v, ctx);
    expect(peerOf(v).non_writers_review).toBe(true);
    const stored = { name: '과제', description: '설명', progresses } as unknown as Parameters<
      typeof formValuesOf
    >[0];
    expect(formValuesOf(stored).peer.non_writers_review).toBe(true);
  });

  it('a valid manual assignment has no errors', () => {
    expect(validateForm(filled(), ctx)).toEqual({});
  });

  it('checks names, stage settings and scores with the contract rules', () => {
    const v = filled();
    v.name = 'x'.repeat(51);
    v.description = ' ';
    v.essay.max_length = 20001;
    v.essay.max_writing_score = '';
    v.peer.peer_count = 7;
    v.peer.standards = [{ question: '', max_point: 2 }];
    v.feedback.enabled = true;
    v.feedback.max_point = 11;
    v.question.enabled = true;
    v.question.quizs = [{ quiz: 'q'.repeat(101) }];
    const errors = validateForm(v, ctx);
    expect(errors).toMatchObject({
      name: 'validation.too_long|50',
      description: 'validation.required',
      'essay.max_length': 'validation.essay_length',
      'essay.max_writing_score': 'validation.score_range',
      'peer.peer_count': 'validation.peer_count',
      'peer.standards.0.question': 'validation.required',
      'peer.standards.0.max_point': 'validation.standard_point',
      'feedback.max_point': 'validation.feedback_point',
      'question.quizs.0.quiz': 'validation.too_long|100',
    });
  });

  it('counts only the stages in use in the total', () => {
    const v = filled();
    v.feedback.max_review_score = 10;
    v.revisement.max_revisement_score = 10;
    expect(formTotal(v)).toBe(100);
    v.feedback.enabled = true;
    expect(formTotal(v)).toBe(110);
    v.revisement.enabled = true;
    expect(formTotal(v)).toBe(120);
  });

  it('moves default scores to the next default split when stages are switched', () => {
    const v = filled();
    expect(rescoredForToggle(v, { feedback: true, revisement: false })).toEqual({
      writing: 70,
      review: 10,
      metacognition: 10,
      feedback: 10,
      revisement: 0,
    });
    v.essay.max_writing_score = 60;
    expect(rescoredForToggle(v, { feedback: true, revisement: false })).toBeNull();
  });
});

describe('schedule', () => {
  const at = (d: number, h: number, m = 0) =>
    `2030-01-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;

  it('starts at second 0 and ends at second 59', () => {
    expect(fromLocalInput(at(11, 9), 'start')?.getSeconds()).toBe(0);
    expect(fromLocalInput(at(11, 9), 'end')?.getSeconds()).toBe(59);
    expect(fromLocalInput('', 'end')).toBeNull();
    expect(toLocalInput(fromLocalInput(at(11, 9, 30), 'start')?.toISOString())).toBe(at(11, 9, 30));
  });

  it('needs every date when auto-scheduled, none when manual', () => {
    const v = filled();
    expect(scheduleErrors(v, ctx)).toEqual({});
    v.is_auto_schedule = true;
    expect(scheduleErrors(v, ctx)).toEqual({
      'essay.start': 'validation.schedule_dates_required',
      'essay.end': 'validation.schedule_dates_required',
      'peer.start': 'validation.schedule_dates_required',
      'peer.end': 'validation.schedule_dates_required',
    });
  });

  it('refuses the past, ends before starts and overlaps with the previous stage', () => {
    const v = filled();
    v.essay.start = at(9, 9);
    v.essay.end = at(11, 9);
    v.peer.start = at(11, 8);
    v.peer.end = at(11, 7);
    expect(scheduleErrors(v, ctx)).toEqual({
      'essay.start': 'validation.schedule_in_past',
      'peer.start': 'validation.schedule_start_before_previous_end',
      'peer.end': 'validation.schedule_end_before_start',
    });
  });

  it('lets started steps keep a past start but not a past end for the running one', () => {
    const v = filled();
    v.essay.start = at(9, 9);
    v.essay.end = at(10, 11);
    expect(scheduleErrors(v, { ...ctx, startedSteps: 1 })).toEqual({
      'essay.end': 'validation.schedule_in_past',
    });
  });

  it('chains starts to the previous end when continuing from the previous step', () => {
    const v = filled();
    v.is_continue_from_previous_step = true;
    v.essay.start = at(11, 9);
    v.essay.end = at(12, 18);
    v.peer.end = at(14, 18);
    const progresses = toProgresses(v, ctx);
    expect(progresses.map((p) => p.model)).toEqual(['essaywriting', 'peerreview']);
    expect(new Date(progresses[1]?.start_date as string).getTime()).toBe(
      (fromLocalInput(at(12, 18), 'end')?.getTime() ?? 0) + 1000,
    );
    expect(scheduleErrors(v, ctx)).toEqual({});
  });

  it('sends companions with their host dates and leaves the first start to the server when starting now', () => {
    const v = filled();
    v.question.enabled = true;
    v.question.quizs = [{ quiz: '무엇을 묻고 싶나요?' }];
    v.feedback.enabled = true;
    v.revisement.enabled = true;
    v.essay.end = at(12, 18);
    v.feedback.start = at(20, 9);
    v.feedback.end = at(21, 18);
    const progresses = toProgresses(v, { ...ctx, startsNow: true });
    expect(progresses.map((p) => p.model)).toEqual([
      'essaywriting',
      'questionwriting',
      'peerreview',
      'feedbackreview',
      'revisement',
    ]);
    expect(progresses[0]?.start_date).toBeNull();
    expect(progresses[1]?.end_date).toBe(progresses[0]?.end_date);
    expect(progresses[4]?.start_date).toBe(progresses[3]?.start_date);
  });
});
