import type { QueryClient } from '@tanstack/react-query';

/** What tells that a page has arrived; the browser's in `browserArrival`, fakes in the tests. */
export interface ArrivalSignals {
  /** Whether the page's load event has already fired. */
  loaded(): boolean;
  /** Calls `listener` once, on the load event. */
  onLoad(listener: () => void): void;
  /** Whether the page is still fetching its own data. */
  fetching(): boolean;
  /** Calls `listener` on every change that may end or start fetching, or paint a new largest element. */
  onActivity(listener: () => void): () => void;
  /** Calls `listener` when the browser is next idle. */
  whenIdle(listener: () => void): void;
}

/** A second of quiet (nothing fetching, no new largest paint) counts as arrived. */
export const ARRIVAL_QUIET_MS = 1000;
/** At most this long after the load event, whatever else happens. */
export const ARRIVAL_CAP_MS = 6000;

/**
 * Runs `then` once the page has arrived: after its load event, once no query is fetching (the
 * page's own data) and the page's largest paint has settled (no new candidate for a second, where
 * the browser reports them), when the browser is idle; at most 6 s after the load event. Work that
 * lays out the page (the toasts' container measures itself as it mounts) would otherwise run
 * inside the page's own arrival and delay its content on a phone (issue 35).
 */
export function afterArrival(signals: ArrivalSignals, then: () => void): void {
  const arrived = () => {
    let done = false;
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(quiet);
      clearTimeout(cap);
      stop();
      signals.whenIdle(then);
    };
    const restart = () => {
      clearTimeout(quiet);
      if (!done && !signals.fetching()) quiet = setTimeout(finish, ARRIVAL_QUIET_MS);
    };
    const cap = setTimeout(finish, ARRIVAL_CAP_MS);
    const stop = signals.onActivity(restart);
    restart();
  };
  if (signals.loaded()) arrived();
  else signals.onLoad(arrived);
}

/** The browser's signals: the load event, TanStack Query's fetching, largest-paint entries. */
export function browserArrival(queryClient: QueryClient): ArrivalSignals {
  return {
    loaded: () => document.readyState === 'complete',
    onLoad: (listener) => window.addEventListener('load', listener, { once: true }),
    fetching: () => queryClient.isFetching() > 0,
    onActivity: (listener) => {
      const unsubscribe = queryClient.getQueryCache().subscribe(listener);
      let observer: PerformanceObserver | undefined;
      if (
        typeof PerformanceObserver !== 'undefined' &&
        PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
      ) {
        observer = new PerformanceObserver(listener);
        observer.observe({ type: 'largest-contentful-paint', buffered: true });
      }
      return () => {
        unsubscribe();
        observer?.disconnect();
      };
    },
    whenIdle: (listener) => {
      if ('requestIdleCallback' in window) requestIdleCallback(listener, { timeout: 1000 });
      else setTimeout(listener, 0);
    },
  };
}

/**
 * Shows `show` once the page has arrived, unless a toast appeared since the page loaded: on phones
 * a new toast replaces the one showing, and a notice must never take the place of feedback on what
 * the user did. `toastCount` and `onToastChange` read the toasts' store.
 */
export function noticeAfterArrival(
  signals: ArrivalSignals,
  toasts: { count(): number; onChange(listener: () => void): () => void },
  show: () => void,
): void {
  let toasted = toasts.count() > 0;
  const unsubscribe = toasts.onChange(() => {
    if (toasts.count() > 0) toasted = true;
  });
  afterArrival(signals, () => {
    unsubscribe();
    if (toasted || toasts.count() > 0) return;
    show();
  });
}

/**
 * Calls `hide` on the user's first click or key press in `target` (the window), in the capture
 * phase, so before whatever the click opens; stops listening after `ms` (the notice's own time).
 * A notice shown on arrival then never covers a dialog or a menu the user has just opened.
 */
export function hideOnInteraction(target: EventTarget, hide: () => void, ms: number): void {
  const listening = new AbortController();
  const stop = () => {
    clearTimeout(timer);
    listening.abort();
  };
  const onEvent = () => {
    stop();
    hide();
  };
  const timer = setTimeout(stop, ms);
  for (const name of ['click', 'keydown']) {
    target.addEventListener(name, onEvent, { capture: true, signal: listening.signal });
  }
}
