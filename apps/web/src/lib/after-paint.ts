import { startTransition, useEffect, useState } from 'react';

/**
 * False until the browser has painted the component's first render, then true: a part that only
 * completes the first screen (a chart beside the figures it draws) asks for its code after the
 * page's text has painted, instead of holding that paint on a phone while its library downloads
 * and runs (issue 35). The next frame after a commit paints it, but the screen shows it a little
 * later: a request made in the task right after that frame was seen to end before the paint was
 * shown (Chromium, a local server), so this waits for the frame after it, then a task. What the
 * change brings is rendered as a transition, which React renders in slices of a few milliseconds
 * instead of one long task that would block input.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
