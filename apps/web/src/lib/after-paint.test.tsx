// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterFirstPaint } from './after-paint';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Part({ seen }: { seen: boolean[] }) {
  seen.push(useAfterFirstPaint());
  return null;
}

describe('useAfterFirstPaint', () => {
  it('is false through the first render and the next two frames, and true in the task after them', async () => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'],
    });
    const seen: boolean[] = [];
    render(<Part seen={seen} />);
    expect(seen).toEqual([false]);
    // The frame that paints the first render, and the one after it: still false within them.
    await act(async () => {
      vi.advanceTimersToNextFrame();
    });
    expect(seen.at(-1)).toBe(false);
    await act(async () => {
      vi.advanceTimersToNextFrame();
    });
    expect(seen.at(-1)).toBe(false);
    // The task after it: the part may now ask for its code.
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(seen.at(-1)).toBe(true);
  });
});
