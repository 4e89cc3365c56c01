import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { embedBaseUrl, framedByOtherOrigin, isEmbedHash, pageEntry } from './state/entry';
import { currentHash } from './state/location';
import { LINK_WORKER_CHARS, readLongLinkFirst } from './state/linkParse';
import { FramedNotice } from './views/FramedNotice';
import { hasCatalogue, loadCatalogue, message } from './i18n/catalog';
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
  const waits: Promise<unknown>[] = [];
  if (!hasCatalogue(lang)) waits.push(loadCatalogue(lang));
  // A long link (up to 1 MB, issue 37): the link worker starts reading it now, before React,
  // and the page first renders once the address is its short link. Until then one line says
  // so, written here (a render of the whole page for it, and another one after, were two long
  // tasks of the main thread).
  const long = hash.length > LINK_WORKER_CHARS;
  if (long) {
    const chars = hash.length;
    // In a task of its own, after this one (the app's start-up): the worker's start and the
    // post of the megabyte to it, about 10 ms, are not added to the longest task.
    waits.push(
      new Promise<void>((resolve) => setTimeout(() => void readLongLinkFirst(hash).then(resolve))),
    );
    const say = () => {
      if (root.hasChildNodes()) return;
      const main = document.createElement('main');
      main.id = 'main';
      main.setAttribute('aria-busy', 'true');
      main.dataset['testid'] = 'link-reading';
      const p = document.createElement('p');
      p.setAttribute('role', 'status');
      p.textContent = message(lang, 'shell.readingLink', { chars });
      main.append(p);
      root.append(main);
    };
    if (hasCatalogue(lang)) say();
    else void loadCatalogue(lang).then(say, () => undefined);
  }
  if (waits.length === 0) start(root, entry);
  else void Promise.allSettled(waits).then(() => start(root, entry, long));
}

function start(root: HTMLElement, entry: ReturnType<typeof pageEntry>, sliced = false) {
  const app = (
    <StrictMode>
      <App entry={entry} />
    </StrictMode>
  );
  // After a long link, the page's first render is a transition: React renders it in slices,
  // yielding to the browser between them, rather than in one task (issue 37).
  const reactRoot = createRoot(root);
  if (sliced) startTransition(() => reactRoot.render(app));
  else reactRoot.render(app);
  // The offline worker and its update prompt: after the first render, in a chunk of their own.
  // Only the full app registers it (from embed/ its relative URL would miss); its scope, the
  // app's folder, covers embed/ too, and a frame on another site has storage of its own.
  if (import.meta.env.PROD && entry === 'app')
    void import('./serviceWorker').then((m) => m.startServiceWorker());
}
