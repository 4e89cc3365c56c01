/**
 * The VM/SP directory paper's figures, regenerated. The day arithmetic is the paper's own and
 * must match exactly from its inputs; the per-search savings come from the mechanism (one
 * fitted value, the directory's size, pinned by the sorted cell) and are printed per cell.
 */
import { describe, expect, it } from 'vitest';
import { evaluateTables } from '../../src/compare/compare';
import type { ComparedTable } from '../../src/compare/types';
import { directorySearchModel, simulateDirectorySearch } from '../../src/models/directory-search';
import {
  savingCpuSecondsPerDay,
  savingPerDayUs,
  searchesPerDay,
} from '../../src/models/directory-search/day';
import { findPaperTable } from '../../src/papers';
import { VMSP_DAY_INPUTS } from '../../src/papers/vmsp-directory';

const paper = findPaperTable('vmsp-directory')!;
const paperCell = (row: string, column: string) =>
  paper.rows.find((r) => r.label === row)!.values[column]!;
const presetParams = (id: string) => directorySearchModel.presets.find((p) => p.id === id)!.params;

function table(id = 'vmsp-directory'): ComparedTable {
  const t = evaluateTables(directorySearchModel, presetParams(id)).tables.find((x) => x.id === id);
  if (!t) throw new Error(`no table ${id}`);
  return t;
}

function dump(t: ComparedTable): string {
  const lines = [`${t.id} — ${t.title}`];
  for (const r of t.rows) {
    const cells = t.columns.map((c) => {
      const e = r.errorPct[c.key];
      return `${c.key} ${r.model[c.key]!.toFixed(3)} vs ${r.paper?.[c.key] ?? '—'}${e == null ? '' : ` (${e.toFixed(1)} %)`}`;
    });
    lines.push(`  ${r.label.padEnd(18)} ${cells.join(' | ')}`);
  }
  return lines.join('\n');
}

describe('the paper’s day arithmetic, exactly', () => {
  const { searchesPerMinute, dayHours } = VMSP_DAY_INPUTS;

  it('12.82 searches a minute over a 20-hour day are 15,384 searches', () => {
    expect(searchesPerDay(searchesPerMinute, dayHours)).toBe(15_384);
  });

  it('18 µs and 99 µs per search give the paper’s 276,912 and 1,523,016 µs a day', () => {
    for (const row of ['Sorted directory', 'Binary search']) {
      const perSearch = paperCell(row, 'saving_us_per_search');
      expect(savingPerDayUs(perSearch, searchesPerMinute, dayHours)).toBe(
        paperCell(row, 'saving_us_per_day'),
      );
    }
    expect(savingPerDayUs(18, searchesPerMinute, dayHours)).toBe(276_912);
    expect(savingPerDayUs(99, searchesPerMinute, dayHours)).toBe(1_523_016);
  });

  it('in CPU seconds: 0.276912 and 1.523016, which the paper prints cut to 0.276 and 1.523', () => {
    expect(savingCpuSecondsPerDay(18, searchesPerMinute, dayHours)).toBe(0.276912);
    expect(savingCpuSecondsPerDay(99, searchesPerMinute, dayHours)).toBe(1.523016);
    for (const row of ['Sorted directory', 'Binary search']) {
      const cpu = savingCpuSecondsPerDay(
        paperCell(row, 'saving_us_per_search'),
        searchesPerMinute,
        dayHours,
      );
      expect(Math.trunc(cpu * 1000) / 1000).toBe(paperCell(row, 'saving_cpu_s_per_day'));
    }
  });

  it('the model’s table applies that arithmetic to its own per-search savings', () => {
    const params = directorySearchModel.paramsOf(presetParams('vmsp-directory'));
    expect(params.searchesPerMinute).toBe(searchesPerMinute);
    expect(params.dayHours).toBe(dayHours);
    for (const r of table().rows) {
      const perSearch = r.model['saving_us_per_search']!;
      expect(r.model['saving_us_per_day']).toBe(perSearch * 15_384);
      expect(r.model['saving_cpu_s_per_day']).toBe((perSearch * 15_384) / 1e6);
    }
  });
});

describe('vmsp-directory, regenerated', () => {
  it('rows and columns are the paper’s', () => {
    const t = table();
    expect(t.rows.map((r) => r.label)).toEqual(['Sorted directory', 'Binary search']);
    expect(t.columns.map((c) => c.key)).toEqual([
      'saving_us_per_search',
      'saving_us_per_day',
      'saving_cpu_s_per_day',
    ]);
    expect(t.rows.every((r) => !r.prediction)).toBe(true);
    expect(t.modelOnly).toBe(false);
  });

  it('per-search savings from the mechanism: sorted (fitted) within 5 %, binary (not fitted) within 10 %', () => {
    const t = table();
    console.log(dump(t));
    const err = (row: string) =>
      t.rows.find((r) => r.label === row)!.errorPct['saving_us_per_search']!;
    expect(Math.abs(err('Sorted directory'))).toBeLessThanOrEqual(5);
    expect(Math.abs(err('Binary search'))).toBeLessThanOrEqual(10);
  });

  it('binary < sorted < unsorted on average, for the paper’s preset', () => {
    const r = simulateDirectorySearch(
      directorySearchModel.paramsOf(presetParams('vmsp-directory')),
    );
    const { unsortedLinear, sortedLinear, sortedBinary } = r.searches;
    expect(sortedBinary.avgUs).toBeLessThan(sortedLinear.avgUs);
    expect(sortedLinear.avgUs).toBeLessThan(unsortedLinear.avgUs);
    expect(r.sortedSavingUs).toBeGreaterThan(0);
    expect(r.binarySavingUs).toBeGreaterThan(r.sortedSavingUs);
  });

  it('the predictions have no paper values, and say so', () => {
    for (const id of ['vmsp-directory-heavy-front', 'vmsp-directory-large-shop']) {
      const t = table(id);
      console.log(dump(t));
      expect(t.modelOnly).toBe(true);
      expect(t.summary).toBeNull();
    }
  });
});
