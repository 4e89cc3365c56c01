/**
 * Calibrates the cross-boundary model's constants (src/models/cross-boundary/constants.ts).
 *
 *   npm run fit -- cross-boundary
 *
 * MPE/iX (000 §1.5, §6): Levenberg–Marquardt on the relative error of the 42 CPU and elapsed
 * cells of mpe-catalog-modes, mpe-ksam-modes, mpe-ascii-modes and mpe-ascii-clone, jointly.
 * The CM emulation factor is NOT fitted: those tables fix only products (caller work × (factor
 * − 1)), so one factor must be assumed; the others follow from it.
 * DOCT (002): the doct-ipc table is linear in its costs (time = start-up + n × per call), so it
 * is solved in closed form by `fitIpcLinear` — the same function the leave-out test runs.
 * The script prints constants and per-cell errors; copying them into constants.ts is a
 * deliberate, reviewed step.
 */
import { compareTable, summarize } from '../../../compare/join';
import { crossBoundaryModel, mpeParamsOf } from '..';
import {
  fitIpcLinear,
  fitIpcWithUncertainty,
  MPE_FIT_KEYS,
  mpeUncertainty,
  type MpeCell,
} from '../fit';
import { ipcCostsOf } from '../costs';
import type { Uncertainty } from '../../uncertainty';
import { DOCT_ROWS, IPC_LINEAR_KEYS } from '../simulate';
import { MPE_ROWS, mpeRow, type MpeParams } from '../mpe';
import { DEFAULTS } from '../params';
import type { PublishedTables } from '../../types';
import { uncertaintyJson } from '../../../../scripts/lib/uncertainty-json';
import { fitResiduals } from '../../../../scripts/lib/levenberg';
import { doctCells } from './folds';

const MPE_TABLES = ['mpe-catalog-modes', 'mpe-ksam-modes', 'mpe-ascii-modes', 'mpe-ascii-clone'];
const COLS = ['cpu_ms', 'elapsed_ms'] as const;

/** The fitted MPE constants, in the covariance's order (shared with the uncertainty code). */
const KEYS = MPE_FIT_KEYS;
type Key = (typeof KEYS)[number];

// The translation factor lies between native (1) and the assumed emulation factor.
const toValue = (k: Key, x: number, cm: number) =>
  k === 'octTranslationFactor'
    ? 1 + (cm - 1) / (1 + Math.exp(-Math.max(-30, Math.min(30, x))))
    : Math.exp(Math.max(-30, Math.min(30, x)));
const toCoord = (k: Key, v: number, cm: number) =>
  k === 'octTranslationFactor' ? Math.log((v - 1) / (cm - v)) : Math.log(Math.max(v, 1e-6));

/** The MPE cells the fit takes: each table's CPU and elapsed milliseconds, row by row. */
export const mpeCells = (tables: PublishedTables): MpeCell[] =>
  MPE_TABLES.flatMap((id) =>
    tables(id)!.rows.flatMap((r) =>
      COLS.filter((c) => r.values[c] != null).map((column) => ({
        table: id,
        label: r.label,
        column,
        ms: r.values[column]!,
      })),
    ),
  );

function fitMpe(cells: readonly MpeCell[], asciiCalls: number, cm: number) {
  const base: MpeParams = {
    ...mpeParamsOf(crossBoundaryModel.paramsOf({})),
    asciiCalls,
    cmEmulationFactor: cm,
  };
  const decode = (xs: number[]): MpeParams => {
    const p = { ...base };
    KEYS.forEach((k, i) => ((p as unknown as Record<string, number>)[k] = toValue(k, xs[i]!, cm)));
    return p;
  };
  const residual = (p: MpeParams, i: number) => {
    const c = cells[i]!;
    const spec = MPE_ROWS[c.table]!.find((r) => r.label === c.label)!;
    const r = mpeRow(spec, p);
    return (c.column === 'cpu_ms' ? r.cpuMs : r.elapsedMs) / c.ms - 1;
  };
  // Each closure keeps its own decoded parameters: the library holds two at once.
  const model = (xs: number[]) => {
    const p = decode(xs);
    return (i: number) => residual(p, i);
  };
  const start = { ...base, octTranslationFactor: 1 + (cm - 1) * 0.6 };
  const coords = KEYS.map((k) => toCoord(k, Math.max(start[k], 1e-3), cm));
  const settings = {
    gradientDifference: 1e-4,
    maxIterations: 400,
    errorTolerance: 1e-12,
    damping: 0.01,
  };
  const fit = fitResiduals(cells.length, model, coords, settings);
  const p = decode(fit.parameterValues);
  const sse = cells.reduce((a, _, i) => a + residual(p, i) ** 2, 0);
  return { p, sse };
}

/** `npm run fit -- cross-boundary`: `tables`, the papers' tables (scripts/fit.ts). */
export function main(tables: PublishedTables) {
  const cells = mpeCells(tables);
  const cm = DEFAULTS.cmEmulationFactor as number;
  let best: ReturnType<typeof fitMpe> & { calls: number } = {
    p: {} as MpeParams,
    sse: Infinity,
    calls: 0,
  };
  for (const calls of [200, 500, 1000, 2000, 3000, 5000, 7500, 10_000, 20_000, 50_000, 100_000]) {
    const f = fitMpe(cells, calls, cm);
    console.log(`asciiCalls ${calls}: sum of squared relative errors ${f.sse.toExponential(3)}`);
    if (f.sse < best.sse) best = { ...f, calls };
  }
  console.log(`\nMPE constants (cmEmulationFactor ${cm} assumed, asciiCalls ${best.calls}):`);
  for (const k of KEYS) console.log(`  ${k}: ${best.p[k].toPrecision(5)}`);

  const doctFactor = DEFAULTS.doctFactor as number;
  const ipcCells = doctCells(tables);
  const ipc = fitIpcLinear(ipcCells, doctFactor);
  console.log(`\nDOCT constants (doctFactor ${doctFactor}, from the paper's 4–5×):`);
  for (const k of IPC_LINEAR_KEYS) console.log(`  ${k}: ${ipc[k].toPrecision(5)}`);
  void DOCT_ROWS;

  // The uncertainty of the constants now in constants.ts (Laplace at that optimum).
  const defaults = crossBoundaryModel.paramsOf({});
  printUncertainty('MPE_UNCERTAINTY', mpeUncertainty(cells, mpeParamsOf(defaults)));
  printUncertainty(
    'DOCT_UNCERTAINTY',
    fitIpcWithUncertainty(ipcCells, ipcCostsOf(defaults)).uncertainty,
  );

  console.log('\nWith the constants now in constants.ts:');
  for (const p of crossBoundaryModel.presets) {
    for (const t of crossBoundaryModel.tables(p.params)) {
      const c = compareTable(t, tables(t.id));
      const s = summarize(c.rows);
      if (!s) continue;
      console.log(
        `${t.id}: median |error| ${s.medianAbsErrorPct.toFixed(2)} %, max ${s.maxAbsErrorPct.toFixed(2)} % (${s.cells} cells)`,
      );
    }
  }
}

const printUncertainty = (name: string, u: Uncertainty) => {
  console.log(
    `\n${name}: residual relative sd ${u.residualRelSd.toPrecision(4)}, k ${u.k.toPrecision(4)}`,
  );
  u.keys.forEach((k, i) =>
    console.log(`  ${k}: sd ${Math.sqrt(u.covariance[i]![i]!).toPrecision(3)}`),
  );
  console.log(uncertaintyJson(u));
};
