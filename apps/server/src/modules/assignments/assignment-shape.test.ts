import { describe, expect, it } from 'vitest';
import { type AssignmentRow, type StageRow, shapeOf, stageRowsOf, withRow } from './assignment-shape';

const at = (day: number) => new Date(Date.UTC(2030, 0, day));

function row(stepIndex: number): AssignmentRow {
  return {
    id: 7,
    courseId: 3,
    name: '과제',
    description: '설명',
    isAutoSchedule: false,
    isDirectlyStarting: false,
    isContinueFromPreviousStep: false,
    isPublic: true,
    stepIndex,
    nextTransitionAt: null,
    createdAt: at(1),
    updatedAt: at(1),
  } as AssignmentRow;
}

function stage(
  id: number,
  position: number,
  model: StageRow['model'],
  settings: Record<string, unknown>,
): StageRow {
  return {
    id,
    assignmentId: 7,
    position,
    model,
    startAt: at(position + 2),
    endAt: at(position + 3),
    settings,
  };
}

/** Essay, questions, peer review, feedback with revision: as the editor stores them. */
const full = [
  stage(11, 0, 'essaywriting', { limit_type: 'W', max_length: 800, max_writing_score: 60 }),
  stage(12, 1, 'questionwriting', { quizs: [{ quiz: '무엇을 배웠나?' }] }),
  stage(13, 2, 'peerreview', {
    peer_count: 4,
    max_review_score: 10,
    max_metacognition_score: 10,
    standards: [{ question: '논지가 분명한가?', max_point: 5 }],
  }),
  stage(14, 3, 'feedbackreview', { max_review_score: 10, max_point: 7 }),
  stage(15, 4, 'revisement', { max_revisement_score: 10 }),
];

describe('shapeOf', () => {
  it('types each stage by its model, in position order whatever the order of the rows', () => {
    const shape = shapeOf(row(0), [...full].reverse());
    expect(shape.stages.map((s) => s.model)).toEqual([
      'essaywriting',
      'questionwriting',
      'peerreview',
      'feedbackreview',
      'revisement',
    ]);
    expect(shape.stage('essaywriting')?.settings).toEqual({
      limit_type: 'W',
      max_length: 800,
      max_writing_score: 60,
    });
    expect(shape.stage('questionwriting')?.settings.quizs).toEqual([{ quiz: '무엇을 배웠나?' }]);
    expect(shape.stage('feedbackreview')?.settings.max_point).toBe(7);
    expect(shape.stage('adjustment')).toBeUndefined();
    expect(shape.stage('peerreview')?.id).toBe(13);
    // The stored settings stay as they were (the API shows them).
    expect(shape.stages[1]?.stored).toBe(full[1]?.settings);
    expect(stageRowsOf(shape)).toEqual(full);
  });

  it('gives the peer count, the rubric and every score maximum', () => {
    const shape = shapeOf(row(0), full);
    expect(shape.peerCount).toBe(4);
    expect(shape.standards).toEqual([{ question: '논지가 분명한가?', max_point: 5 }]);
    expect(shape.maxima).toEqual({ ES: 60, PE: 10, ME: 10, FE: 10, RE: 10 });
  });

  it('fills a hand-written row with missing settings with the defaults (peer count 3, maxima 0)', () => {
    const shape = shapeOf(row(0), [stage(21, 0, 'essaywriting', {}), stage(22, 1, 'peerreview', {})]);
    expect(shape.stage('essaywriting')?.settings).toEqual({
      limit_type: 'L',
      max_length: 2500,
      max_writing_score: 0,
    });
    expect(shape.peerCount).toBe(3);
    expect(shape.standards).toEqual([]);
    expect(shape.maxima).toEqual({ ES: 0, PE: 0, ME: 0, FE: 0, RE: 0 });
    // Without a peer stage at all: the default count, no rubric.
    const essayOnly = shapeOf(row(0), [stage(21, 0, 'essaywriting', {})]);
    expect(essayOnly.peerCount).toBe(3);
    expect(essayOnly.standards).toEqual([]);
  });

  it('knows the position: code, completion, the open step, the started models', () => {
    const steps = shapeOf(row(-1), full).steps;
    // Questions run with the essay, revision with feedback: three steps.
    expect(steps.map((s) => s.models)).toEqual([
      ['essaywriting', 'questionwriting'],
      ['peerreview'],
      ['feedbackreview', 'revisement'],
    ]);
    const before = shapeOf(row(-1), full);
    expect(before.code).toBe('PR');
    expect(before.isComplete).toBe(false);
    expect(before.isOpen('essaywriting')).toBe(false);
    expect([...before.startedModels]).toEqual([]);

    const writing = shapeOf(row(0), full);
    expect(writing.code).toBe(steps[0]?.code);
    expect(writing.isOpen('questionwriting')).toBe(true);
    expect(writing.isOpen('peerreview')).toBe(false);
    expect(writing.stepOf('revisement')).toBe(2);
    expect([...writing.startedModels]).toEqual(['essaywriting', 'questionwriting']);

    const done = shapeOf(row(3), full);
    expect(done.code).toBe('CO');
    expect(done.isComplete).toBe(true);
    expect(done.isOpen('feedbackreview')).toBe(false);
  });

  it('moves with its row: withRow keeps the stages and reads the new position', () => {
    const moved = withRow(shapeOf(row(0), full), { stepIndex: 1, updatedAt: at(9) });
    expect(moved.stepIndex).toBe(1);
    expect(moved.row.updatedAt).toEqual(at(9));
    expect(moved.isOpen('peerreview')).toBe(true);
    expect(stageRowsOf(moved)).toEqual(full);
  });

  it('takes a row of only the columns a query selected', () => {
    const shape = shapeOf({ id: 7, stepIndex: 1, isPublic: false }, full);
    expect(shape.row.isPublic).toBe(false);
    expect(shape.isOpen('peerreview')).toBe(true);
  });
});
