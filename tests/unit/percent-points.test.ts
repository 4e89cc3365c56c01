/**
 * A quantity that is itself a percentage (a hit rate, an improvement) is compared in percentage
 * points, never as a percent of a percent (issue 32: hyperthreads' Improvement printed
 * "+188.9 %" for 11.6 % against 4 %). The rule is one: a column whose unit is % gets its errors,
 * differences from the paper's run and compare-mode changes in pp, in every output.
 */
import { describe, expect, it } from 'vitest';
import { compareTable, evaluateTables } from '../../src/compare/compare';
import { toCsv } from '../../src/compare/csv';
import { differenceTables } from '../../src/compare/pinned';
import { comparedChartSummary, comparedChartTable } from '../../src/charts/chartData';
import { formatError } from '../../src/format';
import { hyperthreadsModel } from '../../src/models/hyperthreads';
import type { ModelTable } from '../../src/models/types';
import { presetScenario } from '../../src/scenario';
import { toMarkdown } from '../../scripts/lib/markdown';
import { resultsDocument } from '../../src/compare/results';

const synthetic: ModelTable = {
  id: 'vms-cothread',
  title: 'synthetic',
  source: 'test',
  columns: [
    { key: 'off_s', label: 'OFF', unit: 's' },
    { key: 'improvement_pct', label: 'Improvement', unit: '%' },
  ],
  rows: [{ label: '4640 (1.44GHz / 9MB)', values: { off_s: 54, improvement_pct: 11.6 } }],
};

describe('percentages compared in percentage points', () => {
  it('a % column’s error is model − paper in pp; any other column’s is % of the paper', () => {
    const t = compareTable(synthetic, {
      id: 'vms-cothread',
      rows: [{ label: '4640 (1.44GHz / 9MB)', values: { off_s: 50, improvement_pct: 4 } }],
    } as never);
    const row = t.rows[0]!;
    expect(row.errorPct.improvement_pct).toBeCloseTo(7.6, 9);
    expect(row.errorPct.off_s).toBeCloseTo(8, 9);
    expect(t.columns.map((c) => c.errorUnit ?? '%')).toEqual(['%', 'pp']);
    expect(formatError(row.errorPct.improvement_pct, 'pp')).toBe('+7.6 pp');
    expect(formatError(row.errorPct.off_s, '%')).toBe('+8.0 %');
    // The summary stays in %: the pp cell is not mixed in.
    expect(t.summary).toMatchObject({ cells: 1, medianAbsErrorPct: 8 });
    expect(t.summary?.unit).toBeUndefined();
  });

  it('a table of percentages only is summarized in pp', () => {
    const only: ModelTable = { ...synthetic, columns: [synthetic.columns[1]!] };
    const t = compareTable(only, {
      id: 'x',
      rows: [{ label: '4640 (1.44GHz / 9MB)', values: { improvement_pct: 4 } }],
    } as never);
    expect(t.summary).toMatchObject({ cells: 1, unit: 'pp' });
    expect(t.summary!.maxAbsErrorPct).toBeCloseTo(7.6, 9);
  });

  it('hyperthreads’ Improvement (the issue’s reproducer): +7.6 pp, never +188.9 %', () => {
    const params = presetScenario(hyperthreadsModel, 'vms-cothread').params;
    const tables = evaluateTables(hyperthreadsModel, params).tables;
    const t = tables.find((x) => x.id === 'vms-cothread')!;
    const row = t.rows.find((r) => r.label.startsWith('4640'))!;
    expect(row.paper?.improvement_pct).toBe(4);
    const e = row.errorPct.improvement_pct!;
    expect(e).toBeCloseTo(row.model.improvement_pct! - 4, 9);
    expect(Math.abs(e)).toBeLessThan(50);
    // The page's chart table and summary, the CLI's md and csv all say pp.
    const chart = comparedChartTable(t);
    expect(chart.rows.flat().join(' ')).toMatch(/\+7\.\d pp/);
    expect(chart.rows.flat().join(' ')).not.toMatch(/188/);
    // The furthest-off cell is named among the times' errors in %, not a pp beside them.
    expect(comparedChartSummary(t)).toMatch(/furthest off is .*, at [+−][\d.]+ %/);
    const doc = resultsDocument('/#/hyperthreads?table=vms-cothread', params, {
      model: 'hyperthreads',
      modelVersion: hyperthreadsModel.version,
      tables,
    });
    const md = toMarkdown(doc);
    expect(md).toContain('| err pp |');
    expect(md).toMatch(/\| 11\.6 \(.*\) \| 4 \| \+7\.6 \|/);
    const csv = toCsv({ tables: [t] }).split('\r\n');
    expect(csv[0]!.endsWith(',error_pp')).toBe(true);
    const line = csv.find(
      (l) => l.startsWith('vms-cothread,4640') && l.includes('improvement_pct'),
    )!;
    const fields = line.split(',');
    expect(fields[6]).toBe(''); // error_pct: none for a percentage
    expect(Number(fields.at(-1))).toBeCloseTo(7.6, 1); // error_pp
  });

  it('compare mode: a percentage’s change is B − A in pp, with no percent of it', () => {
    const params = presetScenario(hyperthreadsModel, 'vms-cothread').params;
    const a = evaluateTables(hyperthreadsModel, params).tables;
    const b = evaluateTables(hyperthreadsModel, { ...params, switchCostCycles: 200 }).tables;
    const d = differenceTables(a, b).find((x) => x.id === 'vms-cothread')!;
    const c = d.rows[0]!.cells;
    expect(c.improvement_pct!.deltaPct).toBeNull();
    expect(c.improvement_pct!.delta).toBeCloseTo(c.improvement_pct!.b! - c.improvement_pct!.a!, 9);
    expect(c.off_s!.deltaPct).not.toBeNull();
  });
});
