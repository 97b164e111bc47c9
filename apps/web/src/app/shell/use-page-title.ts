import { useEffect } from 'react';

/**
 * The browser tab names the page: "<the page's heading> · <organisation>". Every page has one
 * level-1 heading; the title follows it as pages (and their headings, once loaded) change.
 */
export function usePageTitle(organisation: string | undefined, frame: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `frame` names the layout (phone or wide); a new one renders a new <main> to watch.
  useEffect(() => {
    const main = document.querySelector('main');
    if (!main) return;
    const update = () => {
      const heading = main.querySelector('h1')?.textContent?.trim();
      const title = [heading, organisation].filter(Boolean).join(' · ');
      if (title && document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [organisation, frame]);
}
