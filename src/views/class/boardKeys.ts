/**
 * The teacher's board from the front of the room: keys, and what a presentation clicker sends
 * (PageDown / PageUp, `b` or `.` to blank the screen, F5 / Shift+F5 to start the show, Escape
 * to end it). One intent per press; nothing while typing in a box, nothing with Ctrl, Alt or
 * ⌘ (the browser's own), and Space or Enter on a focused button stay that button's.
 */
import type { MessageId } from '../../i18n/catalog';

export type BoardIntent =
  'next' | 'previous' | 'reveal' | 'lock' | 'pause' | 'projector-on' | 'projector-off';

/**
 * Shown in the board's help and the app's shortcuts list (keep the two as one); `what` is the
 * board's message (`class.keys.…`: the shortcuts list has its own, `shortcuts.board.…`).
 */
export const BOARD_KEYS: { keys: string[][]; what: MessageId }[] = [
  { keys: [['Page Down'], ['→'], ['Space']], what: 'class.keys.next' },
  { keys: [['Page Up'], ['←']], what: 'class.keys.previous' },
  { keys: [['R']], what: 'class.keys.reveal' },
  { keys: [['L']], what: 'class.keys.lock' },
  { keys: [['B'], ['.']], what: 'class.keys.pause' },
  { keys: [['F5'], ['Shift', 'F5']], what: 'class.keys.projectorOn' },
  { keys: [['Esc']], what: 'class.keys.projectorOff' },
];

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  target: EventTarget | null;
}

/** An element a key belongs to while typing (a text box, a list, an editable region). */
function typingIn(target: EventTarget | null): boolean {
  if (typeof Element === 'undefined' || !(target instanceof Element)) return false;
  // A dialog's keys, and a chart being walked (its arrows move along the data: ChartWalk).
  if (target.closest('dialog[open], [role="application"]')) return true;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement)
    return !['button', 'submit', 'reset', 'checkbox', 'radio'].includes(target.type);
  return false;
}

/** What a key press on the board asks for, or null: the key is not the board's. */
export function boardIntent(e: KeyLike): BoardIntent | null {
  if (e.ctrlKey || e.altKey || e.metaKey || typingIn(e.target)) return null;
  const onControl =
    typeof Element !== 'undefined' &&
    e.target instanceof Element &&
    e.target.closest('button, a, summary, input, [role="button"]') !== null;
  switch (e.key) {
    case 'PageDown':
    case 'ArrowRight':
      return 'next';
    case ' ':
      return onControl ? null : 'next';
    case 'PageUp':
    case 'ArrowLeft':
      return 'previous';
    case 'r':
    case 'R':
      return 'reveal';
    case 'l':
    case 'L':
      return 'lock';
    case 'b':
    case 'B':
    case '.':
      return 'pause';
    case 'F5':
      return 'projector-on';
    case 'Escape':
      return 'projector-off';
    default:
      return null;
  }
}
