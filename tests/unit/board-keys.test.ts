/**
 * The board's keys (src/views/class/boardKeys.ts): what a presentation clicker sends maps to
 * the board's intents, the browser's own combinations (Ctrl, Alt, ⌘) never do, and every key
 * the help lists is one the board takes.
 */
import { describe, expect, it } from 'vitest';
import { BOARD_KEYS, boardIntent } from '../../src/views/class/boardKeys';

const press = (
  key: string,
  mods: Partial<Record<'ctrlKey' | 'altKey' | 'metaKey', boolean>> = {},
) => boardIntent({ key, ctrlKey: false, altKey: false, metaKey: false, target: null, ...mods });

describe('the board’s keys', () => {
  it('maps a clicker’s keys and the arrows to the board’s intents', () => {
    expect(
      [
        'PageDown',
        'ArrowRight',
        ' ',
        'PageUp',
        'ArrowLeft',
        'r',
        'L',
        'b',
        '.',
        'F5',
        'Escape',
      ].map((k) => press(k)),
    ).toEqual([
      'next',
      'next',
      'next',
      'previous',
      'previous',
      'reveal',
      'lock',
      'pause',
      'pause',
      'projector-on',
      'projector-off',
    ]);
  });

  it('leaves the browser’s own combinations and other keys alone', () => {
    expect(press('r', { ctrlKey: true })).toBeNull();
    expect(press('PageDown', { altKey: true })).toBeNull();
    expect(press('l', { metaKey: true })).toBeNull();
    expect(press('x')).toBeNull();
    expect(press('Enter')).toBeNull();
  });

  it('takes every key its help lists', () => {
    const names: Record<string, string> = {
      'Page Down': 'PageDown',
      'Page Up': 'PageUp',
      '→': 'ArrowRight',
      '←': 'ArrowLeft',
      Space: ' ',
      Esc: 'Escape',
    };
    for (const { keys } of BOARD_KEYS)
      for (const combo of keys) {
        const key = combo.filter((k) => k !== 'Shift')[0]!;
        expect(
          press(names[key] ?? (key.length === 1 ? key.toLowerCase() : key)),
          key,
        ).not.toBeNull();
      }
  });
});
