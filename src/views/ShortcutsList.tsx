import '../i18n/pageMessages';
import { useEffect, useRef } from 'react';
import { BOARD_KEYS } from './class/boardKeys';
import { useT } from '../i18n/LangContext';
import type { MessageId } from '../i18n/catalog';

interface Shortcut {
  keys: string[][];
  what: MessageId;
}

/** The board's keys (./class/boardKeys.ts), in its order, each with its message. */
const BOARD_WHAT: MessageId[] = [
  'shortcuts.board.next',
  'shortcuts.board.previous',
  'shortcuts.board.reveal',
  'shortcuts.board.lock',
  'shortcuts.board.pause',
  'shortcuts.board.projectorOn',
  'shortcuts.board.projectorOff',
];

/**
 * Every shortcut the app has, where it works. Kept truthful by hand: each names the code that
 * handles it (useUndoKeys in state/scenarioActions.ts, LessonStep, TracePanel, Controls, Term,
 * the browser's own range input), and tests/e2e/projector.test.ts presses some of them.
 */
export const SECTIONS: { title: MessageId; note?: MessageId; items: Shortcut[] }[] = [
  {
    title: 'shortcuts.anywhere',
    items: [
      { keys: [['?']], what: 'shortcuts.showList' },
      { keys: [['Esc']], what: 'shortcuts.closeList' },
      { keys: [['Tab'], ['Shift', 'Tab']], what: 'shortcuts.tab' },
    ],
  },
  {
    title: 'shortcuts.modelPage',
    note: 'shortcuts.notTyping',
    items: [
      {
        keys: [
          ['Ctrl', 'Z'],
          ['⌘', 'Z'],
        ],
        what: 'shortcuts.undo',
      },
      {
        keys: [
          ['Ctrl', 'Y'],
          ['Ctrl', 'Shift', 'Z'],
          ['⇧', '⌘', 'Z'],
        ],
        what: 'shortcuts.redo',
      },
    ],
  },
  {
    title: 'shortcuts.slider',
    items: [
      { keys: [['←'], ['↓']], what: 'shortcuts.stepDown' },
      { keys: [['→'], ['↑']], what: 'shortcuts.stepUp' },
      { keys: [['Page Down'], ['Page Up']], what: 'shortcuts.pageStep' },
      { keys: [['Home'], ['End']], what: 'shortcuts.ends' },
    ],
  },
  {
    title: 'shortcuts.box',
    items: [
      { keys: [['Enter']], what: 'shortcuts.apply' },
      { keys: [['Esc']], what: 'shortcuts.drop' },
    ],
  },
  {
    title: 'shortcuts.lesson',
    items: [
      { keys: [['→'], ['Page Down']], what: 'shortcuts.nextStep' },
      { keys: [['←'], ['Page Up']], what: 'shortcuts.previousStep' },
      { keys: [['R']], what: 'shortcuts.reveal' },
    ],
  },
  {
    title: 'shortcuts.board',
    note: 'shortcuts.boardNote',
    items: BOARD_KEYS.map((k, i) => ({ keys: k.keys, what: BOARD_WHAT[i]! })),
  },
  {
    title: 'shortcuts.trace',
    items: [
      { keys: [['→'], ['↓']], what: 'shortcuts.nextRef' },
      { keys: [['←'], ['↑']], what: 'shortcuts.previousRef' },
      { keys: [['Home'], ['End']], what: 'shortcuts.endsRef' },
    ],
  },
];

/** Keys with a name in the page's language (the others are symbols or letters). */
const KEY_NAMES: Record<string, MessageId> = {
  'Page Down': 'keys.pageDown',
  'Page Up': 'keys.pageUp',
  Home: 'keys.home',
  End: 'keys.end',
  Enter: 'keys.enter',
  Space: 'keys.space',
};

/** Each ask to show the shortcuts: a count (so a second ask opens it again) and where focus was. */
export interface ShortcutsAsk {
  n: number;
  returnTo: HTMLElement | null;
}

/**
 * The keyboard shortcuts in a modal `<dialog>`, opened at each ask; Escape or Close closes
 * it, and focus goes back where it was.
 */
export function ShortcutsModal({ ask }: { ask: ShortcutsAsk }) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, [ask]);
  // Escape closes a modal dialog by itself; either way, focus goes back where it was.
  const onClose = () => {
    if (ask.returnTo?.isConnected) ask.returnTo.focus();
  };
  return (
    <dialog
      ref={ref}
      className="shortcuts-dialog"
      aria-labelledby="shortcuts-title"
      onClose={onClose}
      data-testid="shortcuts-dialog"
    >
      <div className="shortcuts-head">
        <h2 id="shortcuts-title">{t('shortcuts.title')}</h2>
        <form method="dialog">
          <button type="submit" className="small-button" autoFocus>
            {t('shortcuts.close')}
          </button>
        </form>
      </div>
      {SECTIONS.map((s) => (
        <section key={s.title} aria-label={t(s.title)}>
          <h3>{t(s.title)}</h3>
          {s.note && <p className="shortcuts-note">{t(s.note)}</p>}
          <table className="shortcuts-table">
            <tbody>
              {s.items.map((item) => (
                <tr key={item.what}>
                  <th scope="row">
                    {item.keys.map((combo, i) => (
                      <span key={combo.join('+')}>
                        {i > 0 && <span className="shortcuts-or"> {t('shortcuts.or')} </span>}
                        {combo.map((k, j) => (
                          <span key={k}>
                            {j > 0 && '+'}
                            <kbd>{KEY_NAMES[k] ? t(KEY_NAMES[k]) : k}</kbd>
                          </span>
                        ))}
                      </span>
                    ))}
                  </th>
                  <td>{t(item.what)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </dialog>
  );
}
