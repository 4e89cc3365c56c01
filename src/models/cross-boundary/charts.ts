import type { ChartData, LineChartData, StackedBarChartData } from '../types';
import { ipcCostsOf, minOf, mpeParamsOf } from './costs';
import { DOCT_ROWS, ipcCall, ipcTotalS, type IpcCosts } from './simulate';
import { intrinsicCall, MPE_ROWS, mpeRow } from './mpe';
import { partsTotal } from './simulate';
import type { CrossBoundaryParams } from './params';
import { ITERATION_COLUMNS, RPC_DOCT, RPC_NET_PA, SM_DOCT, SM_IPF, configSpec } from './tables';
import { DOCT_UNCERTAINTY } from './constants';
import { cholesky, propagate } from '../uncertainty';

const DOCT_FACTOR = cholesky(DOCT_UNCERTAINTY.covariance);

const ITERATION_STEPS = [1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6];

function timeVsIterations(p: CrossBoundaryParams, c: IpcCosts): LineChartData {
  const xs = [...new Set([...ITERATION_STEPS, p.iterations])].sort((a, b) => a - b);
  return {
    kind: 'line',
    id: 'time-vs-iterations',
    title: 'Time vs iterations, every transport',
    xLabel: 'Iterations',
    xUnit: 'calls',
    yLabel: 'Time',
    yUnit: 's',
    xScale: 'log',
    yScale: 'log',
    series: [
      ...DOCT_ROWS.map((spec) => {
        // One propagation for the whole line: every x is an output of the same run.
        const { values, intervals } = propagate(
          c as IpcCosts & Record<string, unknown>,
          DOCT_UNCERTAINTY,
          {
            evaluate: (q) => Object.fromEntries(xs.map((n) => [String(n), ipcTotalS(spec, q, n)])),
            minOf,
          },
          DOCT_FACTOR,
        );
        const band = xs.map((n) => ({
          x: n,
          lo: intervals[String(n)]![0],
          hi: intervals[String(n)]![1],
        }));
        return {
          name: spec.label,
          dashed: spec.transport === 'direct',
          points: xs.map((n) => ({ x: n, y: values[String(n)]! })),
          ...(spec.transport === 'direct' ? {} : { band }),
        };
      }),
    ],
    markers: [
      {
        x: p.iterations,
        label: `${p.iterations.toLocaleString('en-US')} call${p.iterations === 1 ? '' : 's'}`,
      },
    ],
    // The paper's 27 cells, by reference (the worker fills in the measured seconds).
    paperPoints: DOCT_ROWS.flatMap((spec) =>
      ITERATION_COLUMNS.map((k) => ({
        x: k.n,
        table: 'doct-ipc',
        row: spec.label,
        column: k.key,
        label: `${spec.label}, ${k.label}`,
      })),
    ),
    caption:
      'Start-up + n × per call, on log–log axes: where per-call cost dominates a line has slope 1 (linear scaling), and a flat start at small n is start-up; the amortized chart below shows where start-up stops mattering. Diamonds: the paper’s measurements at 10K, 100K and 1M. Bands: 95 % prediction intervals from the fit.',
  };
}

function amortized(p: CrossBoundaryParams, c: IpcCosts): LineChartData {
  const xs = [...new Set([...ITERATION_STEPS, p.iterations])].sort((a, b) => a - b);
  return {
    kind: 'line',
    id: 'amortized-per-call',
    title: 'Time per iteration, start-up included',
    xLabel: 'Iterations',
    xUnit: 'calls',
    yLabel: 'Total ÷ iterations',
    yUnit: 'µs',
    xScale: 'log',
    series: DOCT_ROWS.filter((s) => s.transport !== 'direct').map((spec) => ({
      name: spec.label,
      points: xs.map((n) => ({ x: n, y: (ipcTotalS(spec, c, n) / n) * 1e6 })),
    })),
    markers: [
      {
        x: p.iterations,
        label: `${p.iterations.toLocaleString('en-US')} call${p.iterations === 1 ? '' : 's'}`,
      },
    ],
    caption:
      'Start-up ÷ n + per call: shared memory’s ~1 s start-up (fork, exec, attach) makes it slower than RPC for a few thousand calls; by 100K calls only the per-call overhead is left — the paper’s “call overhead becomes the main element”.',
  };
}

/**
 * The paper's "why would you use RPC?": with work w per call (native PA µs), emulating the
 * library locally costs SM + w × DOCT factor, calling native PA code over the network RPC + w.
 */
export function crossoverWorkUs(c: IpcCosts): number | null {
  const a = ipcCall(SM_DOCT, { ...c, workPerCallUs: 0 });
  const b = ipcCall(RPC_NET_PA, { ...c, workPerCallUs: 0 });
  const slope = c.doctFactor - 1; // local DOCT work minus native PA work, per µs of work
  if (slope <= 0) return null;
  const w = (b.perCallUs - a.perCallUs) / slope;
  return w > 0 ? w : null;
}

function crossover(p: CrossBoundaryParams, c: IpcCosts): LineChartData {
  const w0 = crossoverWorkUs(c);
  const xs: number[] = [];
  for (let e = -1; e <= 5.001; e += 0.25) xs.push(10 ** e);
  if (p.workPerCallUs > 0) xs.push(p.workPerCallUs);
  if (w0 !== null) xs.push(w0);
  xs.sort((a, b) => a - b);
  const ratio = (spec: typeof SM_DOCT, w: number) =>
    ipcCall(spec, { ...c, workPerCallUs: w }).perCallUs /
    ipcCall(RPC_NET_PA, { ...c, workPerCallUs: w }).perCallUs;
  const markers: NonNullable<LineChartData['markers']> = [];
  if (w0 !== null) markers.push({ x: w0, label: `break-even ≈ ${w0.toPrecision(3)} µs` });
  if (p.workPerCallUs > 0) markers.push({ x: p.workPerCallUs, label: 'your work per call' });
  return {
    kind: 'line',
    id: 'rpc-crossover',
    title: 'Why use RPC? Local emulation ÷ remote native, as work per call grows',
    xLabel: 'Work per call (native PA-RISC)',
    xUnit: 'µs',
    yLabel: 'Local ÷ remote per-call time',
    yUnit: '×',
    xScale: 'log',
    series: [
      {
        name: 'SM to a local DOCT server ÷ RPC to native PA',
        points: xs.map((x) => ({ x, y: ratio(SM_DOCT, x) })),
      },
      {
        name: 'RPC to a local DOCT server ÷ RPC to native PA',
        points: xs.map((x) => ({ x, y: ratio(RPC_DOCT, x) })),
      },
      // The paper's third way: port the library, so its work runs natively on Itanium.
      {
        name: 'SM to a ported library (native IPF) ÷ RPC to native PA',
        points: xs.map((x) => ({ x, y: ratio(SM_IPF, x) })),
      },
      {
        name: 'break-even (1×)',
        dashed: true,
        points: [xs[0]!, xs[xs.length - 1]!].map((x) => ({ x, y: 1 })),
      },
    ],
    markers,
    caption:
      w0 === null
        ? 'With these costs, calling native PA code over the network never beats local emulation over shared memory.'
        : `Above 1× the remote native server wins. With the DOCT factor at ${c.doctFactor}×, shared memory to an emulated library wins until the library does ≈ ${w0.toPrecision(3)} µs of work per call; beyond that the network hop is cheaper than emulating.`,
  };
}

function perCallParts(p: CrossBoundaryParams, c: IpcCosts): LineChartData {
  // Per-call parts for the configuration, as the DOCT factor varies: the "stacked" view as lines.
  const spec = configSpec(p);
  const xs = [1, 1.5, 2, 3, 4, 4.5, 5, 6, 7, 8, 10, 12, 15, 20];
  const at = (d: number) => ipcCall(spec, { ...c, doctFactor: d });
  return {
    kind: 'line',
    id: 'per-call-parts',
    title: `Per-call parts of your configuration vs the DOCT factor`,
    xLabel: 'DOCT slowdown',
    xUnit: '×',
    yLabel: 'Time per call',
    yUnit: 'µs',
    xScale: 'linear',
    series: [
      { name: 'Client side', points: xs.map((x) => ({ x, y: at(x).clientUs })) },
      { name: 'Network hop', points: xs.map((x) => ({ x, y: at(x).crossingUs })) },
      { name: 'Server side', points: xs.map((x) => ({ x, y: at(x).serverUs })) },
      { name: 'Work', points: xs.map((x) => ({ x, y: at(x).workUs })) },
      { name: 'Per call (sum)', dashed: true, points: xs.map((x) => ({ x, y: at(x).perCallUs })) },
    ],
    markers: [{ x: c.doctFactor, label: `${c.doctFactor}×` }],
    caption: `${spec.label}. The parts table beside the results gives every row of the paper; only user-mode code is slowed by DOCT.`,
  };
}

function mpeSwitchChart(p: CrossBoundaryParams): LineChartData {
  const base = mpeParamsOf(p);
  const xs = [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20];
  const per = (w: 'NM' | 'OCT' | 'CM', i: 'FREAD' | 'KSAM FREAD', f: number) =>
    partsTotal(
      intrinsicCall(w, i, {
        ...base,
        cmEmulationFactor: f,
        octTranslationFactor:
          1 +
          ((base.octTranslationFactor - 1) * (f - 1)) / Math.max(base.cmEmulationFactor - 1, 1e-9),
      }),
    );
  return {
    kind: 'line',
    id: 'mpe-per-call',
    title: 'MPE/iX: one FREAD call from each mode, disc file (NM) vs KSAM (CM)',
    xLabel: 'CM emulation slowdown',
    xUnit: '×',
    yLabel: 'Time per call',
    yUnit: 'µs',
    xScale: 'linear',
    series: (['NM', 'OCT', 'CM'] as const).flatMap((w) => [
      {
        name: `${w} → FREAD (disc file, NM)`,
        points: xs.map((x) => ({ x, y: per(w, 'FREAD', x) })),
      },
      {
        name: `${w} → FREAD (KSAM, CM)`,
        dashed: true,
        points: xs.map((x) => ({ x, y: per(w, 'KSAM FREAD', x) })),
      },
    ]),
    markers: [{ x: p.cmEmulationFactor, label: `${p.cmEmulationFactor}×` }],
    caption:
      'The OCT factor is kept in the fitted proportion to the CM factor. When the intrinsic lives in the caller’s world there is no switch: KSAM favours CM/OCT callers, disc files favour NM.',
  };
}

/** Per-call overhead of every DOCT row, broken into its parts (the paper publishes totals). */
function doctPartsBars(c: IpcCosts): StackedBarChartData {
  return {
    kind: 'stacked-bar',
    id: 'doct-parts-bars',
    title: 'Per-call overhead, broken into its parts',
    valueLabel: 'Time per call',
    unit: 'µs',
    bars: DOCT_ROWS.map((spec) => {
      const b = ipcCall(spec, c);
      return {
        label: spec.label,
        parts: [
          { name: 'Client side', value: b.clientUs },
          { name: 'Network hop', value: b.crossingUs },
          { name: 'Server side', value: b.serverUs },
          { name: 'Work', value: b.workUs },
        ],
      };
    }),
    caption:
      'Model output from the fitted costs. Under DOCT only user-mode code is slowed: the shared-memory server mostly waits in the kernel, the RPC server runs the DCE runtime.',
  };
}

/** Where an MPE run's CPU goes, row by row: caller side, mode switches, callee side. */
function mpePartsBars(p: CrossBoundaryParams): StackedBarChartData | null {
  const rows = MPE_ROWS[p.table];
  if (!rows) return null;
  const m = mpeParamsOf(p);
  return {
    kind: 'stacked-bar',
    id: 'mpe-parts-bars',
    title: 'Where the CPU time goes: caller side, mode switches, callee side',
    valueLabel: 'CPU',
    unit: 'ms',
    bars: rows.map((spec) => {
      const r = mpeRow(spec, m);
      return {
        label: spec.label,
        parts: [
          { name: 'Caller side', value: r.parts.callerUs / 1000 },
          { name: 'Mode switches', value: r.parts.crossingUs / 1000 },
          { name: 'Callee side', value: r.parts.calleeUs / 1000 },
        ],
      };
    }),
    caption:
      'Model output: the split the paper cannot measure. A row pays switches only when the intrinsic lives in the other mode.',
  };
}

export function crossBoundaryCharts(p: CrossBoundaryParams): ChartData[] {
  const c = ipcCostsOf(p);
  const doct = [
    timeVsIterations(p, c),
    doctPartsBars(c),
    amortized(p, c),
    crossover(p, c),
    perCallParts(p, c),
  ];
  const mpe = mpePartsBars(p);
  return p.table === 'doct-ipc' || !mpe ? doct : [mpe, mpeSwitchChart(p), ...doct];
}
