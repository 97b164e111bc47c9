import { startTransition, useEffect, useState } from 'react';

/** At most this long for the browser to report the page's largest paint after the first render. */
export const LARGEST_PAINT_WAIT_MS = 500;

/**
 * False until the browser has shown the component's first render, then true: a part that only
 * completes the first screen (a chart beside the figures it draws, the sections below the fold)
 * asks for its code and renders after the page's text is on screen, instead of holding that paint
 * on a phone while its library downloads and runs (issue 35). What the change brings is rendered as
 * a transition, which React renders in slices of a few milliseconds, not one long task.
 *
 * "Shown" is when the browser reports a largest paint after this render (Chromium), or after
 * LARGEST_PAINT_WAIT_MS if none comes; frames alone are not enough: a request made two frames after
 * the commit was seen to end before Chromium reported the paint. The browser reports largest paints
 * only until the user's first input, so once the user has clicked or typed (the component opened
 * from a tab or a link inside the app), and where the browser reports none at all: the frame after
 * the painting frame, then a task (otherwise the rest would wait out the whole limit).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  const [renderedAt] = useState(() => performance.now());
  useEffect(() => {
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame: number | undefined;
    let observer: PerformanceObserver | undefined;
    const finish = () => {
      if (done) return;
      done = true;
      observer?.disconnect();
      clearTimeout(timer);
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    };
    const reported =
      PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint') &&
      performance.getEntriesByType('first-input').length === 0;
    if (reported) {
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => entry.startTime >= renderedAt)) finish();
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
      timer = setTimeout(finish, LARGEST_PAINT_WAIT_MS);
    } else {
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(finish);
      });
    }
    return () => {
      done = true;
      observer?.disconnect();
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [renderedAt]);
  return painted;
}
