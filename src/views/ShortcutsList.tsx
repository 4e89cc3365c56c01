import { useEffect, useRef } from 'react';
import { BOARD_KEYS } from './class/boardKeys';

interface Shortcut {
  keys: string[][];
  what: string;
}

/**
 * Every shortcut the app has, where it works. Kept truthful by hand: each names the code that
 * handles it (useUndoKeys in state/scenarioActions.ts, LessonStep, TracePanel, Controls, Term,
 * the browser's own range input), and tests/e2e/projector.test.ts presses some of them.
 */
export const SECTIONS: { title: string; note?: string; items: Shortcut[] }[] = [
  {
    title: 'Anywhere',
    items: [
      { keys: [['?']], what: 'Show this list of shortcuts' },
      { keys: [['Esc']], what: 'Close this list, or an open explanation of a term' },
      {
        keys: [['Tab'], ['Shift', 'Tab']],
        what: 'Next / previous control; the first Tab offers “Skip to content”',
      },
    ],
  },
  {
    title: 'A model’s page',
    note: 'Not while typing in a text box, where these keys stay the box’s own.',
    items: [
      {
        keys: [
          ['Ctrl', 'Z'],
          ['⌘', 'Z'],
        ],
        what: 'Undo the last change of a parameter',
      },
      {
        keys: [
          ['Ctrl', 'Y'],
          ['Ctrl', 'Shift', 'Z'],
          ['⇧', '⌘', 'Z'],
        ],
        what: 'Redo',
      },
    ],
  },
  {
    title: 'A parameter’s slider (also the explore strip’s knob)',
    items: [
      { keys: [['←'], ['↓']], what: 'One step down' },
      { keys: [['→'], ['↑']], what: 'One step up' },
      { keys: [['Page Down'], ['Page Up']], what: 'A larger step down / up' },
      { keys: [['Home'], ['End']], what: 'The smallest / largest value' },
    ],
  },
  {
    title: 'A parameter’s number or list box',
    items: [
      { keys: [['Enter']], what: 'Apply what is typed' },
      { keys: [['Esc']], what: 'Drop what is typed and show the current value again' },
    ],
  },
  {
    title: 'A lesson step',
    items: [
      { keys: [['→'], ['Page Down']], what: 'Next step' },
      { keys: [['←'], ['Page Up']], what: 'Previous step' },
      { keys: [['R']], what: 'Reveal or hide the answer' },
    ],
  },
  {
    title: 'A class’s board (the teacher’s page; a presentation clicker sends these too)',
    note: 'Not while typing in a text box.',
    items: BOARD_KEYS,
  },
  {
    title: 'Page replacement: “Step through the trace” (when the strip has focus)',
    items: [
      { keys: [['→'], ['↓']], what: 'Next reference' },
      { keys: [['←'], ['↑']], what: 'Previous reference' },
      { keys: [['Home'], ['End']], what: 'First / last reference' },
    ],
  },
];

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
        <h2 id="shortcuts-title">Keyboard shortcuts</h2>
        <form method="dialog">
          <button type="submit" className="small-button" autoFocus>
            Close
          </button>
        </form>
      </div>
      {SECTIONS.map((s) => (
        <section key={s.title} aria-label={s.title}>
          <h3>{s.title}</h3>
          {s.note && <p className="shortcuts-note">{s.note}</p>}
          <table className="shortcuts-table">
            <tbody>
              {s.items.map((item) => (
                <tr key={item.what}>
                  <th scope="row">
                    {item.keys.map((combo, i) => (
                      <span key={combo.join('+')}>
                        {i > 0 && <span className="shortcuts-or"> or </span>}
                        {combo.map((k, j) => (
                          <span key={k}>
                            {j > 0 && '+'}
                            <kbd>{k}</kbd>
                          </span>
                        ))}
                      </span>
                    ))}
                  </th>
                  <td>{item.what}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </dialog>
  );
}
