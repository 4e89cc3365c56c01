/**
 * A dependent-load pointer chase, shared by the live measurements of the memory page
 * (latency against working-set size) and the hyperthreads page (a stall-heavy job).
 *
 * Elements sit `spacingBytes` apart in an Int32Array; each holds the index of the next one,
 * in a seeded random order that visits every element once before returning to the first (a
 * single cycle). Each load's address depends on the value of the previous load, so the
 * processor cannot overlap them, and the order is random, so no prefetcher can guess the next
 * address: the time per load is the latency of wherever the element lives (a cache level or
 * memory) plus any TLB miss. Pure: it runs in a worker, in Node and in tests.
 */
import { mulberry32 } from './random';

/** The cache-line size assumed when spreading elements (64 B on every current desktop CPU). */
export const LINE_BYTES = 64;

export interface Chain {
  /** Where the chain lives (shared between chains: only the last one built is valid). */
  buf: Int32Array;
  /** Index of the first element. */
  start: number;
  /** Elements in the cycle. */
  elements: number;
  /** Bytes of address space the elements are spread over. */
  spanBytes: number;
  /** Distinct cache lines the chain touches × LINE_BYTES: what the caches must hold. */
  footprintBytes: number;
}

export interface BuildChainOptions {
  /** One element every `spacingBytes` (a multiple of 4, at least 4). */
  spacingBytes: number;
  /**
   * When each element owns more than a line (spacing > 64 B), put it at a random line of its
   * slot rather than at the slot's start, so that elements one page apart do not all fall in
   * the same cache set (which would measure associativity, not capacity).
   */
  randomLine?: boolean;
  seed?: number;
  /** Called every so often while building a large chain; returning false stops the build. */
  check?: () => boolean | Promise<boolean>;
}

/** Steps of building done between two `check` calls. */
const BUILD_CHUNK = 1 << 18;

/** Allocates a chase buffer, or throws an Error whose message says what failed. */
export function allocateChaseBuffer(bytes: number): Int32Array {
  try {
    return new Int32Array(Math.ceil(bytes / 4));
  } catch {
    throw new Error(
      `Could not allocate ${Math.round(bytes / 2 ** 20)} MB for the pointer chase: this browser or device refused the memory. Try a smaller largest size.`,
    );
  }
}

/**
 * Builds a chain over the first `spanBytes` of `buf`: ⌊span ÷ spacing⌋ elements (at least
 * one), linked in a seeded random single cycle. Returns null when `check` stopped it.
 */
export async function buildChain(
  buf: Int32Array,
  spanBytes: number,
  options: BuildChainOptions,
): Promise<Chain | null> {
  const spacing = options.spacingBytes;
  if (!Number.isInteger(spacing) || spacing < 4 || spacing % 4 !== 0)
    throw new Error(`Element spacing must be a whole multiple of 4 bytes, not ${spacing}.`);
  if (spanBytes > buf.length * 4)
    throw new Error(`A ${spanBytes}-byte chain does not fit in a ${buf.length * 4}-byte buffer.`);
  const rand = mulberry32((options.seed ?? 1) ^ 0x3c6e_f372);
  const n = Math.max(1, Math.floor(spanBytes / spacing));
  const linesPerSlot = options.randomLine ? Math.floor(spacing / LINE_BYTES) : 0;
  const wordsPerSpacing = spacing / 4;
  const order = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    // A slot wider than the span (one page of 2 MB in a 1 MB working set) keeps to the span.
    const lines = Math.min(linesPerSlot, Math.floor((spanBytes - k * spacing) / LINE_BYTES));
    const line = lines > 1 ? Math.floor(rand() * lines) : 0;
    order[k] = k * wordsPerSpacing + (line * LINE_BYTES) / 4;
  }
  // Fisher–Yates in chunks (a 256 MB chain has millions of elements; cancel is heard between).
  for (let i = n - 1; i > 0;) {
    const stop = Math.max(0, i - BUILD_CHUNK);
    for (; i > stop; i--) {
      const j = Math.floor(rand() * (i + 1));
      const t = order[i]!;
      order[i] = order[j]!;
      order[j] = t;
    }
    if (options.check && !(await options.check())) return null;
  }
  // Visiting order[0], order[1], … and back to order[0]: one cycle through every element.
  for (let k = 0; k < n;) {
    const stop = Math.min(n, k + BUILD_CHUNK);
    for (; k < stop; k++) buf[order[k]!] = order[k + 1 === n ? 0 : k + 1]!;
    if (options.check && !(await options.check())) return null;
  }
  return {
    buf,
    start: order[0]!,
    elements: n,
    spanBytes,
    footprintBytes: n * Math.min(spacing, LINE_BYTES),
  };
}

/**
 * `loads` dependent loads along the chain from `from`; returns where it stopped (keep it: it
 * is what makes the loads necessary, so no compiler can remove them).
 */
export function chase(buf: Int32Array, from: number, loads: number): number {
  let p = from;
  let i = loads;
  for (; i >= 8; i -= 8) {
    p = buf[p]!;
    p = buf[p]!;
    p = buf[p]!;
    p = buf[p]!;
    p = buf[p]!;
    p = buf[p]!;
    p = buf[p]!;
    p = buf[p]!;
  }
  for (; i > 0; i--) p = buf[p]!;
  return p;
}
