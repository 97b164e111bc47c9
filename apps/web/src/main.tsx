// First: zod's settings must be in place before any schema is built.
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { i18nReady } from './lib/i18n';

const root = document.getElementById('root');
// Korean's texts are in the first script; English's arrive first when it was chosen.
void i18nReady.then(() => {
  if (root) {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
});
