// First: zod's settings must be in place before any schema is built.
import './lib/zod-jitless';
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { i18nReady } from './lib/i18n';

const root = document.getElementById('root');

/** Removes index.html's boot screen in the same frame as the app's first screen appears. */
function BootScreenGone() {
  useLayoutEffect(() => document.getElementById('pw-boot')?.remove(), []);
  return null;
}
// Korean's texts are in the first script; English's arrive first when it was chosen.
// The first render is a transition: React renders in slices of a few milliseconds and lets the
// browser paint and answer input between them, instead of one long task on a slow phone (issue 35).
void i18nReady.then(() => {
  if (root) {
    const reactRoot = createRoot(root);
    startTransition(() =>
      reactRoot.render(
        <StrictMode>
          <BootScreenGone />
          <App />
        </StrictMode>,
      ),
    );
  }
});
