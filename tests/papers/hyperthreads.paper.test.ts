/**
 * The OpenVMS Integrity paper's tables, regenerated. Each test prints model vs paper per cell,
 * so a failing run shows which cell moved, then asserts the issue's tolerances.
 */
import { describe, expect, it } from 'vitest';
import { evaluateTables, summarize } from '../../src/compare/compare';
import type { ComparedTable } from '../../src/compare/types';
import { hyperthreadsModel } from '../../src/models/hyperthreads';
import { presetParams } from '../../src/scenario';

function table(id: string): ComparedTable {
  const t = evaluateTables(hyperthreadsModel, presetParams(hyperthreadsModel, id)).tables.find(
    (x) => x.id === id,
  );
  if (!t) throw new Error(`no table ${id}`);
  return t;
}

function dump(t: ComparedTable): string {
  const lines = [`${t.id} — ${t.title}`];
  for (const r of t.rows) {
    const cells = t.columns.map((c) => {
      const e = r.errorPct[c.key];
      return `${c.key} ${r.model[c.key]!.toFixed(2)} vs ${r.paper?.[c.key] ?? '—'}${e === null || e === undefined ? '' : ` (${e.toFixed(1)} %)`}`;
    });
    lines.push(
      `  ${r.prediction ? '[prediction] ' : ''}${r.label.padEnd(40)} ${cells.join(' | ')}`,
    );
  }
  return lines.join('\n');
}

const MACHINE_ROWS = ['4640 (1.44GHz / 9MB)', '8640 (1.6GHz / 9MB)', 'Sanddune (1.6GHz / 12MB)'];

describe('vms-cothread: 10 copies on 4 cores, three machines, one parameter set', () => {
  const t = table('vms-cothread');

  it('time cells: median |error| ≤ 5 %, max ≤ 10 %', () => {
    console.log(dump(t));
    const s = summarize(t.rows, ['alone_s', 'off_s', 'on_s']);
    expect(s!.cells).toBe(9);
    expect(s!.medianAbsErrorPct).toBeLessThanOrEqual(5);
    expect(s!.maxAbsErrorPct).toBeLessThanOrEqual(10);
  });

  it('improvement within ±8 percentage points per machine, machine ordering preserved', () => {
    const rows = MACHINE_ROWS.map((label) => t.rows.find((r) => r.label === label)!);
    for (const r of rows)
      expect(Math.abs(r.model.improvement_pct! - r.paper!.improvement_pct!)).toBeLessThanOrEqual(8);
    const gains = rows.map((r) => r.model.improvement_pct!);
    expect(gains[0]!).toBeLessThan(gains[1]!);
    expect(gains[1]!).toBeLessThan(gains[2]!);
  });

  it('rows are the paper’s machines in order, then the scenario machine as a prediction', () => {
    expect(t.rows.slice(0, 3).map((r) => r.label)).toEqual(MACHINE_ROWS);
    expect(t.rows.slice(0, 3).every((r) => !r.prediction)).toBe(true);
    expect(t.rows[3]!.prediction).toBe(true);
  });
});

describe('vms-sample-runs: two tc_cf sessions on an rx8640', () => {
  const t = table('vms-sample-runs');

  it('wall times within 10 % in every row', () => {
    console.log(dump(t));
    expect(t.rows).toHaveLength(6);
    for (const r of t.rows) expect(Math.abs(r.errorPct.wall_s!), r.label).toBeLessThanOrEqual(10);
  });

  it('reproduces the accounting: cothread CPU times sum to more than either wall time, and to about half of twice it', () => {
    const co = t.rows.filter((r) => r.label.startsWith('Single core with CoThreads'));
    const cpu = co.reduce((a, r) => a + r.model.cpu_s!, 0);
    for (const r of co) {
      expect(cpu).toBeGreaterThan(r.model.wall_s!);
      expect(r.model.cpu_s!).toBeLessThan(0.7 * r.model.wall_s!);
      // The program's cycle count runs while OpenVMS has it on a CPU: close to the wall time.
      expect(r.model.exec_s! / r.model.wall_s!).toBeGreaterThan(0.9);
    }
    expect(t.notes?.join(' ')).toContain('charged');
  });

  it('cothreads beat time-slicing on one core but lose to two cores', () => {
    const wall = (prefix: string) => t.rows.find((r) => r.label.startsWith(prefix))!.model.wall_s!;
    expect(wall('Single core with CoThreads')).toBeLessThan(wall('Single core, time-sliced'));
    expect(wall('Two cores')).toBeLessThan(wall('Single core with CoThreads'));
  });
});
