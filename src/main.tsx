import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles.css';

// A code chunk that no longer exists (a new build was deployed while this tab was open, and no
// service worker kept the old one) reloads the page once: the state is in the URL.
// (Not again within 10 s: a chunk still missing after a reload is a broken host, not a deploy.)
const RELOADED_AT = 'latency-lab:reloaded-for-chunk';
window.addEventListener('vite:preloadError', () => {
  if (Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) < 10_000) return;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  location.reload();
});

// Which build this is, for a host checking a deploy (`VITE_BUILD_LABEL=… npm run build`).
if (import.meta.env.VITE_BUILD_LABEL)
  document.documentElement.dataset['build'] = import.meta.env.VITE_BUILD_LABEL;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
// The offline worker and its update prompt: after the first render, in a chunk of their own.
if (import.meta.env.PROD) void import('./serviceWorker').then((m) => m.startServiceWorker());
