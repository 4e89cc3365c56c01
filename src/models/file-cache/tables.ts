import type { ModelTable } from '../types';
import type { FileCacheParams, FileCacheTableId } from './params';
import { mixedModeCost, simulateStealback, type MixedModeParams } from './simulate';

export const SOURCE = '001_6d91baf82a5c84e9.txt';
export const MIXED_ROW = 'Mixed-mode write() then mmap read: 11i v3 vs 11i v2';

const fmtBytes = (b: number) =>
  b >= 1_048_576 ? `${b / 1_048_576} MB` : b >= 1024 ? `${b / 1024} KB` : `${b} B`;

/** One assumption changed at a time: how far the “32×” moves. */
export function sensitivityRows(p: MixedModeParams): { label: string; params: MixedModeParams }[] {
  return [
    { label: MIXED_ROW, params: p },
    { label: 'Block 4 KB (one page)', params: { ...p, blockBytes: 4096 } },
    { label: 'Block 1 MB', params: { ...p, blockBytes: 1_048_576 } },
    {
      label: 'Disc write latency 8 ms (no write cache)',
      params: { ...p, discWriteLatencyMs: 8 },
    },
    {
      label: 'Disc write latency 0.2 ms (fast write cache)',
      params: { ...p, discWriteLatencyMs: 0.2 },
    },
    { label: 'Memory copy 4× faster', params: { ...p, memCopyMBps: p.memCopyMBps * 4 } },
    { label: 'Large pages (64 KB)', params: { ...p, pageBytes: 65_536 } },
  ];
}

export function mixedModeTable(p: FileCacheParams): ModelTable {
  const base = mixedModeCost(p);
  const flushShare = (100 * base.flushUs) / base.v2Us;
  return {
    id: 'ufc-mixed-mode',
    title: 'Mixed-mode application: write() a block, then read it through mmap()',
    source: `${SOURCE} “Mixed mode application”`,
    columns: [
      { key: 'v2_us', label: '11i v2 per block', unit: 'µs' },
      { key: 'v3_us', label: '11i v3 per block', unit: 'µs' },
      { key: 'speedup_x', label: 'v3 speed-up', unit: '×' },
    ],
    rows: sensitivityRows(p).map(({ label, params }) => {
      const c = mixedModeCost(params);
      return { label, values: { v2_us: c.v2Us, v3_us: c.v3Us, speedup_x: c.speedup } };
    }),
    notes: [
      `With a ${fmtBytes(p.blockBytes)} block (${base.pages} pages), the flush to disc is ${flushShare.toFixed(0)} % of the 11i v2 time: the speed-up is the disc write divided by a few memory operations, so it hinges on the disc write latency and the block size, hardly on the copy rate.`,
      'The paper gives only “32x faster”, no sizes or speeds. The disc write latency is fitted to that one cell (constants.ts); the other rows change one assumption each and are predictions.',
    ],
  };
}

export function stealbackTable(p: FileCacheParams): ModelTable {
  const runs = [
    { label: 'Stealback off (global LRU)', run: simulateStealback(p, false) },
    { label: 'Stealback on', run: simulateStealback(p, true) },
  ];
  const pct = (h: number, n: number) => (n ? (100 * h) / n : 0);
  return {
    id: 'ufc-stealback',
    title: 'Stealback: a working set beside a sequential scan',
    source: `${SOURCE} “Stealback”`,
    columns: [
      { key: 'ws_hit_rate_pct', label: 'Working-set hit rate', unit: '%' },
      { key: 'scan_hit_rate_pct', label: 'Scan hit rate', unit: '%' },
      { key: 'ws_resident_pages', label: 'Working set cached at end', unit: 'pages' },
      { key: 'scan_resident_pages', label: 'Scan cached at end', unit: 'pages' },
    ],
    rows: runs.map(({ label, run }) => ({
      label,
      values: {
        ws_hit_rate_pct: pct(run.wsHits, run.wsRefs),
        scan_hit_rate_pct: pct(run.scanHits, run.scanRefs),
        ws_resident_pages: run.wsResidentEnd,
        scan_resident_pages: run.scanResidentEnd,
      },
    })),
    notes: [
      `${p.workingSetPages} working-set pages and a ${p.scanFilePages.toLocaleString('en-US')}-page sequential file share ${p.cachePages} pages of file cache; ${p.scanSharePct} % of references come from the scan.`,
      'The paper gives no numbers for stealback: both rows are predictions. It is “off by default since it causes performance issues for certain workloads” — make the scanned file smaller than the cache and re-read it: with stealback on its own pages are stolen and its hit rate falls.',
    ],
  };
}

/** The benchmark tables: the paper's row labels and columns; the model has no mechanism for them. */
export const MEASURED_TABLES: Record<
  Exclude<FileCacheTableId, 'ufc-mixed-mode' | 'ufc-stealback'>,
  { title: string; section: string; rows: string[]; columns: { key: string; label: string }[] }
> = (() => {
  const all = ['IA 4-way', 'IA 8-way', 'IA 64-way', 'PA 4-way', 'PA 8-way', 'PA 64-way'];
  const small = ['IA 4-way', 'IA 8-way', 'PA 4-way', 'PA 8-way'];
  const delta = [{ key: 'delta_pct', label: 'Change from 11.23/VxFS 3.5' }];
  return {
    'ufc-sdet': { title: 'SDET', section: 'sdet results', rows: all, columns: delta },
    'ufc-mount': { title: 'Mount time', section: 'Mount results', rows: all, columns: delta },
    'ufc-unmount': { title: 'Unmount time', section: 'Unmount results', rows: all, columns: delta },
    'ufc-iozone-scale': {
      title: 'iozone scale (children / parent throughput)',
      section: 'iozone scale results',
      rows: all,
      columns: [
        { key: 'children_pct', label: 'Children' },
        { key: 'parent_pct', label: 'Parent' },
      ],
    },
    'ufc-postmark': { title: 'PostMark', section: 'PostMark results', rows: small, columns: delta },
    'ufc-iozone-az': {
      title: 'iozone -az (average)',
      section: 'iozone az results',
      rows: small,
      columns: delta,
    },
    'ufc-iozone-mmap': {
      title: 'iozone mmap (average)',
      section: 'iozone mmap results',
      rows: small,
      columns: delta,
    },
    'ufc-nastran': {
      title: 'Nastran',
      section: 'Nastran results',
      rows: ['IA 4-way'],
      columns: delta,
    },
  };
})();

/**
 * A measured table as a frame with no model values: the rows and columns are the paper's, the
 * model column stays empty (—) and the paper column carries the measurement.
 */
export function measuredTable(id: keyof typeof MEASURED_TABLES): ModelTable {
  const t = MEASURED_TABLES[id];
  return {
    id,
    title: `${t.title}: 11i v3 (UFC) vs 11.23, measured — % change`,
    source: `${SOURCE} “${t.section}”`,
    columns: t.columns.map((c) => ({ ...c, unit: '%' })),
    rows: t.rows.map((label) => ({ label, values: {} })),
    notes: [
      'Measured reference only: the paper gives no mechanism for these benchmarks, so the model computes nothing here (— in the model column).',
    ],
  };
}
