import { useEffect } from 'react';

/**
 * The browser tab names the page: "<the page's heading> · <organisation>". Every page has one
 * level-1 heading; the title follows it as pages (and their headings, once loaded) change.
 */
export function usePageTitle(organisation: string | undefined, frame: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `frame` (phone or wide) changes the <main> to watch
  useEffect(() => {
    const main = document.querySelector('main');
    return main ? watchPageTitle(main, organisation) : undefined;
  }, [organisation, frame]);
}

/**
 * Keeps `document.title` on the h1 of `main`; returns the stop. Cheap while the page is used:
 * the page is watched for added and removed nodes only (not for text, so typing an essay costs a
 * glance at the added nodes at most), and only the heading itself for its text.
 */
export function watchPageTitle(main: Element, organisation: string | undefined): () => void {
  let heading: Element | null = null;
  const write = () => {
    const title = [heading?.textContent?.trim(), organisation].filter(Boolean).join(' · ');
    if (title && document.title !== title) document.title = title;
  };
  const headingWatch = new MutationObserver(write);
  const follow = () => {
    const found = main.querySelector('h1');
    if (found !== heading) {
      heading = found;
      headingWatch.disconnect();
      if (heading) headingWatch.observe(heading, { childList: true, subtree: true, characterData: true });
    }
    write();
  };
  /** A heading came (in what was added) or went (no longer in the page). */
  const moved = (records: MutationRecord[]) =>
    (heading !== null && !heading.isConnected) ||
    records.some((r) =>
      Array.from(r.addedNodes).some(
        (n) => n instanceof Element && (n.tagName === 'H1' || n.querySelector('h1') !== null),
      ),
    );
  const pageWatch = new MutationObserver((records) => {
    if (moved(records)) follow();
  });
  follow();
  pageWatch.observe(main, { childList: true, subtree: true });
  return () => {
    pageWatch.disconnect();
    headingWatch.disconnect();
  };
}
