import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { embedBaseUrl, framedByOtherOrigin, isEmbedHash, pageEntry } from './state/entry';
import { currentHash } from './state/location';
import { FramedNotice } from './views/FramedNotice';
import { hasCatalogue, loadCatalogue } from './i18n/catalog';
import { langForHash } from './i18n/pageLang';
import { LangProvider } from './i18n/LangProvider';
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
const entry = pageEntry();
// The hash as the router reads it (src/state/location.ts): `location.hash` copies the link
// on every read, and a link may be 1 MB (issue 37).
const hash = currentHash();
if (entry === 'app' && isEmbedHash(hash)) {
  // An embed link from before the embed entry (`…/#/<model>?…&view=embed`): the same hash on
  // the embed entry, replacing this history entry (framed, where no header refused it, too).
  location.replace(`${embedBaseUrl()}${hash}`);
} else if (entry === 'app' && framedByOtherOrigin()) {
  createRoot(root).render(
    <LangProvider lang={langForHash(hash)}>
      <FramedNotice href={location.href} />
    </LangProvider>,
  );
} else {
  // A page in Spanish waits for its catalogue (a chunk of its own) rather than flash English.
  const lang = langForHash(hash);
  if (hasCatalogue(lang)) start(root, entry);
  else
    void loadCatalogue(lang).then(
      () => start(root, entry),
      () => start(root, entry),
    );
}

function start(root: HTMLElement, entry: ReturnType<typeof pageEntry>) {
  createRoot(root).render(
    <StrictMode>
      <App entry={entry} />
    </StrictMode>,
  );
  // The offline worker and its update prompt: after the first render, in a chunk of their own.
  // Only the full app registers it (from embed/ its relative URL would miss); its scope, the
  // app's folder, covers embed/ too, and a frame on another site has storage of its own.
  if (import.meta.env.PROD && entry === 'app')
    void import('./serviceWorker').then((m) => m.startServiceWorker());
}
