import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ARRIVAL_CAP_MS,
  ARRIVAL_QUIET_MS,
  type ArrivalSignals,
  afterArrival,
  hideOnInteraction,
  noticeAfterArrival,
} from './after-arrival';

/** A page whose load, fetching and activity the test drives; idle comes at once. */
function fakePage(loaded = false) {
  const state = { loaded, fetching: false, listeners: new Set<() => void>(), onLoad: [] as (() => void)[] };
  const signals: ArrivalSignals = {
    loaded: () => state.loaded,
    onLoad: (listener) => state.onLoad.push(listener),
    fetching: () => state.fetching,
    onActivity: (listener) => {
      state.listeners.add(listener);
      return () => state.listeners.delete(listener);
    },
    whenIdle: (listener) => listener(),
  };
  return {
    signals,
    load() {
      state.loaded = true;
      for (const listener of state.onLoad.splice(0)) listener();
    },
    fetch(on: boolean) {
      state.fetching = on;
      for (const listener of [...state.listeners]) listener();
    },
    paint() {
      for (const listener of [...state.listeners]) listener();
    },
    listening: () => state.listeners.size,
  };
}

/** A toasts' store with a count and change listeners. */
function fakeToasts() {
  let count = 0;
  const listeners = new Set<() => void>();
  return {
    count: () => count,
    onChange: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(n: number) {
      count = n;
      for (const listener of [...listeners]) listener();
    },
    listening: () => listeners.size,
  };
}

describe('afterArrival', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the load event, then a quiet second', () => {
    const page = fakePage();
    const then = vi.fn();
    afterArrival(page.signals, then);
    vi.advanceTimersByTime(10_000);
    expect(then).not.toHaveBeenCalled();
    page.load();
    vi.advanceTimersByTime(ARRIVAL_QUIET_MS - 1);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledTimes(1);
    expect(page.listening()).toBe(0);
  });

  it('waits while the page fetches its data and restarts the quiet second on a new largest paint', () => {
    const page = fakePage(true);
    const then = vi.fn();
    page.fetch(true);
    afterArrival(page.signals, then);
    vi.advanceTimersByTime(3000);
    expect(then).not.toHaveBeenCalled();
    page.fetch(false);
    vi.advanceTimersByTime(800);
    page.paint();
    vi.advanceTimersByTime(800);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('runs at most six seconds after the load event, once, even if the page never settles', () => {
    const page = fakePage(true);
    const then = vi.fn();
    page.fetch(true);
    afterArrival(page.signals, then);
    vi.advanceTimersByTime(ARRIVAL_CAP_MS - 1);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledTimes(1);
    page.fetch(false);
    vi.advanceTimersByTime(10_000);
    expect(then).toHaveBeenCalledTimes(1);
  });
});

describe('noticeAfterArrival', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the notice once the page has arrived when no toast appeared', () => {
    const page = fakePage(true);
    const toasts = fakeToasts();
    const show = vi.fn();
    noticeAfterArrival(page.signals, toasts, show);
    vi.advanceTimersByTime(ARRIVAL_QUIET_MS);
    expect(show).toHaveBeenCalledTimes(1);
    expect(toasts.listening()).toBe(0);
  });

  it('never shows it once a toast has appeared since the page loaded, even if it is gone again', () => {
    const page = fakePage(true);
    const toasts = fakeToasts();
    const show = vi.fn();
    noticeAfterArrival(page.signals, toasts, show);
    toasts.set(1); // "The review has been submitted"
    toasts.set(0);
    vi.advanceTimersByTime(ARRIVAL_CAP_MS);
    expect(show).not.toHaveBeenCalled();
    expect(toasts.listening()).toBe(0);
  });

  it('never shows it when a toast is showing already', () => {
    const page = fakePage(true);
    const toasts = fakeToasts();
    toasts.set(1);
    const show = vi.fn();
    noticeAfterArrival(page.signals, toasts, show);
    vi.advanceTimersByTime(ARRIVAL_CAP_MS);
    expect(show).not.toHaveBeenCalled();
  });
});

describe('hideOnInteraction', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each(['click', 'keydown'])('hides on the first %s, once', (name) => {
    const target = new EventTarget();
    const hide = vi.fn();
    hideOnInteraction(target, hide, 4000);
    target.dispatchEvent(new Event(name));
    target.dispatchEvent(new Event('click'));
    target.dispatchEvent(new Event('keydown'));
    expect(hide).toHaveBeenCalledTimes(1);
  });

  it('stops listening when the notice has gone by itself', () => {
    const target = new EventTarget();
    const hide = vi.fn();
    hideOnInteraction(target, hide, 4000);
    vi.advanceTimersByTime(4000);
    target.dispatchEvent(new Event('click'));
    expect(hide).not.toHaveBeenCalled();
  });
});
