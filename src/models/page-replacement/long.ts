import { framesOf, type PageReplacementParams } from './params';
import { generateItems, itemsToPages } from './refs';
import { densePages, nextUses } from './dense';
import { POLICIES, simulatePolicy, type Policy } from './simulate';

/** Longest run the long-run panel offers: the bench's 10 million references. */
export const LONG_RUN_MAX_REFS = 10_000_000;

export interface LongRunProgress {
  done: number;
  total: number;
  /** What was just finished, e.g. "LRU". */
  step: string;
}

export interface LongRunRow {
  policy: Policy;
  hits: number;
  misses: number;
  hitRatePct: number;
  /** Wall time of this policy's pass on this machine. */
  ms: number;
  refsPerSecond: number;
}

export interface LongRunResult {
  refs: number;
  distinctPages: number;
  frames: number;
  /** Time to generate the string and renumber its pages. */
  generateMs: number;
  rows: LongRunRow[];
  /** True when the visitor stopped it: `rows` holds the policies finished by then. */
  cancelled: boolean;
}

/**
 * The scenario's generated string at a length the page's tables cannot afford (up to ten
 * million references), every policy in turn, on this machine. `onProgress` hears after each
 * step and stops the run by returning false; it is awaited, so a worker can hear "cancel"
 * between steps. The counts are the model's (same code as the tables); the times are this
 * machine's, reported, never asserted.
 */
export async function longRun(
  p: PageReplacementParams,
  refCount: number,
  onProgress?: (progress: LongRunProgress) => boolean | Promise<boolean>,
): Promise<LongRunResult> {
  const refs = Math.max(1, Math.min(LONG_RUN_MAX_REFS, Math.floor(refCount)));
  const total = POLICIES.length + 1;
  const t0 = performance.now();
  const items = generateItems({
    pattern: p.pattern,
    refCount: refs,
    distinctItems: p.distinctItems,
    hotItems: p.hotItems,
    hotPct: p.hotPct,
    zipfExponent: p.zipfExponent,
    seed: p.seed,
  });
  // A record larger than a page touches several: the string is cut at as many page references.
  const string = itemsToPages(items, p.itemBytes, p.pageBytes, LONG_RUN_MAX_REFS);
  const dense = densePages(string.pages);
  const pageRefs = Math.max(1, dense.refs.length);
  const frames = framesOf(p);
  const generateMs = performance.now() - t0;
  const result: LongRunResult = {
    refs: string.itemRefs,
    distinctPages: dense.ids.length,
    frames,
    generateMs,
    rows: [],
    cancelled: false,
  };
  if (onProgress && !(await onProgress({ done: 1, total, step: 'string generated' }))) {
    return { ...result, cancelled: true };
  }
  for (const policy of POLICIES) {
    const start = performance.now();
    // OPT's next-use table is part of its cost, so it is timed with it.
    const next = policy === 'OPT' ? nextUses(dense.refs) : undefined;
    const r = simulatePolicy(policy, dense.refs, frames, { seed: p.seed, next });
    const ms = performance.now() - start;
    result.rows.push({
      policy,
      hits: r.hits,
      misses: r.misses,
      hitRatePct: (100 * r.hits) / pageRefs,
      ms,
      refsPerSecond: ms > 0 ? pageRefs / (ms / 1000) : Number.POSITIVE_INFINITY,
    });
    const goOn = onProgress
      ? await onProgress({ done: result.rows.length + 1, total, step: policy })
      : true;
    if (!goOn) return { ...result, cancelled: result.rows.length < POLICIES.length };
  }
  return result;
}
