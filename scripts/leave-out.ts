/**
 * The scoreboard of "How well do the models predict?": every leave-out fold of every model,
 * refitted without its cells and predicted with the interval the page would show.
 *
 *   npx tsx scripts/leave-out.ts            print the folds
 *   npx tsx scripts/leave-out.ts --write    also rewrite src/papers/leave-out.ts
 *   npx tsx scripts/leave-out.ts --fold <table or group>   one file-access fold, JSON
 *   npx tsx scripts/leave-out.ts --merge a.json … --write  the file-access folds from those
 *
 * Folds: file-access (the four groups of scripts/fit-file-access.ts: minutes), file-cache (every
 * 64-way cell from the 4- and 8-way fit), cross-boundary (each doct-ipc column from the other
 * two), hyperthreads (the cothread sample runs from the single-core and two-core runs) and
 * directory-search (the binary-search cell, which the fit never sees). The cheap folds are
 * recomputed by tests/papers/leave-out.paper.test.ts, the file-access ones by
 * tests/papers/file-access-predict.paper.test.ts, against the committed file.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crossBoundaryModel, ipcCostsOf } from '../src/models/cross-boundary';
import { doctFold, type IpcCell } from '../src/models/cross-boundary/fit';
import { directorySearchModel } from '../src/models/directory-search';
import { FITTED } from '../src/models/file-access/constants';
import { fileAccessInfo } from '../src/models/file-access/info';
import { benchRatio, rowLabel } from '../src/models/file-cache/benchmarks';
import { fileCacheInfo } from '../src/models/file-cache/info';
import { predictionInterval } from '../src/models/file-cache/intervals';
import { hyperthreadsModel } from '../src/models/hyperthreads';
import {
  LATENCY_8640_PRIOR,
  sampleRelErrors,
  sampleUncertainty,
} from '../src/models/hyperthreads/fit';
import type { HyperthreadsParams } from '../src/models/hyperthreads/params';
import { sampleRunsTable } from '../src/models/hyperthreads/tables';
import { propagate } from '../src/models/uncertainty';
import { levenbergMarquardt } from 'ml-levenberg-marquardt';
import { findPaperTable } from '../src/papers';
import type { LeaveOutCell, LeaveOutFold } from '../src/papers/leave-out';
import type { TimeCell } from '../src/models/hyperthreads/fit';
import { evaluateTables } from '../src/compare/compare';
import {
  ALL_TABLES,
  FIT_KEYS,
  LEAVE_OUT_GROUPS,
  leaveOut,
  leaveTableOut,
  type TableFoldResult,
  type Theta,
} from './fit-file-access';
import { benchmarkCells, fitBenchmarks, isCalibration } from './fit-file-cache';
import { isDirectRun } from './lib/direct-run';

/** The cells of a paper table as the hyperthreads uncertainty and fold code take them. */
export const timeCells = (id: string, cols: string[]): TimeCell[] =>
  findPaperTable(id)!.rows.flatMap((r) =>
    cols
      .filter((c) => r.values[c] != null)
      .map((c) => ({ label: r.label, column: c, s: r.values[c]! })),
  );

const r4 = (x: number) => Number(x.toPrecision(4));
const cell = (c: LeaveOutCell): LeaveOutCell => ({
  label: c.label,
  column: c.column,
  measured: c.measured,
  model: r4(c.model),
  lo: r4(c.lo),
  hi: r4(c.hi),
});

export const DOCT_COLUMNS: [string, string, number][] = [
  ['s_10k', '10K', 1e4],
  ['s_100k', '100K', 1e5],
  ['s_1m', '1M', 1e6],
];

// ------------------------------------------------------------------ hyperthreads' refit

/** Stage 2 refitted to `cells` (Levenberg–Marquardt in log space, latency at the prior's mean). */
export function fitSample(
  cells: readonly TimeCell[],
  start: HyperthreadsParams,
): HyperthreadsParams {
  const keys = ['jobComputeGcycles', 'cyclesBetweenMisses', 'startStaggerS'] as const;
  const of = (xs: number[]) => ({
    ...start,
    memoryLatencyNs: LATENCY_8640_PRIOR.mean,
    ...Object.fromEntries(keys.map((k, i) => [k, Math.exp(xs[i]!)])),
  });
  const r = levenbergMarquardt(
    { x: cells.map((_, i) => i), y: cells.map(() => 0) },
    (xs: number[]) => {
      const e = sampleRelErrors(cells, of(xs));
      return (i: number) => e[i]!;
    },
    {
      initialValues: keys.map((k) => Math.log(Math.max(start[k], 0.1))),
      gradientDifference: 0.02,
      centralDifference: true,
      maxIterations: 60,
      errorTolerance: 1e-10,
      damping: 0.05,
    },
  );
  return of(r.parameterValues);
}

/**
 * Leave-out fold of vms-sample-runs: refit tc_cf and the stagger without the cells `holdOut`
 * picks, take the covariance of that refit, and predict the held-out cells with intervals.
 */
export function sampleFold(
  cells: readonly TimeCell[],
  holdOut: (c: TimeCell) => boolean,
  start: HyperthreadsParams,
): LeaveOutCell[] {
  const train = cells.filter((c) => !holdOut(c));
  const p = fitSample(train, start);
  const unc = sampleUncertainty(train, p);
  const held = cells.filter(holdOut);
  const { values, intervals } = propagate(p, unc, {
    evaluate: (q) => {
      const t = sampleRunsTable(q);
      return Object.fromEntries(
        held.map((c, i) => [String(i), t.rows.find((r) => r.label === c.label)!.values[c.column]!]),
      );
    },
    minOf: () => 0,
  });
  return held.map((c, i) => ({
    label: c.label,
    column: c.column,
    measured: c.s,
    model: values[String(i)]!,
    lo: intervals[String(i)]![0],
    hi: intervals[String(i)]![1],
  }));
}

export function crossBoundaryFolds(): LeaveOutFold[] {
  const paper = findPaperTable('doct-ipc')!;
  const cells: IpcCell[] = paper.rows.flatMap((r) =>
    DOCT_COLUMNS.filter(([k]) => r.values[k] != null).map(([k, , n]) => ({
      label: r.label,
      iterations: n,
      seconds: r.values[k]!,
    })),
  );
  const base = ipcCostsOf(crossBoundaryModel.paramsOf({}));
  return DOCT_COLUMNS.map(([, name, n]) => ({
    model: crossBoundaryModel.id,
    heldOut: `doct-ipc, the ${name} column, from the other two`,
    level: 0.95,
    unit: 's',
    // The refit's predictions, in the held-out cells' order, beside what the paper measured.
    cells: doctFold(cells, (c) => c.iterations === n, base).map((c, i) =>
      cell({ ...c, column: name, measured: cells.filter((h) => h.iterations === n)[i]!.seconds }),
    ),
    note:
      n === 1e4
        ? 'The 10K column is the least linear (start-ups dominate), so its intervals are the widest.'
        : n === 1e6
          ? 'RPC with a DOCT server is predicted 6 % high at 1M and falls just outside: the table’s 1M column is the least linear for that row.'
          : 'Predicted from the 10K and 1M columns.',
  }));
}

export function hyperthreadsFolds(): LeaveOutFold[] {
  const cells = timeCells('vms-sample-runs', ['wall_s', 'cpu_s']);
  const p = hyperthreadsModel.paramsOf(
    hyperthreadsModel.presets.find((x) => x.id === 'vms-sample-runs')!.params,
  );
  const fold = sampleFold(cells, (c) => c.label.includes('CoThreads'), p);
  return [
    {
      model: hyperthreadsModel.id,
      heldOut: 'vms-sample-runs, the two cothread sessions, from the single-core and two-core runs',
      level: 0.95,
      unit: 's',
      cells: fold.map((c) =>
        cell({ ...c, column: c.column === 'wall_s' ? 'Wall clock' : 'CPU time charged' }),
      ),
      note: 'Inside, but not informative upward: runs that never share a core cannot pin how much of tc_cf’s time is a memory stall, which is all a second hardware thread can use. The model predicts 13–20 % too little cothread time.',
    },
  ];
}

export function directorySearchFolds(): LeaveOutFold[] {
  const preset = directorySearchModel.presets.find((x) => x.id === 'vmsp-directory')!;
  const t = evaluateTables(directorySearchModel, preset.params).tables[0]!;
  const r = t.rows.find((x) => x.label === 'Binary search')!;
  const [lo, hi] = r.intervals!.saving_us_per_search!;
  return [
    {
      model: directorySearchModel.id,
      heldOut: 'vmsp-directory, the binary-search saving (the fit sees only the sorted one)',
      level: 0.95,
      unit: 'µs',
      cells: [
        cell({
          label: 'Binary search',
          column: 'Saving per search',
          measured: r.paper!.saving_us_per_search!,
          model: r.model.saving_us_per_search!,
          lo,
          hi,
        }),
      ],
      note: 'One held-out cell. The interval is wide because the paper gives the time per instruction only as “comparable to” 125 ns.',
    },
  ];
}

export function fileCacheFolds(): LeaveOutFold[] {
  const all = benchmarkCells();
  const fit = fitBenchmarks(all.filter(isCalibration));
  const u = { covariance: fit.covariance, residualSdLog: fit.residualSdLog, t90: fit.t90 };
  return [
    {
      model: fileCacheInfo.id,
      heldOut: 'every 64-way cell, from the 4- and 8-way fit',
      level: 0.9,
      unit: '×',
      cells: all
        .filter((c) => !isCalibration(c))
        .map((c) => {
          const [lo, hi] = predictionInterval(c.table, c.column, c.platform, c.cpus, fit.params, u);
          return cell({
            label: `${c.table} ${rowLabel(c.platform, c.cpus)}`,
            column: c.column,
            measured: c.paper,
            model: benchRatio(c.table, c.column, c.platform, c.cpus, fit.params),
            lo,
            hi,
          });
        }),
      note: 'Seven of eight are over-predicted: v3’s advantage grows less from 8 to 64 CPUs than contention and a coherency κ at its prior (about 10⁻⁴, not pinned by the 4- and 8-way cells) say. κ brings IA SDET to −1 % and IA iozone from +20 % to +10 %; PA’s small lock share leaves κ little to bend, and unmount (one operation) has none.',
    },
  ];
}

const foldCells = (r: { cells: TableFoldResult['cells'] }) =>
  r.cells.map((c) =>
    cell({
      label: `${c.table} ${c.row}`,
      column: c.column === 'cpu_ms' ? 'CPU' : 'Elapsed',
      measured: c.paper,
      model: c.model,
      lo: c.interval[0],
      hi: c.interval[1],
    }),
  );

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/**
 * One table out of the four the paper prints (SL, CATALOG, NL, the Postscript's modified
 * program): fitted on the other three, the between-experiment term estimated from them.
 */
export function fileAccessTableFolds(log: (r: TableFoldResult) => void = () => {}): LeaveOutFold[] {
  return ALL_TABLES.map((table) => fileAccessTableFold(table, log));
}

/** One table's fold (a separate process each with `--fold <table>`: they are minutes apiece). */
export function fileAccessTableFold(
  table: (typeof ALL_TABLES)[number],
  log: (r: TableFoldResult) => void = () => {},
): LeaveOutFold {
  const start = Object.fromEntries(FIT_KEYS.map((k) => [k, FITTED[k].value])) as Theta;
  {
    const r = leaveTableOut(table, start);
    log(r);
    return {
      model: fileAccessInfo.id,
      heldOut: r.group,
      level: 0.95,
      unit: 'ms',
      cells: foldCells(r),
      betweenSd: r4(r.between.sd),
      note:
        `Fitted on the other three tables (read-ahead ${r.readAhead} pages, scatter ${pct(r.s)} on ${r.dof} dof); ` +
        `between-experiment term estimated from them: ${pct(r.between.sd)} (the tables’ mean log residuals ` +
        r.between.tables
          .map((t) => `${t.table} ${(t.meanLogResidual * 100).toFixed(1)} %`)
          .join(', ') +
        `; within-table ${pct(r.between.withinSd)}).`,
    };
  }
}

export function fileAccessFolds(groups = LEAVE_OUT_GROUPS): LeaveOutFold[] {
  const start = Object.fromEntries(FIT_KEYS.map((k) => [k, FITTED[k].value])) as Theta;
  return groups.map((g) => {
    const r = leaveOut(g, start);
    return {
      model: fileAccessInfo.id,
      heldOut: g.name,
      level: 0.95,
      unit: 'ms',
      cells: r.cells.map((c) =>
        cell({
          label: `${c.table} ${c.row}`,
          column: c.column === 'cpu_ms' ? 'CPU' : 'Elapsed',
          measured: c.paper,
          model: c.model,
          lo: c.interval[0],
          hi: c.interval[1],
        }),
      ),
      note: g.name.includes('whole')
        ? 'Neither calibration table can be predicted from the other alone: the priors then give intervals one to two orders of magnitude wide. They cover, but predict nothing.'
        : g.name.includes('FREADSEEK rows')
          ? 'Fread & FreadSeek CPU falls outside: the known 8 s CPU miss no mechanism in the paper explains.'
          : 'Predicted within 10 %.',
    };
  });
}

function main() {
  // `--fold <table>` or `--fold <group>`: one file-access fold, as JSON on stdout (run the slow
  // folds side by side); `--merge a.json b.json …` then takes them instead of recomputing.
  const at = process.argv.indexOf('--fold');
  if (at > 0) {
    const name = process.argv[at + 1]!;
    const table = ALL_TABLES.find((t) => t === name);
    const fold = table
      ? fileAccessTableFold(table)
      : fileAccessFolds([LEAVE_OUT_GROUPS.find((g) => g.name === name)!])[0]!;
    console.log(JSON.stringify(fold));
    return;
  }
  const merged = process.argv.indexOf('--merge');
  const given: LeaveOutFold[] =
    merged > 0
      ? process.argv
          .slice(merged + 1)
          .filter((a) => a.endsWith('.json'))
          .map((f) => JSON.parse(readFileSync(f, 'utf8')) as LeaveOutFold)
      : [];
  const fa = given.length
    ? [
        ...ALL_TABLES.map((t) => given.find((f) => f.heldOut.startsWith(`${t} (one table`))!),
        ...given.filter((f) => !f.heldOut.includes('one table out')),
      ]
    : [
        ...fileAccessTableFolds((r) =>
          console.error(`${r.group}: ${r.inside} of ${r.cells.length} inside`),
        ),
        ...fileAccessFolds().filter((f) => !f.heldOut.includes('whole table')),
      ];
  const folds = [
    ...fa,
    ...fileCacheFolds(),
    ...crossBoundaryFolds(),
    ...hyperthreadsFolds(),
    ...directorySearchFolds(),
  ];
  for (const f of folds) {
    const inside = f.cells.filter((c) => c.measured >= c.lo && c.measured <= c.hi).length;
    console.log(`${f.model}: ${f.heldOut}: ${inside} of ${f.cells.length} inside`);
    for (const c of f.cells)
      console.log(`  ${c.label} ${c.column}: ${c.model} (${c.lo}–${c.hi}) vs ${c.measured}`);
  }
  if (process.argv.includes('--write')) {
    const path = fileURLToPath(new URL('../src/papers/leave-out-data.ts', import.meta.url));
    writeFileSync(
      path,
      `/** Generated by \`npx tsx scripts/leave-out.ts --write\`: do not edit by hand. */\n` +
        `import type { LeaveOutFold } from './leave-out';\n\n` +
        `export const LEAVE_OUT_FOLDS: LeaveOutFold[] = ${JSON.stringify(folds, null, 2)};\n`,
    );
    execFileSync('npx', ['prettier', '--write', path], { stdio: 'ignore' });
    console.log(`\nwrote ${path}`);
  }
}

if (isDirectRun(import.meta.url)) main();
