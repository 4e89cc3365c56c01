/**
 * The regime map in words (src/charts/regimeText.ts): a tie is named as one, with what a tie
 * means on this map, and a cell read out (hover or keyboard focus) gives where it is, each
 * option's value in its unit and the winner — the readout the page shows beside the map.
 */
import { describe, expect, it } from 'vitest';
import { cellReadout, cellText, mapSummary, tieCount } from '../../src/charts/regimeText';
import type { RegimeMap } from '../../src/compare/regimeMap';

const map: RegimeMap = {
  table: 'replacement',
  column: 'hit_rate_pct',
  columnLabel: 'Hit rate',
  unit: '%',
  better: 'higher',
  options: ['FIFO', 'RAND'],
  x: {
    param: 'memoryKB',
    label: 'Memory',
    unit: 'KB',
    scale: 'log',
    integer: false,
    values: [12, 360],
  },
  y: {
    param: 'distinctItems',
    label: 'Items (N)',
    unit: 'items',
    scale: 'log',
    integer: true,
    values: [10, 100],
  },
  cells: [
    [
      { values: [90, 90], best: null, tied: ['FIFO', 'RAND'], spread: [0, 0] },
      { values: [90, 90.4], best: null, tied: ['FIFO', 'RAND'], spread: [0, 0.2] },
    ],
    [
      { values: [0, 20.4], best: 'RAND', spread: [0, 1] },
      { values: [null, null], best: null },
    ],
  ],
  tiePct: 1,
  seeds: [1, 2, 3],
  excluded: ['OPT'],
  scenario: { x: 360, y: 100 },
  paper: { x: 360, y: 100 },
};
const labels = ['FIFO', 'RAND'];

describe('the regime map in words', () => {
  it('a tie is a tie, with the options that tie', () => {
    expect(cellText(map, labels, 'wins', map.cells[0]![0]!)).toBe('tie: FIFO, RAND');
    expect(cellText(map, labels, 'wins', map.cells[1]![0]!)).toBe('RAND');
    expect(tieCount(map)).toBe(2);
  });

  it('a cell read out: x and y with units, each value with its unit, the winner or the tie', () => {
    expect(cellReadout(map, labels, 0, 1)).toBe(
      'Memory 12 KB, Items (N) 100 items: FIFO 0 %; RAND 20.4 % (±0.5 over seeds). RAND wins (higher Hit rate).',
    );
    expect(cellReadout(map, labels, 1, 0)).toBe(
      'Memory 360 KB, Items (N) 10 items: FIFO 90 %; RAND 90.4 % (±0.1 over seeds). tie (within 1 %, or within the run-to-run spread over 3 seeds): FIFO, RAND.',
    );
    expect(cellReadout(map, labels, 1, 1)).toMatch(/FIFO no value; RAND no value\.$/);
  });

  it('the summary counts the ties, says what a tie is, and names what was left out', () => {
    const s = mapSummary(map, labels, 'wins', map.scenario);
    expect(s).toContain('Wins: RAND in 1 of 4.');
    expect(s).toContain('Ties (within 1 %, or within the run-to-run spread over 3 seeds): 2 of 4.');
    expect(s).toContain('OPT (optimal by definition) left out.');
  });
});
