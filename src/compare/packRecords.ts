/**
 * Large numeric series across the worker boundary as transferable buffers (issue 31): an
 * array of at least `PACK_MIN` records whose fields are all numbers (a chart's `{ x, y }`
 * points, `{ x, lo, hi }` bands) becomes one Float64Array, moved, not copied, by
 * `postMessage`; `unpackRecords` (src/state/unpackRecords.ts) rebuilds the same records on the page. Everything else is
 * left as it is (structured clone).
 */

/** Shorter arrays are not worth a buffer. */
export const PACK_MIN = 32;
export const TAG = '__packedRecords';

export interface PackedRecords {
  [TAG]: string[];
  data: Float64Array;
}

function numericKeys(a: unknown[]): string[] | null {
  const first = a[0];
  if (typeof first !== 'object' || first === null || Array.isArray(first)) return null;
  const keys = Object.keys(first);
  if (keys.length === 0) return null;
  for (const r of a) {
    if (typeof r !== 'object' || r === null || Array.isArray(r)) return null;
    const rec = r as Record<string, unknown>;
    if (Object.keys(rec).length !== keys.length) return null;
    for (const k of keys) if (typeof rec[k] !== 'number') return null;
  }
  return keys;
}

/** `value` with its long numeric record arrays packed, and the buffers to transfer. */
export function packRecords(value: unknown): { value: unknown; transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) {
      const keys = v.length >= PACK_MIN ? numericKeys(v) : null;
      if (!keys) return v.map(walk);
      const data = new Float64Array(v.length * keys.length);
      v.forEach((r: Record<string, number>, i) => {
        keys.forEach((k, j) => (data[i * keys.length + j] = r[k]!));
      });
      transfer.push(data.buffer);
      return { [TAG]: keys, data } satisfies PackedRecords;
    }
    if (typeof v === 'object' && v !== null && !ArrayBuffer.isView(v)) {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = walk(x);
      return out;
    }
    return v;
  };
  return { value: walk(value), transfer };
}
