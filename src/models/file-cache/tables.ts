import type { ModelTable } from '../types';
import {
  BENCHMARKS,
  FIT_KEYS,
  rates,
  rowLabel,
  type BenchParams,
  type BenchmarkId,
  type MechanismKind,
} from './benchmarks';
import { BENCH_UNCERTAINTY } from './constants';
import { predictionInterval } from './intervals';
import type { FileCacheParams } from './params';
import { mixedModeCost, simulateStealback, type MixedModeParams } from './simulate';

export const SOURCE = '001_6d91baf82a5c84e9.txt';
export const MIXED_ROW = 'Mixed-mode write() then mmap read: 11i v3 vs 11i v2';

const fmtBytes = (b: number) =>
  b >= 1_048_576 ? `${b / 1_048_576} MB` : b >= 1024 ? `${b / 1024} KB` : `${b} B`;

/** One assumption changed at a time: how far the “32×” moves. */
export function sensitivityRows(p: MixedModeParams): {
  label: string;
  short: string;
  params: MixedModeParams;
}[] {
  return [
    { label: MIXED_ROW, short: 'Mixed mode', params: p },
    { label: 'Block 4 KB (one page)', short: 'Block 4 KB', params: { ...p, blockBytes: 4096 } },
    { label: 'Block 1 MB', short: 'Block 1 MB', params: { ...p, blockBytes: 1_048_576 } },
    {
      label: 'Disc write latency 8 ms (no write cache)',
      short: 'Write 8 ms',
      params: { ...p, discWriteLatencyMs: 8 },
    },
    {
      label: 'Disc write latency 0.2 ms (fast write cache)',
      short: 'Write 0.2 ms',
      params: { ...p, discWriteLatencyMs: 0.2 },
    },
    {
      label: 'Memory copy 4× faster',
      short: 'Copy 4×',
      params: { ...p, memCopyMBps: p.memCopyMBps * 4 },
    },
    { label: 'Large pages (64 KB)', short: 'Pages 64 KB', params: { ...p, pageBytes: 65_536 } },
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
    rows: sensitivityRows(p).map(({ label, short, params }) => {
      const c = mixedModeCost(params);
      return { label, short, values: { v2_us: c.v2Us, v3_us: c.v3Us, speedup_x: c.speedup } };
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

/** The benchmark tables the model has no mechanism for: the paper's row labels and columns. */
export const MEASURED_TABLES: Record<
  'ufc-mount' | 'ufc-nastran',
  { title: string; section: string; rows: string[]; reason: string }
> = {
  'ufc-mount': {
    title: 'Mount time',
    section: 'Mount results',
    rows: ['IA 4-way', 'IA 8-way', 'IA 64-way', 'PA 4-way', 'PA 8-way', 'PA 64-way'],
    reason:
      'No mechanism in the paper: mounting reads and writes metadata, and “Metadata is maintained in buffer cache” in 11i v3 as in v2, so the architecture it describes predicts no change, let alone +27 to +73 % on every machine. Nor do the cells follow the CPU count (IA falls from 4 to 8 CPUs and rises again at 64). Fitting them would be fitting noise, so the model computes nothing here.',
  },
  'ufc-nastran': {
    title: 'Nastran',
    section: 'Nastran results',
    rows: ['IA 4-way'],
    reason:
      'One cell (+1 %, parity) and no word in the paper on how much file I/O Nastran does: a mechanism would have to be fitted to that cell alone, so the model computes nothing here.',
  },
};

/**
 * A measured table as a frame with no model values: the rows and columns are the paper's, the
 * model column stays empty (—) and the paper column carries the measurement.
 */
export function measuredTable(id: keyof typeof MEASURED_TABLES): ModelTable {
  const t = MEASURED_TABLES[id];
  return {
    id,
    title: `${t.title}: 11i v3 (UFC) vs 11.23, measured only — % change`,
    source: `${SOURCE} “${t.section}”`,
    columns: [{ key: 'delta_pct', label: 'Change from 11.23/VxFS 3.5', unit: '%' }],
    rows: t.rows.map((label) => ({ label, values: {} })),
    notes: [`Measured reference only. ${t.reason}`],
  };
}

export const benchParamsOf = (p: FileCacheParams): BenchParams =>
  Object.fromEntries(FIT_KEYS.map((k) => [k, p[k]])) as BenchParams;

const MECHANISM_NOTE: Record<MechanismKind, string> = {
  lock: 'Mechanism: Gunther’s Universal Scalability Law for each kernel, v3 ÷ v2 = A × (1 + σ(N−1) + κN(N−1)) / (1 + φσ(N−1) + κN(N−1)). A is the one-CPU path ratio (on PA weighted by ω); σ is the share of a one-CPU call 11i v2 spends holding its global buffer-cache lock, φ the share of that serialization 11i v3 keeps with per-vnode page lists; κ is the coherency cost both kernels pay for dragging the same file data and metadata between CPUs’ caches. With one CPU there is neither term; without κ (Amdahl) v3’s lead would grow for ever, with it both kernels peak and v3’s lead falls back towards A on a large machine.',
  size: 'Mechanism (inferred: the paper gives no reason for unmount’s numbers): unmount flushes and invalidates what SDET left cached. v2’s work grows by σᵤ per extra CPU of machine size (a bigger buffer cache to walk), v3 walks only the file system’s vnodes’ page lists and grows φ as fast; at one CPU v3 is slower (A < 1: “Page teardown and creation is expensive”). φ and the PA factor s are shared with the lock model: an assumption.',
  single:
    'Mechanism: one process, so no contention and no dependence on the CPU count: v3 ÷ v2 is the one-CPU path ratio A alone, one fitted number per table; on PA the changed path weighs ω as much (1 − 1/A(PA) = ω(1 − 1/A(IA))). The 4- and 8-way cells differ by the benchmark’s own scatter.',
};

/**
 * Why the 64-way predictions run high (issue 33): what the 4- and 8-way cells cannot see. Not
 * a weighting of the fit: the fit gives the 64-way cells no weight at all (they are the
 * leave-out). Not κ: κ is shared by both kernels and does not reach unmount.
 */
export const SIXTY_FOUR_WAY_NOTE =
  'Why the 64-way rows run high (at the fitted constants 7 of the 8 paper cells, +8 … +23 %; SDET IA −1 %): not the fit’s weighting — the fit gives them no weight, they are its leave-out — and not the coherency κ, which both kernels pay and unmount does not. What 4 and 8 CPUs cannot show is the machine: a 64-way HP server is cellular (ccNUMA: many cells, each with its own CPUs and memory), a 4- or 8-way one has one or two cells. The paper’s “Future UFC enhancements” name it — “Analyze and improve ccNuma behavior for file data”, “Use multiple mrgs for file cache data” (11i v3 keeps all file-cache data in one memory resource group, so on a cellular machine most CPUs reach file pages in another cell’s memory) — 11i v3’s file data not yet tuned for ccNUMA, a cost that grows with the cells and that the model does not carry, in every 64-way cell, unmount’s walk of page lists included (v2’s buffer cache had years of such tuning behind it; the paper does not say how much). No cell outside the 64-way ones could size it, so it is named here, not fitted; and the slide calls its data “preliminary … not yet updated with final results”.';

const TABLE_NOTES: Record<BenchmarkId, string[]> = {
  'ufc-sdet': [
    'Fitted to these cells: the one-CPU ratio A (with σ shared with iozone scale, φ and the PA factor s shared with iozone scale and unmount, ω with every table): 1 own parameter for 4 calibration cells.',
    'Known miss: IA 8-way (+23 %) is under-predicted (about +12 %): σ is shared with iozone scale, whose cells do not rise from 4 to 8 CPUs. The fit gives PA a lock share about 0.2 × IA’s, which keeps PA near parity as measured.',
    'The coherency κ is not pinned by any cell (at 4 and 8 CPUs κN(N−1) is under 1 % of the denominator): it is a stated prior, about 10⁻⁴ give or take a decade (constants.ts). Its spread is the widest part of the 64-way intervals and reaches mostly below the prediction: a large κ takes the 64-way gain back towards the one-CPU ratio, κ = 0 adds only a few per cent.',
  ],
  'ufc-iozone-scale': [
    'Fitted to these cells: the one-CPU ratio A and the parent ÷ children factor (0.66): 2 own parameters for 8 calibration cells. Parent sees a constant fraction of the children’s gain: parent ÷ children of the printed ratios is 0.60–0.72 in all six rows.',
    'What the model cannot explain: from 4 to 8 CPUs the children’s gain falls on IA (+117 % → +84 %) and rises on PA (+48 % → +100 %). No mechanism in the paper moves the two platforms in opposite directions, so these cells miss by 10–20 % either way; the slide calls the data preliminary.',
  ],
  'ufc-unmount': [
    'Fitted to these cells: the one-CPU ratio A and the growth σᵤ: 2 own parameters for 4 calibration cells (σᵤ is poorly pinned, so the 64-way intervals are wide).',
  ],
  'ufc-postmark': [
    'Fitted to these cells: one ratio for 4 cells. The regression is PostMark creating and deleting files: v3 builds and tears down pages and VM structures for each (the paper lists re-using pages of an unlinked vnode as a future enhancement), and its metadata still goes through the buffer cache. “This regression will be addressed in future patches.”',
  ],
  'ufc-iozone-az': [
    'Fitted to these cells: one ratio for 4 cells. The average hides the spread the slide mentions: re-writes and small random writes are below parity (the per-call kernel mapping and fault is not amortised over a small record), larger sequential I/O gains from pages kept cached until re-used.',
  ],
  'ufc-iozone-mmap': [
    'Fitted to these cells: one ratio for 4 cells. The largest gain of all tables: with one cache, mapped access needs no flush or copy between the buffer cache and the page cache (the same mechanism as the mixed-mode table).',
  ],
};

/**
 * One benchmark table regenerated: the paper's rows plus a row for the CPUs/platform knobs.
 * 64-way rows and the knob row are predictions (the fit saw only 4- and 8-way cells) and
 * carry a 90 % prediction interval from the fit's covariance and residual scatter.
 */
export function benchmarkTable(id: BenchmarkId, p: FileCacheParams): ModelTable {
  const spec = BENCHMARKS[id];
  const bp = benchParamsOf(p);
  const u = BENCH_UNCERTAINTY;
  const paperRows = spec.rows.map((r) => ({ ...r, label: rowLabel(r.platform, r.cpus) }));
  // A single process runs alike on any machine size: its knob row names the platform only.
  const knobLabel =
    spec.kind === 'single' ? `${p.platform} (knobs)` : `${rowLabel(p.platform, p.cpus)} (knobs)`;
  const rows = [...paperRows, { platform: p.platform, cpus: p.cpus, label: knobLabel }];
  let clamped = false;
  const modelRows = rows.map((r) => {
    const predicted = r.cpus !== 4 && r.cpus !== 8 ? true : r.label === knobLabel;
    const values: Record<string, number> = {};
    const intervals: Record<string, [number, number]> = {};
    for (const c of spec.columns) {
      const rr = rates(id, r.platform, r.cpus, bp, c.key);
      clamped ||= rr.clamped;
      values[c.key] = rr.ratio;
      if (predicted) intervals[c.key] = predictionInterval(id, c.key, r.platform, r.cpus, bp, u);
    }
    return { label: r.label, values, ...(predicted ? { predicted: true, intervals } : {}) };
  });
  const has64 = spec.rows.some((r) => r.cpus === 64);
  return {
    id,
    title: `${spec.title}: 11i v3 (UFC) ÷ 11i v2, model and paper${has64 ? ' — 64-way predicted' : ''}`,
    source: `${SOURCE} “${spec.section}”`,
    columns: spec.columns.map((c) => ({ key: c.key, label: c.label, unit: '×' })),
    intervalLevel: 0.9,
    rows: modelRows,
    chartColumns: spec.columns.map((c) => c.key),
    notes: [
      MECHANISM_NOTE[spec.kind],
      ...TABLE_NOTES[id],
      has64
        ? 'Leave-out prediction: the constants were fitted to the 4- and 8-way cells of all six modelled tables only (npm run fit -- file-cache); the 64-way rows are predicted, with a 90 % prediction interval from the fit’s covariance, its residual scatter (±11 % per cell) and, for the lock tables, the coherency κ’s prior spread (one-sided: it only pulls a gain down). The summary line covers the fitted cells; each prediction’s error is in its row.'
        : 'The summary line covers the fitted cells; the knob row is a prediction with a 90 % interval from the fit’s covariance and residual scatter.',
      ...(has64 && spec.kind !== 'single' ? [SIXTY_FOUR_WAY_NOTE] : []),
      spec.kind === 'single'
        ? `The “${knobLabel}” row follows the platform knob (one process: the machine’s size does not change it).`
        : `The “${knobLabel}” row follows the CPUs and platform knobs; the paper’s rows keep their own CPU counts.`,
      ...(clamped
        ? [
            'The PA weight ω is so large here that the changed path would take over 95 % of a PA operation; the model holds it at 95 %.',
          ]
        : []),
    ],
  };
}
