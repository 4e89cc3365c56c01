/** The page's side of src/compare/packRecords.ts (state/ takes only types from compare/). */
import type { PackedRecords, TAG as PackTag } from '../compare/packRecords';

const TAG: typeof PackTag = '__packedRecords';

/** The records `packRecords` packed, rebuilt (the rest of `value` as it is). */
export function unpackRecords<T>(value: unknown): T {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v !== 'object' || v === null || ArrayBuffer.isView(v)) return v;
    const packed = v as Partial<PackedRecords>;
    if (Array.isArray(packed[TAG]) && packed.data instanceof Float64Array) {
      const keys = packed[TAG];
      const { data } = packed;
      const n = keys.length;
      const out: Record<string, number>[] = new Array(data.length / n);
      for (let i = 0; i < out.length; i++) {
        const r: Record<string, number> = {};
        for (let j = 0; j < n; j++) r[keys[j]!] = data[i * n + j]!;
        out[i] = r;
      }
      return out;
    }
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = walk(x);
    return out;
  };
  return walk(value) as T;
}
