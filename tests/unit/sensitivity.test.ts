/**
 * Sensitivity (src/compare/sensitivity.ts): elasticities d ln(y) / d ln(p) of each table's
 * headline cells by central differences, checked against a closed form and against the
 * physics of the models (a cost's elasticity is never negative).
 */
import { describe, expect, it } from 'vitest';
import { defineInfo, defineModel } from '../../src/models/define';
import { loadModel } from '../../src/models/registry';
import { elasticity, sensitivity, stepPoints } from '../../src/compare/sensitivity';
import type { NumberParamSpec } from '../../src/models/types';
import { presetParams } from '../../src/scenario';
import { run } from '../../scripts/explore';

const num = (key: string, def: number, integer = false): NumberParamSpec => ({
  key,
  kind: 'number',
  label: key,
  unit: 's',
  group: 'Costs',
  min: 0,
  max: 100,
  step: 0.01,
  integer,
  default: def,
});

/** y = a + b·p, in one table with one row; `c` changes nothing. */
const linear = defineModel(
  defineInfo({
    id: 'linear',
    version: 1,
    title: 'Linear',
    paper: '',
    summary: '',
    params: [num('a', 2), num('b', 3), num('p', 4), num('c', 5), num('n', 0, true)],
    presets: [],
  }),
  {
    tables: (q) => [
      {
        id: 'lin',
        title: 'y = a + b p',
        source: 'model',
        columns: [{ key: 'total_s', label: 'Total', unit: 's' }],
        rows: [{ label: 'one', values: { total_s: q.a! + q.b! * q.p! } }],
      },
    ],
    charts: () => [],
  },
);

describe('sensitivity', () => {
  it('a linear output: elasticity b·p / (a + b·p) to p and to b, a / (a + b·p) to a', () => {
    const [t] = sensitivity(linear, { a: 2, b: 3, p: 4, c: 5, n: 0 });
    const e = Object.fromEntries(t!.params.map((x) => [x.key, x.elasticity]));
    // The central difference of ln y over ln p is exact to O(h²) for a line: h = 5 % → 1e-3.
    expect(e.p).toBeCloseTo(12 / 14, 3);
    expect(e.b).toBeCloseTo(12 / 14, 3);
    expect(e.a).toBeCloseTo(2 / 14, 3);
    // A knob that changes nothing is not listed; one at 0 has no relative step.
    expect(e.c).toBeUndefined();
    expect(t!.atZero).toEqual(['n']);
    // Largest first, and the headline column named.
    expect(t!.params.map((x) => x.key)).toEqual(['b', 'p', 'a']);
    expect(t!.column).toBe('total_s');
  });

  it('the central difference of a proportional output is exactly 1', () => {
    expect(elasticity(10, 20, 1, 2)).toBeCloseTo(1, 12);
    expect(elasticity(0, 1, 1, 2)).toBeNull();
  });

  it('steps stay inside the declared range, and an integer moves by at least one', () => {
    expect(stepPoints(num('x', 0), 100)).toEqual({ lo: 95, hi: 100 });
    expect(stepPoints(num('x', 0, true), 3)).toEqual({ lo: 2, hi: 4 });
    expect(stepPoints(num('x', 0), 0)).toBeNull();
  });

  it('cross-boundary: every cost’s elasticity is ≥ 0 on every table', async () => {
    const cb = (await loadModel('cross-boundary'))!;
    for (const preset of cb.presets) {
      for (const t of sensitivity(cb, presetParams(cb, preset.id))) {
        // Ratios (× columns) may fall as a cost rises; a time never does.
        if (!['s', 'ms', 'µs'].includes(t.unit)) continue;
        for (const p of t.params) expect(p.min, `${t.table}: ${p.key}`).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('cross-boundary doct-ipc at 1M calls: the RPC side costs matter, the start-up barely', async () => {
    const cb = (await loadModel('cross-boundary'))!;
    const t = sensitivity(cb, presetParams(cb, 'doct-ipc')).find((x) => x.table === 'doct-ipc')!;
    expect(t.column).toBe('s_1m');
    const by = Object.fromEntries(t.params.map((x) => [x.key, x]));
    expect(by.smStartupS!.max).toBeLessThan(0.02);
    expect(by.rpcSidePaUs!.max).toBeGreaterThan(0.3);
  });

  it('the CLI: --sensitivity adds the field to the JSON, a section to md, and refuses csv', async () => {
    const link = '/#/cross-boundary?table=mpe-ksam-modes';
    const json = await run([link, '--sensitivity'], async () => '');
    expect(json.exitCode).toBe(0);
    const doc = JSON.parse(json.stdout) as { tables: unknown[]; sensitivity: { table: string }[] };
    expect(doc.sensitivity.map((t) => t.table)).toContain('mpe-ksam-modes');
    expect(doc.tables.length).toBe(doc.sensitivity.length);
    const md = await run([link, '--sensitivity', '--format', 'md'], async () => '');
    expect(md.stdout).toMatch(/## Which parameters matter most/);
    const csv = await run([link, '--sensitivity', '--format', 'csv'], async () => '');
    expect(csv.exitCode).toBe(2);
    // Without the flag the JSON is as before.
    expect(JSON.parse((await run([link], async () => '')).stdout)).not.toHaveProperty(
      'sensitivity',
    );
  });
});
