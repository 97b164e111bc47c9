import { describe, expect, it } from 'vitest';
import { listModeSwitches } from './course-mode';

const nobody = { isAssistant: false, isInstructor: false, isInstructorLearner: false };

describe('listModeSwitches', () => {
  it('offers an enrolled assistant assistant mode, and the way back to the learner view', () => {
    expect(listModeSwitches('learner', { ...nobody, isAssistant: true })).toEqual([
      { to: 'assistant', assistantMode: true },
    ]);
    expect(listModeSwitches('assistant', { ...nobody, isAssistant: true })).toEqual([
      { to: 'learner', assistantMode: false },
    ]);
  });

  it('offers the learner view to an instructor who takes part, and back', () => {
    expect(listModeSwitches('instructor', { ...nobody, isInstructorLearner: true })).toEqual([
      { to: 'learner' },
    ]);
    expect(listModeSwitches('learner', { ...nobody, isInstructor: true })).toEqual([{ to: 'instructor' }]);
  });

  it('offers nothing to a plain learner or an instructor who does not take part', () => {
    expect(listModeSwitches('learner', nobody)).toEqual([]);
    expect(listModeSwitches('instructor', { ...nobody, isInstructor: true })).toEqual([]);
  });
});
