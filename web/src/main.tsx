import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import '@/index.css';
import { App } from '@/app/app';
import { initI18n } from '@/lib/i18n';
import { registerServiceWorker } from '@/lib/service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

// Render once the user's language has loaded: no flash of English for Burmese
// readers. (A .then, not a top-level await, which would split the entry chunk.)
// As a transition, React renders the first screen in slices that yield to the
// browser every few milliseconds instead of one long task (Lighthouse's total
// blocking time on a 4x slower phone CPU).
void initI18n().then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);

// Production builds only: the dev server has no sw.js. Waits for load and idle.
if (import.meta.env.PROD) registerServiceWorker();
