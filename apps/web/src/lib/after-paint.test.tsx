// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LARGEST_PAINT_WAIT_MS, useAfterFirstPaint } from './after-paint';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Part({ seen }: { seen: boolean[] }) {
  seen.push(useAfterFirstPaint());
  return null;
}

const fakeTimers = () =>
  vi.useFakeTimers({
    toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout', 'performance'],
  });

/** A browser that reports largest paints (Chromium): the test hands the entries to the page. */
function reportingLargestPaints() {
  let report: ((entries: { startTime: number }[]) => void) | undefined;
  class FakeObserver {
    static supportedEntryTypes = ['largest-contentful-paint'];
    constructor(private callback: (list: { getEntries(): { startTime: number }[] }) => void) {}
    observe() {
      report = (entries) => this.callback({ getEntries: () => entries });
    }
    disconnect() {
      report = undefined;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return (startTime: number) => report?.([{ startTime }]);
}

describe('useAfterFirstPaint', () => {
  it('without largest-paint reports: false through the first render and the next two frames, true in the task after them', async () => {
    fakeTimers();
    const seen: boolean[] = [];
    render(<Part seen={seen} />);
    expect(seen).toEqual([false]);
    for (let frame = 0; frame < 2; frame++) {
      await act(async () => {
        vi.advanceTimersToNextFrame();
      });
      expect(seen.at(-1)).toBe(false);
    }
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(seen.at(-1)).toBe(true);
  });

  it('with them: waits for a largest paint after its render, not an earlier one, then turns true', async () => {
    fakeTimers();
    const paint = reportingLargestPaints();
    vi.advanceTimersByTime(100);
    const seen: boolean[] = [];
    render(<Part seen={seen} />);
    // A paint from before the render (the boot screen's) does not count, nor do frames.
    await act(async () => {
      paint(50);
      vi.advanceTimersToNextFrame();
      vi.advanceTimersToNextFrame();
      vi.advanceTimersByTime(20);
    });
    expect(seen.at(-1)).toBe(false);
    await act(async () => {
      paint(performance.now());
      vi.advanceTimersByTime(1);
    });
    expect(seen.at(-1)).toBe(true);
  });

  it('with them, after the first input (which ends them): the two frames, not the limit', async () => {
    fakeTimers();
    reportingLargestPaints();
    const entries = vi
      .spyOn(performance, 'getEntriesByType')
      .mockImplementation((type) => (type === 'first-input' ? [{} as PerformanceEntry] : []));
    const seen: boolean[] = [];
    render(<Part seen={seen} />);
    await act(async () => {
      vi.advanceTimersToNextFrame();
      vi.advanceTimersToNextFrame();
      vi.advanceTimersByTime(1);
    });
    expect(seen.at(-1)).toBe(true);
    entries.mockRestore();
  });

  it(`with them but none after its render: true after ${LARGEST_PAINT_WAIT_MS} ms`, async () => {
    fakeTimers();
    reportingLargestPaints();
    const seen: boolean[] = [];
    render(<Part seen={seen} />);
    await act(async () => {
      vi.advanceTimersByTime(LARGEST_PAINT_WAIT_MS - 10);
    });
    expect(seen.at(-1)).toBe(false);
    await act(async () => {
      vi.advanceTimersByTime(20);
    });
    expect(seen.at(-1)).toBe(true);
  });
});
