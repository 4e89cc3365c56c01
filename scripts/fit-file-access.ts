/**
 * Calibrates the file-access model's constants (src/models/file-access/constants.ts).
 *
 *   npx tsx scripts/fit-file-access.ts
 *
 * Fits, by Levenberg–Marquardt on the relative error per cell, the CPU and elapsed cells of the two
 * tables the issue names for calibration: mpe-sl-seq and mpe-catalog-resident (20 cells).
 * Nothing else is seen: the NL table and the Postscript's re-measured rows are withheld and
 * predicted. Read-ahead is an integer and is fitted by trying each value. The script prints
 * the constants and the per-cell errors; copying them into constants.ts is a deliberate,
 * reviewed step (with the notes on which cells pin each constant).
 */
import { levenbergMarquardt } from 'ml-levenberg-marquardt';
import { fileAccessModel } from '../src/models/file-access';
import { timeTable } from '../src/models/file-access/tables';
import type { FileAccessParams } from '../src/models/file-access/params';
import { compareTable, summarize } from '../src/compare/compare';
import { findPaperTable } from '../src/papers';

const CALIBRATION = ['mpe-sl-seq', 'mpe-catalog-resident'] as const;
const COLUMNS = ['cpu_ms', 'elapsed_ms'];

/** Fitted keys and how each maps from an unconstrained optimiser coordinate (all ≥ 0). */
const KEYS = [
  'residentPct',
  'discLatencyMs',
  'discTransferMsPerPage',
  'cpuMappedUsPerRecord',
  'cpuFreadDirUsPerRecord',
  'cpuFreadUsPerRecord',
  'cpuMoveUsPerByte',
  'cpuFaultUs',
  'cpuIoRequestUs',
  'cpuPageInUsPerFrame',
  'cpuSeekCallUs',
] as const;
type Key = (typeof KEYS)[number];

const toValue = (k: Key, x: number): number =>
  k === 'residentPct' ? 100 / (1 + Math.exp(-x)) : Math.exp(x);
const toCoord = (k: Key, v: number): number =>
  k === 'residentPct'
    ? Math.log(Math.max(v, 1e-3) / (100 - Math.min(v, 99.9)))
    : Math.log(Math.max(v, 1e-4));

function presetParams(id: string): FileAccessParams {
  const preset = fileAccessModel.presets.find((p) => p.id === id)!;
  return fileAccessModel.paramsOf(preset.params);
}

function withConstants(
  base: FileAccessParams,
  c: Record<Key, number>,
  readAhead: number,
): FileAccessParams {
  // CATALOG was read into memory first: it stays 100 % resident whatever SL's residue is.
  const resident = base.table === 'mpe-catalog-resident' ? 100 : c.residentPct;
  return { ...base, ...c, residentPct: resident, readAheadPages: readAhead };
}

function evaluate(c: Record<Key, number>, readAhead: number) {
  return CALIBRATION.map((id) =>
    compareTable(timeTable(withConstants(presetParams(id), c, readAhead)), findPaperTable(id)),
  );
}

/** Relative error (model ÷ paper − 1) of every calibration cell, in a fixed order. */
function residuals(c: Record<Key, number>, readAhead: number): number[] {
  const out: number[] = [];
  for (const t of evaluate(c, readAhead))
    for (const r of t.rows) for (const k of COLUMNS) out.push((r.errorPct[k] ?? 0) / 100);
  return out;
}

const decode = (xs: number[]) =>
  Object.fromEntries(KEYS.map((k, i) => [k, toValue(k, xs[i]!)])) as Record<Key, number>;
const start = fileAccessModel.paramsOf({});
const cells = residuals(decode(KEYS.map((k) => toCoord(k, start[k]))), start.readAheadPages).length;

let best: { c: Record<Key, number>; readAhead: number; fx: number } | null = null;
for (const readAhead of [12, 13, 14, 15, 16, 17, 18]) {
  // Parameters live in log space (a step is a relative change). One simulation per point:
  // each closure keeps its own residuals (the library holds two closures at once).
  const model = (xs: number[]) => {
    const res = residuals(decode(xs), readAhead);
    return (i: number) => res[i]!;
  };
  const fit = levenbergMarquardt(
    { x: Array.from({ length: cells }, (_, i) => i), y: new Array<number>(cells).fill(0) },
    model,
    {
      initialValues: KEYS.map((k) => toCoord(k, start[k])),
      gradientDifference: 0.01,
      centralDifference: true,
      maxIterations: 200,
      errorTolerance: 1e-9,
      damping: 0.1,
    },
  );
  const c = decode(fit.parameterValues);
  const fx = residuals(c, readAhead).reduce((a, e) => a + e * e, 0);
  console.log(
    `readAhead ${readAhead}: sum of squared relative errors ${fx.toExponential(3)} (${fit.iterations} iterations)`,
  );
  if (!best || fx < best.fx) best = { c, readAhead, fx };
}

const { c, readAhead } = best!;
console.log(`\nBest read-ahead: ${readAhead} pages`);
for (const k of KEYS) console.log(`  ${k.padEnd(24)} ${c[k].toPrecision(5)}`);
for (const t of evaluate(c, readAhead)) {
  const s = summarize(t.rows, COLUMNS)!;
  console.log(
    `\n${t.id}: median |err| ${s.medianAbsErrorPct.toFixed(2)} %, max ${s.maxAbsErrorPct.toFixed(2)} %`,
  );
  for (const r of t.rows)
    console.log(
      `  ${r.label.padEnd(24)} ` +
        ['cpu_ms', 'elapsed_ms', 'delta_ms']
          .map(
            (k) =>
              `${k} ${r.model[k]!.toFixed(0).padStart(7)} vs ${String(r.paper?.[k] ?? '—').padStart(6)} (${r.errorPct[k]?.toFixed(1) ?? '—'} %)`,
          )
          .join('   '),
    );
}
