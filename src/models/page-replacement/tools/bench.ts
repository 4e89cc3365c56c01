/**
 * Page-replacement speed in Node: references per second for LRU, CLOCK and OPT on a
 * ten-million-reference trace: a hot set of 2,000 pages takes 90 % of references, a scan runs
 * through 98,000 others (the hot set fits in 4,096 frames, the scan does not; ~10 % misses).
 * Speed depends on the miss rate (a miss touches more arrays than a hit) and on how much of
 * the page table fits in the CPU caches: a Zipf string over a million pages runs 3–5× slower.
 * Figures only; targets (LRU and CLOCK ≥ 50 M refs/s) are shown beside them, never asserted.
 *
 * LRU and CLOCK are also run by a plain C loop on the same string (src/models/page-replacement/tools/paging.c,
 * compiled with the system `cc -O2` at bench time; skipped with a note where there is none):
 * its refs/s and the ratio JS time ÷ C time (goal ≤ 1.5). C and JS must count the same misses;
 * if they do not, the bench says so on stderr and in a figure.
 *
 *   npx tsx src/models/page-replacement/tools/bench.ts
 */
import { isDirectRun } from '../../../../scripts/lib/direct-run';
import { generateItems } from '../refs';
import { nextUses } from '../dense';
import { simulatePolicy, type Policy } from '../simulate';
import { runCLoop } from './native';
import type { Figure as BenchFigure } from '../../../../scripts/lib/figure';

const REFS = 10_000_000;
const FRAMES = 4096;

/** Best of `runs` wall times, in ms. */
function bestMs(runs: number, f: () => void): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    f();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

export async function benchMemory(): Promise<BenchFigure[]> {
  // Dense page ids already (0 … N−1), so no renumbering is timed.
  const refs = generateItems({
    pattern: 'hotscan',
    refCount: REFS,
    distinctItems: 100_000,
    hotItems: 2000,
    hotPct: 90,
    zipfExponent: 1,
    seed: 1,
  });
  const out: BenchFigure[] = [];
  const trace = `${(REFS / 1e6).toFixed(0)} M refs, hot set 2,000 (90 %) + scan over 100,000 pages, ${FRAMES} frames`;
  const js = new Map<Policy, { ms: number; misses: number }>();
  for (const policy of ['LRU', 'CLOCK'] as Policy[]) {
    let misses = 0;
    const ms = bestMs(3, () => {
      misses = simulatePolicy(policy, refs, FRAMES).misses;
    });
    js.set(policy, { ms, misses });
    out.push({
      name: `page-replacement ${policy}`,
      value: Math.round(REFS / (ms / 1000) / 1e5) / 10,
      unit: 'M refs/s',
      note: `target ≥ 50; ${trace}; ${(ms / 1000).toFixed(2)} s; miss rate ${((100 * misses) / REFS).toFixed(1)} %`,
    });
  }
  out.push(...cComparison(refs, js, trace));
  let next: Int32Array = new Int32Array(0);
  const precomputeMs = bestMs(1, () => {
    next = nextUses(refs);
  });
  let optMisses = 0;
  const optMs = bestMs(1, () => {
    optMisses = simulatePolicy('OPT', refs, FRAMES, { next }).misses;
  });
  const total = precomputeMs + optMs;
  out.push({
    name: 'page-replacement OPT',
    value: Math.round(REFS / (total / 1000) / 1e5) / 10,
    unit: 'M refs/s',
    note: `next-use precomputation ${(precomputeMs / 1000).toFixed(2)} s + heap ${(optMs / 1000).toFixed(2)} s; ${trace}; miss rate ${((100 * optMisses) / REFS).toFixed(1)} %`,
  });
  return out;
}

/** The C loop's figures beside the JS ones: refs/s, JS ÷ C time, and whether they agree. */
function cComparison(
  refs: Int32Array,
  js: Map<Policy, { ms: number; misses: number }>,
  trace: string,
): BenchFigure[] {
  const c = runCLoop(refs, FRAMES, 3);
  if (!c.ok) {
    console.error(`page-replacement: C comparison skipped: ${c.reason}`);
    return [
      { name: 'page-replacement C loop', value: NaN, unit: '', note: `skipped: ${c.reason}` },
    ];
  }
  const out: BenchFigure[] = [];
  for (const r of c.results) {
    const j = js.get(r.policy)!;
    out.push({
      name: `page-replacement ${r.policy} in C`,
      value: Math.round(REFS / (r.ms / 1000) / 1e5) / 10,
      unit: 'M refs/s',
      note: `${c.compiler}, -O2; ${trace}; ${(r.ms / 1000).toFixed(2)} s`,
    });
    const agree = r.misses === j.misses;
    if (!agree)
      console.error(
        `\n!!! page-replacement ${r.policy}: C and JS DISAGREE: C counts ${r.misses} misses, JS ${j.misses}. The comparison is void.\n`,
      );
    out.push({
      name: `page-replacement ${r.policy} JS/C`,
      value: agree ? Math.round((j.ms / r.ms) * 100) / 100 : NaN,
      unit: '× C time',
      note: agree
        ? `goal ≤ 1.5; C and JS agree: ${j.misses} misses, ${REFS - j.misses} hits`
        : `C and JS DISAGREE: C ${r.misses} misses, JS ${j.misses}`,
    });
  }
  return out;
}

if (isDirectRun(import.meta.url)) {
  for (const f of await benchMemory())
    console.log(`${f.name.padEnd(28)} ${String(f.value).padStart(8)} ${f.unit}  ${f.note ?? ''}`);
}
