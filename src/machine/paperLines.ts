/**
 * The papers' own measurements, restated for the machine page beside this machine's: read
 * from src/papers (display only; the claims' predictions never use them).
 */
import { findPaperTable } from '../papers';
import { crossoverCalls, twoPointFit } from './claims/ipcFit';

const cell = (table: string, row: string, col: string): number => {
  const v = findPaperTable(table)?.rows.find((r) => r.label === row)?.values[col];
  if (typeof v !== 'number') throw new Error(`paper cell ${table} / ${row} / ${col} is missing`);
  return v;
};

const fmt = (x: number, d = 3) =>
  Number(x.toPrecision(d)).toLocaleString('en-US', { maximumFractionDigits: 3 });

export function crossBoundaryPaperLine(): string {
  const rpc = 'RPC - IPF client, PA / DOCT server';
  const sm = 'SM - IPF client, DOCT/PA server';
  const fit = (row: string) =>
    twoPointFit(
      10_000,
      cell('doct-ipc', row, 's_10k') * 1000,
      1_000_000,
      cell('doct-ipc', row, 's_1m') * 1000,
    );
  const n = crossoverCalls(fit(rpc), fit(sm));
  const r1m = cell('doct-ipc', rpc, 's_1m');
  const s1m = cell('doct-ipc', sm, 's_1m');
  return `On the paper’s Itanium (RPC to a PA/DOCT server against shared memory), 1M calls took ${fmt(r1m, 4)} s by RPC and ${fmt(s1m, 4)} s by shared memory (${fmt(r1m / s1m, 2)}×); its 10K and 1M rows, read as start-up + calls × per call, put the crossover at ≈ ${n === null ? '—' : fmt(n, 2)} calls.`;
}

export function cothreadPaperLine(): string {
  const rows = findPaperTable('vms-cothread')?.rows ?? [];
  const gains = rows.map((r) => {
    const off = r.values['off_s'] as number;
    const on = r.values['on_s'] as number;
    return (100 * (off - on)) / off;
  });
  return `On Montecito (OpenVMS, 10 copies on 4 cores), turning the cothreads on gained ${gains.map((g) => g.toFixed(1)).join(', ')} % (${rows.map((r) => r.label).join('; ')}).`;
}

export function directoryPaperLine(): string {
  const sorted = cell('vmsp-directory', 'Sorted directory', 'saving_us_per_search');
  const binary = cell('vmsp-directory', 'Binary search', 'saving_us_per_search');
  return `On the paper’s VM/SP system, sorting saves about ${sorted} µs per search and binary search about ${binary} µs, against the unsorted directory’s linear search.`;
}
