import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerServiceWorker } from './lib/service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

// The style sheets arrive beside the scripts (index.html asks for both) without holding the first
// paint: until they have, index.html shows the app's name.
void import('./lib/styles').then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

registerServiceWorker();
