import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { registerServiceWorker } from './lib/service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

// The style sheets arrive beside the scripts (index.html asks for both) without holding the first
// paint: until they have, index.html shows the app's name (or the office's frame, lib/app-shell.ts).
// Then three tasks rather than one: the modules' evaluation, the router (which starts the first
// page's loaders and code), and React's first render. On a phone each takes 100 ms or more, and one
// task of their sum held the main thread for a third of a second.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
void import('./lib/styles').then(async () => {
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  createRoot(root).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
});

registerServiceWorker();
