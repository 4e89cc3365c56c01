import type { ModelRow, ModelTable } from '../types';
import {
  framesOf,
  missMsOf,
  TRACE_MAX_FRAMES,
  TRACE_MAX_REFS,
  type PageReplacementParams,
} from './params';
import { CLASSIC_STRINGS, generateItems, itemsToPages, MAX_PAGE_TOUCHES } from './refs';
import { nextUses, type DenseString } from './dense';
import { POLICIES, simulatePolicy, type PolicyResult, type TraceStep } from './simulate';

export const SOURCE =
  '000_525c0b5ef756a1ce.txt §5 (“a very sharp drop in performance when not enough memory is available”)';

/** The scenario's string: its page references, and what they stand for. */
export interface ScenarioString {
  /** Page numbers, one per page touched, in order. */
  pages: Int32Array;
  /** The program's references (each costs its CPU): items for a generated string, else pages. */
  references: number;
  /** References the scenario asked for; more than `references` when the cap cut the string. */
  requested: number;
  /** For a generated string: the distinct records the references read, and their bytes. */
  records?: { distinct: number; bytes: number };
}

/** The scenario's reference string as page references (see refs.ts). */
export function scenarioString(p: PageReplacementParams): ScenarioString {
  const pagesOnly = (pages: Int32Array): ScenarioString => ({
    pages,
    references: pages.length,
    requested: pages.length,
  });
  if (p.refs !== '') return pagesOnly(Int32Array.from(p.refs.split(','), Number));
  if (p.refsPreset !== 'generated')
    return pagesOnly(Int32Array.from(CLASSIC_STRINGS[p.refsPreset]));
  const items = generateItems({
    pattern: p.pattern,
    refCount: p.refCount,
    distinctItems: p.distinctItems,
    hotItems: p.hotItems,
    hotPct: p.hotPct,
    zipfExponent: p.zipfExponent,
    seed: p.seed,
  });
  const { pages, itemRefs } = itemsToPages(items, p.itemBytes, p.pageBytes);
  // Items of a sequential scan run past distinctItems: count them in a set of their own.
  const seen = new Set<number>();
  for (let i = 0; i < itemRefs; i++) seen.add(items[i]!);
  return {
    pages,
    references: itemRefs,
    requested: items.length,
    records: { distinct: seen.size, bytes: seen.size * p.itemBytes },
  };
}

/** The scenario's reference string as page numbers. */
export function referencePages(p: PageReplacementParams): Int32Array {
  return scenarioString(p).pages;
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

/** references × CPU per reference + misses × (positioning + page size × transfer per KB). */
export function elapsedMs(p: PageReplacementParams, references: number, misses: number): number {
  return (references * p.cpuPerRefUs) / 1000 + misses * missMsOf(p);
}

const count = (n: number) => n.toLocaleString('en-US');
const round = (v: number, digits: number) => String(Number(v.toFixed(digits)));

/** Bytes for people: `512 B`, `4 KB`, `360 KB`, `1.2 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_048_576) return `${round(bytes / 1_048_576, 1)} MB`;
  if (bytes >= 1024) return `${round(bytes / 1024, 1)} KB`;
  return `${round(bytes, 0)} B`;
}

/** "360 KB = 90 frames of 4 KB": the memory, and the frames it holds at this page size. */
export function memoryText(p: PageReplacementParams): string {
  const frames = framesOf(p);
  return `${formatBytes(p.memoryKB * 1024)} = ${count(frames)} frame${frames === 1 ? '' : 's'} of ${formatBytes(p.pageBytes)}`;
}

function describeString(p: PageReplacementParams, s: ScenarioString, dense: DenseString): string[] {
  const n = count(s.references);
  const pages = count(dense.ids.length);
  const memory = `Memory: ${memoryText(p)} (frames = memory ÷ page size).`;
  if (!s.records) {
    const what = p.refs !== '' ? 'Your string' : 'The classic string';
    return [
      `${what}: ${n} references to ${pages} pages (page numbers, each page ${formatBytes(p.pageBytes)}). ${memory}`,
    ];
  }
  const touched = dense.ids.length * p.pageBytes;
  const wasted = touched > 0 ? 100 * (1 - s.records.bytes / touched) : 0;
  const out = [
    `${n} references (${p.pattern}) read ${count(s.records.distinct)} distinct records of ${formatBytes(p.itemBytes)}` +
      `${s.pages.length !== s.references ? ` (${count(s.pages.length)} page references: a record spans several pages)` : ''}` +
      ` on ${pages} distinct pages of ${formatBytes(p.pageBytes)}. ${memory}`,
    `Internal fragmentation: those pages hold ${formatBytes(touched)}, of which the records read are ${formatBytes(s.records.bytes)}: ${round(Math.max(0, wasted), 1)} % of the bytes brought in are never read.`,
  ];
  if (s.references < s.requested)
    out.push(
      `Cut: the string stops after ${count(s.references)} of its ${count(s.requested)} references, at ${count(MAX_PAGE_TOUCHES)} page references (records of ${formatBytes(p.itemBytes)} in pages of ${formatBytes(p.pageBytes)} multiply it); every count is of those.`,
    );
  return out;
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
  const frames = framesOf(p);
  if (frames < 2) return null;
  const worse = NON_STACK.flatMap((policy) => {
    const now = results.find((r) => r.policy === policy)?.misses ?? 0;
    const fewer = simulatePolicy(policy, dense.refs, frames - 1, { seed: p.seed }).misses;
    return now > fewer
      ? [
          `${policy} misses ${now.toLocaleString('en-US')} times with ${frames} frames but ${fewer.toLocaleString('en-US')} with ${frames - 1}.`,
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
  s: ScenarioString,
  dense: DenseString,
  results: PolicyResult[],
): ModelTable {
  const belady = beladyNote(p, dense, results);
  const n = dense.refs.length;
  const rows: ModelRow[] = results.map((r) => ({
    label: r.policy,
    // OPT knows the future: the floor no policy can beat, not a contender in a regime map.
    ...(r.policy === 'OPT' ? { optimum: true } : {}),
    values: {
      hits: r.hits,
      misses: r.misses,
      hit_rate_pct: n ? (100 * r.hits) / n : 0,
      elapsed_ms: elapsedMs(p, s.references, r.misses),
    },
  }));
  const compulsory = dense.ids.length;
  const underAPage =
    framesOf(p) === 0
      ? [
          `The memory (${formatBytes(p.memoryKB * 1024)}) is smaller than one page of ${formatBytes(p.pageBytes)}: it holds no frame, so no page stays resident and every page reference misses (read, used, dropped).`,
        ]
      : [];
  const missMs = missMsOf(p);
  return {
    id: 'replacement',
    title: `Page replacement: ${memoryText(p)}, every policy on the same string`,
    source: SOURCE,
    columns: REPLACEMENT_COLUMNS,
    rows,
    notes: [
      ...describeString(p, s, dense),
      ...underAPage,
      `At least ${compulsory.toLocaleString('en-US')} misses are compulsory (first touch of each page); OPT is the fewest any policy can have.`,
      'The paper gives no counts to compare with: every row is computed. FIFO, LRU and OPT are checked against an independent brute-force implementation (tests/unit/page-replacement.test.ts).',
      ...(belady ? [belady] : []),
      `Elapsed = ${count(s.references)} references × ${p.cpuPerRefUs} µs + misses × ${round(missMs, 2)} ms per miss (${p.discPositionMs} ms seek and rotation + ${formatBytes(p.pageBytes)} × ${p.discTransferMsPerKB} ms/KB transfer). Hits and misses count page references.`,
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
  simulatePolicy(p.tracePolicy, dense.refs, framesOf(p), { seed: p.seed, trace });
  return trace;
}

/**
 * The step-by-step trace of one policy, for short strings: one row per access. Page numbers
 * are the string's own. An empty frame, or no victim, has no value (shown as —).
 */
export function traceTable(p: PageReplacementParams, dense: DenseString): ModelTable | null {
  const frames = framesOf(p);
  if (dense.refs.length > TRACE_MAX_REFS || frames > TRACE_MAX_FRAMES) return null;
  const steps = traceSteps(p, dense);
  const id = (d: number) => dense.ids[d]!;
  return {
    id: 'replacement-trace',
    title: `Step by step: ${p.tracePolicy} with ${frames} frames`,
    source: SOURCE,
    columns: traceColumns(frames),
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
