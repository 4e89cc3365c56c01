import type { ModelRow, ModelTable } from '../types';
import { TRACE_MAX_FRAMES, TRACE_MAX_REFS, type PageReplacementParams } from './params';
import { CLASSIC_STRINGS, generateItems, itemsToPages } from './refs';
import { nextUses, type DenseString } from './dense';
import { POLICIES, simulatePolicy, type PolicyResult, type TraceStep } from './simulate';

export const SOURCE =
  '000_525c0b5ef756a1ce.txt §5 (“a very sharp drop in performance when not enough memory is available”)';

/** The scenario's reference string as page numbers. */
export function referencePages(p: PageReplacementParams): Int32Array {
  if (p.refs !== '') return Int32Array.from(p.refs.split(','), Number);
  if (p.refsPreset !== 'generated') return Int32Array.from(CLASSIC_STRINGS[p.refsPreset]);
  const items = generateItems({
    pattern: p.pattern,
    refCount: p.refCount,
    distinctItems: p.distinctItems,
    hotItems: p.hotItems,
    hotPct: p.hotPct,
    zipfExponent: p.zipfExponent,
    seed: p.seed,
  });
  return itemsToPages(items, p.itemBytes, p.pageBytes);
}

/** Every policy on the same string and memory size. */
export function runAll(dense: DenseString, frames: number, seed: number, next?: Int32Array) {
  const nxt = next ?? nextUses(dense.refs);
  return POLICIES.map((policy) => simulatePolicy(policy, dense.refs, frames, { seed, next: nxt }));
}

export const REPLACEMENT_COLUMNS = [
  { key: 'hits', label: 'Hits', unit: '' },
  { key: 'misses', label: 'Misses', unit: '' },
  { key: 'hit_rate_pct', label: 'Hit rate', unit: '%' },
  { key: 'elapsed_ms', label: 'Elapsed', unit: 'ms' },
];

export function elapsedMs(p: PageReplacementParams, refs: number, misses: number): number {
  return (refs * p.cpuPerRefUs) / 1000 + misses * p.discReadMs;
}

function describeString(p: PageReplacementParams, dense: DenseString): string {
  const n = dense.refs.length.toLocaleString('en-US');
  const pages = dense.ids.length.toLocaleString('en-US');
  if (p.refs !== '')
    return `Your string (${n} references to ${pages} pages; page numbers, so the page size does not apply).`;
  if (p.refsPreset !== 'generated')
    return `The classic string (${n} references to ${pages} pages; page numbers, so the page size does not apply).`;
  const mb = (p.frames * p.pageBytes) / 1_048_576;
  return (
    `${n} references (${p.pattern}) touch ${pages} distinct pages of ${p.pageBytes.toLocaleString('en-US')} B; ` +
    `memory is ${p.frames.toLocaleString('en-US')} frames = ${mb >= 1 ? `${mb.toFixed(1)} MB` : `${((p.frames * p.pageBytes) / 1024).toFixed(0)} KB`}.`
  );
}

/** The policies that are not stack algorithms: one more frame can mean more misses. */
const NON_STACK = ['FIFO', 'CLOCK', 'RAND'] as const;

/**
 * Belady's anomaly, named where it happens: each non-stack policy that misses more with these
 * frames than with one frame fewer. Physics, not a fault: FIFO's, CLOCK's and RAND's resident
 * sets for n frames are not always inside those for n + 1, as LRU's and OPT's are.
 */
export function beladyNote(
  p: PageReplacementParams,
  dense: DenseString,
  results: PolicyResult[],
): string | null {
  if (p.frames < 2) return null;
  const worse = NON_STACK.flatMap((policy) => {
    const now = results.find((r) => r.policy === policy)?.misses ?? 0;
    const fewer = simulatePolicy(policy, dense.refs, p.frames - 1, { seed: p.seed }).misses;
    return now > fewer
      ? [
          `${policy} misses ${now.toLocaleString('en-US')} times with ${p.frames} frames but ${fewer.toLocaleString('en-US')} with ${p.frames - 1}.`,
        ]
      : [];
  });
  if (worse.length === 0) return null;
  const belady = worse.some((w) => !w.startsWith('RAND'))
    ? ' Belady’s anomaly: FIFO and CLOCK are not stack algorithms (the pages they hold in n frames are not always among those they hold in n + 1), so one frame more can mean more misses — the policy’s physics, not a fault.'
    : '';
  const rand = worse.some((w) => w.startsWith('RAND'))
    ? ' RAND draws its victims at random, so one frame more can also be the unluckier run.'
    : '';
  return `More memory, more misses: ${worse.join(' ')}${belady}${rand} LRU and OPT never do this.`;
}

export function replacementTable(
  p: PageReplacementParams,
  dense: DenseString,
  results: PolicyResult[],
): ModelTable {
  const belady = beladyNote(p, dense, results);
  const n = dense.refs.length;
  const rows: ModelRow[] = results.map((r) => ({
    label: r.policy,
    values: {
      hits: r.hits,
      misses: r.misses,
      hit_rate_pct: n ? (100 * r.hits) / n : 0,
      elapsed_ms: elapsedMs(p, n, r.misses),
    },
  }));
  const compulsory = dense.ids.length;
  return {
    id: 'replacement',
    title: `Page replacement: ${p.frames} frames, every policy on the same string`,
    source: SOURCE,
    columns: REPLACEMENT_COLUMNS,
    rows,
    notes: [
      describeString(p, dense),
      `At least ${compulsory.toLocaleString('en-US')} misses are compulsory (first touch of each page); OPT is the fewest any policy can have.`,
      'The paper gives no counts to compare with: every row is computed. FIFO, LRU and OPT are checked against an independent brute-force implementation (tests/unit/page-replacement.test.ts).',
      ...(belady ? [belady] : []),
      `Elapsed = references × ${p.cpuPerRefUs} µs + misses × ${p.discReadMs} ms (one disc read per miss).`,
      'Every run starts with memory empty — the “blank slate” §7 of the paper asks for: on MPE/iX nothing controls what is already resident, so measured runs vary where these do not.',
    ],
  };
}

/** Columns of the trace: the page asked for, hit (1) or miss (0), the victim, then each frame. */
export function traceColumns(frames: number) {
  return [
    { key: 'page', label: 'Page', unit: '' },
    { key: 'hit', label: 'Hit (1) / miss (0)', unit: '' },
    { key: 'victim', label: 'Evicted', unit: '' },
    ...Array.from({ length: frames }, (_, i) => ({
      key: `frame_${i + 1}`,
      label: `Frame ${i + 1}`,
      unit: '',
    })),
  ];
}

export function traceSteps(p: PageReplacementParams, dense: DenseString): TraceStep[] {
  const trace: TraceStep[] = [];
  simulatePolicy(p.tracePolicy, dense.refs, p.frames, { seed: p.seed, trace });
  return trace;
}

/**
 * The step-by-step trace of one policy, for short strings: one row per access. Page numbers
 * are the string's own. An empty frame, or no victim, has no value (shown as —).
 */
export function traceTable(p: PageReplacementParams, dense: DenseString): ModelTable | null {
  if (dense.refs.length > TRACE_MAX_REFS || p.frames > TRACE_MAX_FRAMES) return null;
  const steps = traceSteps(p, dense);
  const id = (d: number) => dense.ids[d]!;
  return {
    id: 'replacement-trace',
    title: `Step by step: ${p.tracePolicy} with ${p.frames} frames`,
    source: SOURCE,
    columns: traceColumns(p.frames),
    rows: steps.map((s, i) => {
      const values: Record<string, number> = { page: id(s.page), hit: s.hit ? 1 : 0 };
      if (s.victim >= 0) values.victim = id(s.victim);
      s.slots.forEach((d, k) => {
        if (d >= 0) values[`frame_${k + 1}`] = id(d);
      });
      return { label: `${i + 1}. page ${id(s.page)} ${s.hit ? 'hit' : 'miss'}`, values };
    }),
    notes: [
      `Frames after each access; — is an empty frame or no eviction. Traced for strings of at most ${TRACE_MAX_REFS} references and ${TRACE_MAX_FRAMES} frames.`,
    ],
  };
}
