import { lazy, Suspense, useEffect, useState } from 'react';
import type { ShortcutsAsk } from './ShortcutsList';
import { useT } from '../i18n/LangContext';
import './ShortcutsDialog.css';

/** The dialog loads with the first ask: it stays out of the initial bundle. */
const ShortcutsModal = lazy(() =>
  import('./ShortcutsList').then((m) => ({ default: m.ShortcutsModal })),
);

/** The event a "Keyboard shortcuts" button sends; the one dialog of the page listens for it. */
const OPEN_EVENT = 'latency-lab:shortcuts';

/** Where `?` is a character typed, not a command: a text field, a select, an editable element. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !['range', 'checkbox', 'radio', 'button', 'submit', 'reset', 'color', 'file'].includes(
      target.type,
    )
  );
}

/** A small button that opens the shortcuts dialog (the site header has one). */
export function ShortcutsButton() {
  const t = useT();
  return (
    <button
      type="button"
      className="small-button shortcuts-button"
      aria-haspopup="dialog"
      onClick={() => window.dispatchEvent(new Event(OPEN_EVENT))}
      data-testid="shortcuts-button"
    >
      {t('shell.shortcuts')}
    </button>
  );
}

/**
 * The keyboard shortcuts: `?` (unless focus is in a text field) or the button asks for them;
 * the dialog itself (./ShortcutsList.tsx) loads with the first ask, so the initial bundle
 * carries only this listener. Focus goes back where it was when the dialog closes.
 */
export function ShortcutsDialog() {
  const [ask, setAsk] = useState<ShortcutsAsk | null>(null);

  useEffect(() => {
    const open = () =>
      setAsk((a) => ({
        n: (a?.n ?? 0) + 1,
        returnTo: document.activeElement instanceof HTMLElement ? document.activeElement : null,
      }));
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '?' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      if (typingIn(e.target)) return;
      e.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener(OPEN_EVENT, open);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(OPEN_EVENT, open);
    };
  }, []);

  return ask ? (
    <Suspense fallback={null}>
      <ShortcutsModal ask={ask} />
    </Suspense>
  ) : null;
}
