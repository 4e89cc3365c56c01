// The file-access fit as a library: calibration cells, priors, Levenberg–Marquardt with the
// read-ahead profiled, the posterior covariance, and leave-out. src/models/file-access/tools/fit.ts
// (where the method is described) prints it; the paper tests and scripts/leave-out.ts use it,
// handing in the published tables (`PublishedTables`) the cells are read from.
import { fileAccessModel } from '..';
import { FIT_KEYS } from '../constants';
import type { FileAccessParams, FileAccessTableId } from '../params';
import { TABLE_ROWS, runRow } from '../tables';
import type { Uncertainty } from '../../uncertainty';
import { invert, solveLinear, tQuantile } from '../../fit';
import type { PublishedTables } from '../../types';

export const CALIBRATION = ['mpe-sl-seq', 'mpe-catalog-resident'] as const;
/**
 * Every time table of the paper, now that NL.PUB.SYS and the Postscript are released (26 Nov
 * 2026). The Postscript's rows without FREADSEEK are SL.PUB.SYS's, printed again: only its three
 * modified-program rows are cells of their own.
 */
export const ALL_TABLES = [
  'mpe-sl-seq',
  'mpe-catalog-resident',
  'mpe-nl-seq',
  'mpe-sl-postscript',
] as const satisfies readonly FileAccessTableId[];
const COLUMNS = ['cpu_ms', 'elapsed_ms'] as const;

/** Fitted parameters (their order is the covariance's, in constants.ts). */
export { FIT_KEYS };
export type FitKey = (typeof FIT_KEYS)[number];
const SCALE: Record<FitKey, number> = {
  discShortSeekMs: 10,
  discSeekMs: 20,
  discRotationMs: 8,
  discTransferMsPerKB: 0.6,
  cpuFreadDirUsPerRecord: 200,
  cpuFreadUsPerRecord: 200,
  cpuMoveUsPerByte: 0.3,
  cpuIoRequestUs: 300,
  cpuPageInUsPerFrame: 900,
  cpuSeekCallUs: 200,
};
/** Lower bounds: a transfer takes some time; costs are not negative. */
const MIN: Record<FitKey, number> = {
  discShortSeekMs: 0.01,
  discSeekMs: 0.1,
  discRotationMs: 0.1,
  discTransferMsPerKB: 0.001,
  cpuFreadDirUsPerRecord: 0,
  cpuFreadUsPerRecord: 0,
  cpuMoveUsPerByte: 0,
  cpuIoRequestUs: 0,
  cpuPageInUsPerFrame: 0,
  cpuSeekCallUs: 0,
};

type Prior =
  | { kind: 'lognormal'; center: number; sdLog: number; fact: string }
  | { kind: 'ridge'; sd: number; fact: string };

/**
 * Priors, each from a stated fact. Log-normal priors are written as ±2 sd ranges in the facts.
 * Ridge priors (mean 0, a standard deviation far above any plausible value) only keep a
 * direction the cells leave flat from being undefined; with the cells in, they do not move
 * the fit (checked: the fitted values change < 0.1 % without them).
 */
export const PRIORS: Record<FitKey, Prior> = {
  discTransferMsPerKB: {
    kind: 'lognormal',
    center: Math.sqrt(0.356 * 2.0),
    sdLog: Math.log(2.0 / 0.356) / 4,
    fact: 'the effective rates of the era’s HP discs: media rates of 1.0 MB/s (the HP-IB channel, IEEE 488’s ~1 MB/s) to 2.875 MB/s (HP 97560, 1991), with the HP 97548 (1989) at 1.6 MB/s between (pc-disk.de data sheets, www.mrynet.com/FTP/Hardware/hp/97548.txt, idealine.info/th99/h/txt/1245.txt), down to half the channel’s rate once head and track switches, sector interleave and the controller’s per-request work are paid: 0.36–2.0 ms per KB as ±2 sd. Widened on the release (it was 0.36–1.02): the media rate is an upper bound of what a reader sees, not its centre',
  },
  discRotationMs: {
    kind: 'lognormal',
    center: 8.33,
    sdLog: 0.08,
    fact: 'half a revolution at 3,600 rpm (8.33 ms), the spindle speed of the era’s HP discs; 4,002 rpm (7.5 ms) on the HP 97560: 7.1–9.8 ms as ±2 sd',
  },
  discSeekMs: {
    kind: 'lognormal',
    center: 20,
    sdLog: Math.log(33 / 12) / 4,
    fact: 'average seeks of the era’s 8- and 5.25-inch discs, about 16–25 ms: 12–33 ms as ±2 sd (typical data-sheet figures, an assumption: no calibration cell jumps)',
  },
  discShortSeekMs: {
    kind: 'lognormal',
    center: 30 - 8.33 - 4 * Math.sqrt(0.356 * 1.024),
    sdLog: 0.35,
    fact: 'the Postscript’s “30 milliseconds to read data from disc”, less rotation and one page’s transfer; ±2 sd is ×/÷ 2',
  },
  cpuFreadDirUsPerRecord: { kind: 'ridge', sd: 10_000, fact: 'none (weak ridge, 10 ms)' },
  cpuFreadUsPerRecord: { kind: 'ridge', sd: 10_000, fact: 'none (weak ridge, 10 ms)' },
  cpuMoveUsPerByte: { kind: 'ridge', sd: 10, fact: 'none (weak ridge, 10 µs/B)' },
  cpuIoRequestUs: { kind: 'ridge', sd: 10_000, fact: 'none (weak ridge, 10 ms)' },
  cpuPageInUsPerFrame: { kind: 'ridge', sd: 10_000, fact: 'none (weak ridge, 10 ms)' },
  cpuSeekCallUs: { kind: 'ridge', sd: 10_000, fact: 'none (weak ridge, 10 ms)' },
};
/** The paper's first assumption (§1.3), "the file system requests 4 logical pages at a time". */
const READ_AHEAD_PRIOR = { center: 4, sdLog: Math.log(8) };
export const READ_AHEADS = [4, 8, 12, 14, 15, 16, 17, 18, 24];

export interface Cell {
  table: FileAccessTableId;
  row: string;
  column: (typeof COLUMNS)[number];
  paper: number;
}

/** Every calibration cell (CPU and elapsed) of `tables` (the two calibration tables by default). */
export function calibrationCells(
  paper: PublishedTables,
  tables: readonly FileAccessTableId[] = CALIBRATION,
): Cell[] {
  const out: Cell[] = [];
  for (const table of tables) {
    const t = paper(table)!;
    for (const spec of TABLE_ROWS[table].rows)
      for (const column of COLUMNS) {
        if (table === 'mpe-sl-postscript' && !spec.freadseek) continue; // SL's, printed again
        const v = t.rows.find((r) => r.label === spec.label)?.values[column];
        if (typeof v === 'number') out.push({ table, row: spec.label, column, paper: v });
      }
  }
  return out;
}

export function presetParams(id: string): FileAccessParams {
  const preset = fileAccessModel.presets.find((p) => p.id === id)!;
  return fileAccessModel.paramsOf(preset.params);
}

export type Theta = Record<FitKey, number>;

export function withTheta(base: FileAccessParams, theta: Theta, readAhead: number) {
  return { ...base, ...theta, readAheadPages: readAhead };
}

/** The model's value of each cell with these constants. */
export function modelCells(cells: Cell[], theta: Theta, readAhead: number): number[] {
  const cache = new Map<string, { cpu_ms: number; elapsed_ms: number }>();
  return cells.map((c) => {
    const key = `${c.table}|${c.row}`;
    let v = cache.get(key);
    if (!v) {
      const spec = TABLE_ROWS[c.table].rows.find((r) => r.label === c.row)!;
      const run = runRow(withTheta(presetParams(c.table), theta, readAhead), spec);
      v = { cpu_ms: run.cpuMs, elapsed_ms: run.elapsedMs };
      cache.set(key, v);
    }
    return v[c.column];
  });
}

// ------------------------------------------------------------------ small linear algebra

// ------------------------------------------------------------------ the fit

export interface FitResult {
  theta: Theta;
  readAhead: number;
  /** Relative error of each fitted cell. */
  relErrors: number[];
  cells: Cell[];
  /** Residual relative standard deviation of the fitted cells. */
  s: number;
  dof: number;
  /** Posterior covariance of FIT_KEYS, in their units. */
  covariance: number[][];
  objective: number;
}

function priorResiduals(theta: Theta): number[] {
  return FIT_KEYS.map((k) => {
    const p = PRIORS[k];
    return p.kind === 'lognormal'
      ? (Math.log(Math.max(theta[k], 1e-9)) - Math.log(p.center)) / p.sdLog
      : theta[k] / p.sd;
  });
}

const decode = (x: number[]): Theta =>
  Object.fromEntries(FIT_KEYS.map((k, i) => [k, Math.max(MIN[k], x[i]! * SCALE[k])])) as Theta;

/** Levenberg–Marquardt at a fixed read-ahead and residual scale. */
function lm(cells: Cell[], readAhead: number, s: number, start: Theta) {
  const lb = FIT_KEYS.map((k) => MIN[k] / SCALE[k]);
  const res = (x: number[]) => {
    const theta = decode(x);
    const m = modelCells(cells, theta, readAhead);
    return [...m.map((v, i) => (v / cells[i]!.paper - 1) / s), ...priorResiduals(theta)];
  };
  const jac = (x: number[], r0: number[]) =>
    x.map((xi, j) => {
      const h = 1e-3 * Math.max(1, Math.abs(xi));
      const up = [...x];
      up[j] = xi + h;
      const rUp = res(up);
      if (xi - h < lb[j]!) return rUp.map((v, i) => (v - r0[i]!) / h);
      const dn = [...x];
      dn[j] = xi - h;
      const rDn = res(dn);
      return rUp.map((v, i) => (v - rDn[i]!) / (2 * h));
    });
  let x = FIT_KEYS.map((k) => start[k] / SCALE[k]);
  let r = res(x);
  let f = sq(r);
  let lambda = 1e-2;
  for (let it = 0; it < 60; it++) {
    const cols = jac(x, r);
    const p = x.length;
    const jtj = Array.from({ length: p }, (_, a) =>
      Array.from({ length: p }, (_, b) =>
        cols[a]!.reduce((acc, v, i) => acc + v * cols[b]![i]!, 0),
      ),
    );
    const g = cols.map((c) => c.reduce((acc, v, i) => acc + v * r[i]!, 0));
    let improved = false;
    for (let tries = 0; tries < 12 && !improved; tries++) {
      const a = jtj.map((row, i) => row.map((v, j) => (i === j ? v * (1 + lambda) + 1e-12 : v)));
      const step = solveLinear(
        a,
        g.map((v) => -v),
      );
      const nx = x.map((v, i) => Math.max(lb[i]!, v + step[i]!));
      const nr = res(nx);
      const nf = sq(nr);
      if (nf < f) {
        const done = f - nf < 1e-10 * Math.max(1, f);
        x = nx;
        r = nr;
        f = nf;
        lambda = Math.max(1e-9, lambda / 3);
        improved = true;
        if (done) it = Infinity;
      } else lambda *= 4;
    }
    if (!improved) break;
  }
  const cols = jac(x, r);
  const p = x.length;
  const jtj = Array.from({ length: p }, (_, a) =>
    Array.from({ length: p }, (_, b) => cols[a]!.reduce((acc, v, i) => acc + v * cols[b]![i]!, 0)),
  );
  const covX = invert(jtj);
  const covariance = covX.map((row, i) =>
    row.map((v, j) => v * SCALE[FIT_KEYS[i]!] * SCALE[FIT_KEYS[j]!]),
  );
  return { theta: decode(x), f, covariance };
}

export interface FitOptions {
  /** The tables whose cells are fitted (CALIBRATION by default). */
  tables?: readonly FileAccessTableId[];
  /** Cells to leave out of the fit (a leave-out fold). */
  exclude?: (c: Cell) => boolean;
  readAheads?: number[];
  start?: Theta;
  log?: (line: string) => void;
}

/** The joint fit: profile over read-ahead, two passes to set the residual scale. */
export function fitFileAccess(paper: PublishedTables, opts: FitOptions = {}): FitResult {
  const cells = calibrationCells(paper, opts.tables).filter((c) => !opts.exclude?.(c));
  const start =
    opts.start ??
    (Object.fromEntries(FIT_KEYS.map((k) => [k, fileAccessModel.paramsOf({})[k]])) as Theta);
  const startFixed: Theta = { ...start };
  for (const k of FIT_KEYS) startFixed[k] = Math.max(startFixed[k], MIN[k], 0.05 * SCALE[k]);
  let best: (FitResult & { score: number }) | null = null;
  for (const readAhead of opts.readAheads ?? READ_AHEADS) {
    let s = 0.03;
    let fit = lm(cells, readAhead, s, startFixed);
    const p = FIT_KEYS.length + 1;
    const dof = Math.max(1, cells.length - p);
    for (let pass = 0; pass < 1; pass++) {
      const rel = modelCells(cells, fit.theta, readAhead).map((v, i) => v / cells[i]!.paper - 1);
      s = Math.max(0.005, Math.sqrt(rel.reduce((a, e) => a + e * e, 0) / dof));
      fit = lm(cells, readAhead, s, fit.theta);
    }
    const relErrors = modelCells(cells, fit.theta, readAhead).map(
      (v, i) => v / cells[i]!.paper - 1,
    );
    const sse = relErrors.reduce((a, e) => a + e * e, 0);
    // Profile score: −2 log posterior up to a constant, with the read-ahead's own prior.
    const raPrior =
      ((Math.log(readAhead) - Math.log(READ_AHEAD_PRIOR.center)) / READ_AHEAD_PRIOR.sdLog) ** 2;
    const score =
      cells.length * Math.log(Math.max(sse, 1e-12) / cells.length) +
      sq(priorResiduals(fit.theta)) +
      raPrior;
    opts.log?.(
      `  read-ahead ${String(readAhead).padStart(2)}: rms ${(Math.sqrt(sse / cells.length) * 100).toFixed(2)} %, score ${score.toFixed(2)}`,
    );
    if (!best || score < best.score)
      best = {
        theta: fit.theta,
        readAhead,
        relErrors,
        cells,
        s,
        dof,
        covariance: fit.covariance,
        objective: sse,
        score,
      };
  }
  return best!;
}

function sq(r: number[]): number {
  return r.reduce((a, e) => a + e * e, 0);
}

/** The uncertainty a fit leaves, in the form the model uses. */
export function uncertaintyOf(fit: FitResult, level = 0.95): Uncertainty {
  return {
    keys: FIT_KEYS,
    covariance: fit.covariance,
    residualRelSd: fit.s,
    level,
    k: tQuantile(level, fit.dof),
  };
}

/**
 * The between-experiment term, estimated rather than assumed: each table is one experiment
 * (another file, another day's residency), so a table shares one offset of ln(model ÷ paper)
 * across its cells. Method of moments on the fit's log residuals: the variance of the tables'
 * mean residuals, less what the within-table scatter alone gives a mean of n cells. Returns
 * the sd of ln (≈ relative sd), 0 when the tables' means agree better than scatter implies.
 */
export function betweenTableSd(cells: readonly Cell[], model: readonly number[]): BetweenEstimate {
  const byTable = new Map<string, number[]>();
  cells.forEach((c, i) => {
    const r = Math.log(model[i]! / c.paper);
    byTable.set(c.table, [...(byTable.get(c.table) ?? []), r]);
  });
  const groups = [...byTable.entries()].map(([table, rs]) => {
    const mean = rs.reduce((a, b) => a + b, 0) / rs.length;
    return { table, n: rs.length, mean, ss: rs.reduce((a, r) => a + (r - mean) ** 2, 0) };
  });
  const within = groups.reduce((a, g) => a + g.ss, 0) / Math.max(1, cells.length - groups.length);
  const grand = groups.reduce((a, g) => a + g.mean, 0) / groups.length;
  const varMeans =
    groups.reduce((a, g) => a + (g.mean - grand) ** 2, 0) / Math.max(1, groups.length - 1);
  const meanInvN = groups.reduce((a, g) => a + 1 / g.n, 0) / groups.length;
  const tau2 = Math.max(0, varMeans - within * meanInvN);
  // The tables' common offset (grand mean) is the fit's business, not the between term's; the
  // fit centres it near 0, so the spread of the means around their own mean is what is left.
  return {
    sd: Math.sqrt(tau2),
    withinSd: Math.sqrt(within),
    tables: groups.map((g) => ({ table: g.table, cells: g.n, meanLogResidual: g.mean })),
  };
}

export interface BetweenEstimate {
  /** Between-table sd of ln(value). */
  sd: number;
  /** Pooled within-table sd of ln(value). */
  withinSd: number;
  tables: { table: string; cells: number; meanLogResidual: number }[];
}
