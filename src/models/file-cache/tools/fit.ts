/**
 * Calibrates the file-cache model's benchmark constants (src/models/file-cache/constants.ts).
 *
 *   npm run fit -- file-cache
 *
 * Joint Levenberg–Marquardt on ln(model ÷ paper) of the v3 ÷ v2 ratio, over the 4- and 8-way
 * cells of SDET, iozone scale (children and parent), unmount, PostMark, iozone -az and iozone
 * mmap: 28 cells, 12 parameters and the coherency κ, which those cells cannot pin and which is
 * carried from its stated prior (see src/models/file-cache/benchmarks.ts and constants.ts). The 64-way cells
 * (IA and PA, for SDET, iozone scale and unmount) are NOT seen: they are the leave-out
 * prediction. The covariance comes from the Jacobian at the optimum and the residual variance,
 * s²·(JᵀJ)⁻¹, in the fit's coordinates (logs, and the logit of the share v3 keeps).
 *
 * The script prints the constants, their standard errors, the per-cell errors and the 64-way
 * predictions with 90 % intervals. Copying them into constants.ts is a deliberate, reviewed
 * step; the file-cache paper test re-runs `fitBenchmarks` (handing it the tables) and checks
 * that the constants are what it gives.
 */
import {
  BENCHMARKS,
  FIT_KEYS,
  benchRatio,
  fromCoords,
  rowLabel,
  toCoords,
  type BenchParams,
  type BenchmarkId,
  type Platform,
} from '../benchmarks';
import { predictionInterval } from '../intervals';
import { invert, tQuantile } from '../../fit';
import { COHERENCY_PRIOR } from '../constants';
import type { PublishedTables } from '../../types';
import { fitResiduals } from '../../../../scripts/lib/levenberg';

export interface Cell {
  table: BenchmarkId;
  column: string;
  platform: Platform;
  cpus: number;
  paper: number;
}

/** Every benchmark cell the paper prints, as v3 ÷ v2; `cpus` says which are calibration. */
export function benchmarkCells(tables: PublishedTables): Cell[] {
  const out: Cell[] = [];
  for (const spec of Object.values(BENCHMARKS)) {
    const paper = tables(spec.id);
    if (!paper) throw new Error(`no paper table ${spec.id}`);
    for (const { platform, cpus } of spec.rows) {
      const row = paper.rows.find((r) => r.label === rowLabel(platform, cpus));
      for (const c of spec.columns) {
        const v = row?.values[c.key];
        if (typeof v === 'number')
          out.push({ table: spec.id, column: c.key, platform, cpus, paper: v });
      }
    }
  }
  return out;
}

export const isCalibration = (c: Cell) => c.cpus === 4 || c.cpus === 8;

export interface BenchFit {
  params: BenchParams;
  coords: number[];
  covariance: number[][];
  residualSdLog: number;
  dof: number;
  t90: number;
  cells: number;
  sse: number;
}

/** The 95th percentile of Student t: the multiplier of a two-sided 90 % interval. */
export const tQuantile95 = (dof: number): number => tQuantile(0.9, dof);

const residual = (c: Cell, p: BenchParams) =>
  Math.log(benchRatio(c.table, c.column, c.platform, c.cpus, p) / c.paper);

/** Neutral starting points: no change, a 5 % lock share, v3 keeps half, platforms alike. */
const STARTS: BenchParams[] = [
  {
    paPathWeight: 1,
    lockSharePct: 5,
    v3LockKeptPct: 50,
    paLockScale: 1,
    sdetOneCpuRatio: 1,
    iozoneOneCpuRatio: 1,
    iozoneParentFactor: 1,
    unmountOneCpuRatio: 1,
    unmountGrowthPct: 5,
    coherencyPpm: COHERENCY_PRIOR.medianPpm,
    postmarkOneCpuRatio: 1,
    azOneCpuRatio: 1,
    mmapOneCpuRatio: 1,
  },
  {
    paPathWeight: 0.5,
    lockSharePct: 20,
    v3LockKeptPct: 20,
    paLockScale: 0.5,
    sdetOneCpuRatio: 1.2,
    iozoneOneCpuRatio: 1.5,
    iozoneParentFactor: 0.7,
    unmountOneCpuRatio: 0.8,
    unmountGrowthPct: 20,
    coherencyPpm: COHERENCY_PRIOR.medianPpm,
    postmarkOneCpuRatio: 0.9,
    azOneCpuRatio: 1.3,
    mmapOneCpuRatio: 2,
  },
];

const KAPPA = FIT_KEYS.indexOf('coherencyPpm');
const PRIOR_LN_KAPPA = Math.log(COHERENCY_PRIOR.medianPpm / 1e6);

/**
 * Levenberg–Marquardt on the residuals `res(coords)` (index i of n), best of the two starts;
 * `fixKappa` holds κ at its prior median (the data alone cannot pin it).
 */
function leastSquares(
  n: number,
  res: (p: BenchParams, coords: readonly number[], i: number) => number,
  fixKappa: boolean,
): { coords: number[]; sse: number } {
  const full = (xs: readonly number[]) => {
    if (!fixKappa) return [...xs];
    const c = [...xs];
    c.splice(KAPPA, 0, PRIOR_LN_KAPPA);
    return c;
  };
  const free = (c: readonly number[]) => c.filter((_, k) => !fixKappa || k !== KAPPA);
  const residualAt = (xs: number[]) => {
    const c = full(xs);
    const p = fromCoords(c);
    return (i: number) => res(p, c, i);
  };
  const settings = {
    gradientDifference: 1e-6,
    maxIterations: 2000,
    errorTolerance: 1e-14,
    damping: 0.01,
  };
  let best: { coords: number[]; sse: number } | undefined;
  for (const start of STARTS) {
    const fit = fitResiduals(n, residualAt, free(toCoords(start)), settings);
    const c = full(fit.parameterValues);
    const p = fromCoords(c);
    let sse = 0;
    for (let i = 0; i < n; i++) sse += res(p, c, i) ** 2;
    if (!best || sse < best.sse) best = { coords: c, sse };
  }
  return best!;
}

/**
 * The joint fit on the calibration (4- and 8-way) cells. Deterministic. κ (the coherency) is
 * fitted with its prior (constants.ts, COHERENCY_PRIOR) as one more residual, weighted so that
 * it counts as (ln κ − ln κ₀)² / τ² against the cells' (ln model/paper)² / s²: s from a first fit
 * with κ held at the prior median. The prior pays for κ, so the degrees of freedom are the cells
 * less the other parameters; the covariance s²(JᵀJ)⁻¹ includes the prior's row.
 */
export function fitBenchmarks(cells: Cell[]): BenchFit {
  const n = FIT_KEYS.length;
  const dof = cells.length - (n - 1);
  const dataRes = (p: BenchParams, i: number) => residual(cells[i]!, p);
  const first = leastSquares(cells.length, (p, _, i) => dataRes(p, i), true);
  const weight = Math.sqrt(first.sse / dof) / COHERENCY_PRIOR.sdLog;
  const priorRes = (c: readonly number[]) => weight * (c[KAPPA]! - PRIOR_LN_KAPPA);
  const withPrior = (p: BenchParams, c: readonly number[], i: number) =>
    i < cells.length ? dataRes(p, i) : priorRes(c);
  const best = leastSquares(cells.length + 1, withPrior, false);
  const coords = best.coords;
  const params = fromCoords(coords);
  const sse = cells.reduce((s, c) => s + residual(c, params) ** 2, 0);
  // Jacobian of the residuals (cells, then the prior) in the fit's coordinates.
  const h = 1e-6;
  const jac = Array.from({ length: cells.length + 1 }, (_, i) =>
    coords.map((_, k) => {
      const up = [...coords];
      const down = [...coords];
      up[k]! += h;
      down[k]! -= h;
      return (withPrior(fromCoords(up), up, i) - withPrior(fromCoords(down), down, i)) / (2 * h);
    }),
  );
  const jtj = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => jac.reduce((s, row) => s + row[i]! * row[j]!, 0)),
  );
  const s2 = sse / dof;
  const covariance = invert(jtj).map((row) => row.map((v) => v * s2));
  return {
    params,
    coords,
    covariance,
    residualSdLog: Math.sqrt(s2),
    dof,
    t90: tQuantile95(dof),
    cells: cells.length,
    sse,
  };
}

/** `npm run fit -- file-cache`: `tables`, the papers' tables (scripts/fit.ts). */
export function main(tables: PublishedTables) {
  const all = benchmarkCells(tables);
  const fit = fitBenchmarks(all.filter(isCalibration));
  console.log(
    `${fit.cells} calibration cells, ${FIT_KEYS.length} parameters (κ with its prior), ${fit.dof} degrees of freedom`,
  );
  console.log(
    `residual sd of ln(model/paper) ${fit.residualSdLog.toFixed(4)}, t(0.95, ${fit.dof}) = ${fit.t90.toFixed(4)}\n`,
  );
  FIT_KEYS.forEach((k, i) => {
    const se = Math.sqrt(fit.covariance[i]![i]!);
    console.log(
      `  ${k.padEnd(20)} ${fit.params[k].toPrecision(5).padStart(10)}   coordinate ${fit.coords[i]!.toFixed(5)} ± ${se.toFixed(4)}`,
    );
  });
  const u = { covariance: fit.covariance, residualSdLog: fit.residualSdLog, t90: fit.t90 };
  console.log(
    '\n  table              column      cell        model   paper   error   90 % interval',
  );
  let inside = 0;
  let predicted = 0;
  for (const c of all) {
    const m = benchRatio(c.table, c.column, c.platform, c.cpus, fit.params);
    const [lo, hi] = predictionInterval(c.table, c.column, c.platform, c.cpus, fit.params, u);
    const out = !isCalibration(c);
    if (out) {
      predicted++;
      if (c.paper >= lo && c.paper <= hi) inside++;
    }
    console.log(
      `  ${c.table.padEnd(18)} ${c.column.padEnd(11)} ${rowLabel(c.platform, c.cpus).padEnd(10)} ${m.toFixed(3).padStart(7)} ${c.paper.toFixed(3).padStart(7)} ${(100 * (m / c.paper - 1)).toFixed(1).padStart(6)} %  [${lo.toFixed(2)}, ${hi.toFixed(2)}]${out ? '  PREDICTED' : ''}${out && (c.paper < lo || c.paper > hi) ? '  MISS' : ''}`,
    );
  }
  console.log(`\n64-way paper cells inside their 90 % interval: ${inside} of ${predicted}`);
  console.log('\nconstants.ts:');
  console.log(`  values: ${JSON.stringify(fit.params, null, 2)}`);
  console.log(
    `  covariance: ${JSON.stringify(fit.covariance.map((r) => r.map((v) => Number(v.toPrecision(6)))))}`,
  );
  console.log(
    `  residualSdLog: ${fit.residualSdLog.toPrecision(6)}, dof: ${fit.dof}, t90: ${fit.t90.toPrecision(6)}`,
  );
}
