import { useEffect, useState } from 'react';

/**
 * False until the browser has painted the component's first render, then true: a part that only
 * completes the first screen (a chart beside the figures it draws) asks for its code after the
 * page's text has painted, instead of holding that paint on a phone while its library downloads
 * and runs (issue 35). The next frame after a commit is the one that paints it; the task after that
 * frame runs once it is on screen.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
