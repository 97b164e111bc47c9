// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, readDraft, remindOnce, textDelta, writeDraft, zoomWidth } from './work-draft';

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

describe('work drafts kept in the browser', () => {
  it('keeps unsaved text per performance until cleared', () => {
    writeDraft(7, { delta: textDelta('초고'), text: '초고\n', version: 2, at: 1 });
    expect(readDraft(7)).toMatchObject({
      text: '초고\n',
      version: 2,
      delta: { ops: [{ insert: '초고\n' }] },
    });
    expect(readDraft(8)).toBeNull();
    clearDraft(7);
    expect(readDraft(7)).toBeNull();
  });

  it('ignores a broken stored draft', () => {
    localStorage.setItem('pw.work-draft.3', '{not json');
    expect(readDraft(3)).toBeNull();
    localStorage.setItem('pw.work-draft.4', JSON.stringify({ text: 1 }));
    expect(readDraft(4)).toBeNull();
  });
});

describe('the question reminder', () => {
  it('shows one second later, once per page address', () => {
    vi.useFakeTimers();
    const show = vi.fn();
    remindOnce('/courses/1/learner/assignments/2/performances/ES', show);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(999);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledTimes(1);
    remindOnce('/courses/1/learner/assignments/2/performances/ES', show);
    vi.advanceTimersByTime(2000);
    expect(show).toHaveBeenCalledTimes(1);
    remindOnce('/courses/1/learner/assignments/3/performances/ES', show);
    vi.advanceTimersByTime(1000);
    expect(show).toHaveBeenCalledTimes(2);
  });
});

describe('editor zoom', () => {
  it('is 100 − 12.5 × (2 − level) percent, clamped to 0..2', () => {
    expect([0, 1, 2].map(zoomWidth)).toEqual([75, 87.5, 100]);
    expect(zoomWidth(-1)).toBe(75);
    expect(zoomWidth(5)).toBe(100);
  });
});
