/**
 * The VM/SP directory paper's figures, regenerated. The day arithmetic is the paper's own and
 * must match exactly from its inputs; the per-search savings come from the mechanism (one
 * fitted value, the directory's size, pinned by the sorted cell) and are printed per cell.
 */
import { describe, expect, it } from 'vitest';
import { directorySearchModel, simulateDirectorySearch } from '../../src/models/directory-search';
import {
  savingCpuSecondsPerDay,
  savingPerDayUs,
  searchesPerDay,
} from '../../src/models/directory-search/day';
import { DIRECTORY_UNCERTAINTY } from '../../src/models/directory-search/constants';
import { directoryUncertainty, fitUsers } from '../../src/models/directory-search/fit';
import { findPaperTable } from '../../src/papers';
import { VMSP_DAY_INPUTS } from '../../src/papers/vmsp-directory';
import { presetTable } from '../presetTable';

const paper = findPaperTable('vmsp-directory')!;
const paperCell = (row: string, column: string) =>
  paper.rows.find((r) => r.label === row)!.values[column]!;
const presetParams = (id: string) => directorySearchModel.presets.find((p) => p.id === id)!.params;
const table = (id = 'vmsp-directory') => presetTable(directorySearchModel, id);

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
      expect(t.modelOnly).toBe(true);
      expect(t.summary).toBeNull();
    }
  });
});

describe('prediction intervals: the size, the time per instruction and the creation order', () => {
  const sorted = paperCell('Sorted directory', 'saving_us_per_search');
  const binary = paperCell('Binary search', 'saving_us_per_search');
  const params = () => directorySearchModel.paramsOf(presetParams('vmsp-directory'));

  it('the fitted size is the one in use, and DIRECTORY_UNCERTAINTY is what the fit gives', () => {
    const p = params();
    expect(fitUsers(p, sorted)).toBe(p.users);
    const fresh = directoryUncertainty(p, sorted);
    expect(DIRECTORY_UNCERTAINTY.keys).toEqual(fresh.keys);
    expect(DIRECTORY_UNCERTAINTY.residualRelSd).toBeCloseTo(fresh.residualRelSd, 4);
    for (const i of [0, 1])
      expect(
        Math.abs(DIRECTORY_UNCERTAINTY.covariance[i]![i]! - fresh.covariance[i]![i]!),
      ).toBeLessThanOrEqual(0.01 * fresh.covariance[i]![i]!);
    // The one cell cannot separate size from speed: they are strongly anti-correlated.
    const c = DIRECTORY_UNCERTAINTY.covariance;
    expect(c[0]![1]! / Math.sqrt(c[0]![0]! * c[1]![1]!)).toBeLessThan(-0.8);
  });

  it('the binary search, never seen by the fit, falls inside its 95 % interval', () => {
    const r = table().rows.find((x) => x.label === 'Binary search')!;
    const [lo, hi] = r.intervals!.saving_us_per_search!;
    expect(lo).toBeLessThan(binary);
    expect(hi).toBeGreaterThan(binary);
    expect(lo).toBeLessThan(r.model.saving_us_per_search!);
    // The per-day columns scale with the per-search one.
    const [dlo, dhi] = r.intervals!.saving_us_per_day!;
    expect(dhi / dlo).toBeCloseTo(hi / lo, 6);
  });

  it('the prediction is less certain than the fitted cell (the time per instruction is not pinned)', () => {
    const rows = table().rows;
    const rel = (label: string) => {
      const r = rows.find((x) => x.label === label)!;
      const [lo, hi] = r.intervals!.saving_us_per_search!;
      return (hi - lo) / r.model.saving_us_per_search!;
    };
    expect(rel('Binary search')).toBeGreaterThan(2 * (0.5 / 18));
    expect(rel('Binary search')).toBeGreaterThan(rel('Sorted directory'));
  });
});
