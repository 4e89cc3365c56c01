import type { ListParamSpec } from '../models/types';
import type { ListWhy } from './validate';

/**
 * The compact form of a list value in a link, for lists too long to read anyway (a 100,000-
 * reference trace): `packed.` then base64url (RFC 4648 §5, no padding) of bytes:
 *
 * - format 1, fixed width: `[1] [w] [n as LEB128] [n items of w bits each, least significant
 *   bit first, packed without gaps, zero-padded to a byte]` — best when items are small;
 * - format 2, deltas: `[2] [n as LEB128] [n × LEB128 of the zigzag-coded difference from the
 *   previous item, the first from 0]` — best for scans (`1000,1001,1002` costs a byte each).
 *
 * The writer picks the shorter (format 1 on a tie). The short readable form (`3,1,4`) is what
 * links carry for short lists; either form reads back to the same canonical value.
 */
export const PACKED_PREFIX = 'packed.';

/** Bits needed for a whole number (1 for 0). */
function bitsFor(max: number): number {
  let w = 1;
  while (w < 53 && 2 ** w <= max) w += 1;
  return w;
}

/** Longest `packed.` value a list parameter can need (the fixed-width form at its most items). */
export function maxPackedChars(spec: ListParamSpec): number {
  const bytes = 2 + 8 + Math.ceil((spec.maxItems * bitsFor(spec.itemMax)) / 8);
  return PACKED_PREFIX.length + Math.ceil((bytes * 4) / 3);
}

/** LEB128: seven bits a byte, low first, high bit set on all but the last. */
function pushVarint(out: number[], x: number): void {
  let v = x;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

/** Widest item of the fixed-width form: wider lists are written as deltas. */
const MAX_WIDTH = 45;

/** Null when an item needs more than MAX_WIDTH bits. */
function fixedWidth(items: ArrayLike<number>): number[] | null {
  let max = 0;
  for (let i = 0; i < items.length; i++) max = Math.max(max, items[i]!);
  const w = bitsFor(max);
  if (w > MAX_WIDTH) return null;
  const out = [1, w];
  pushVarint(out, items.length);
  // Pending bits: fewer than 8 between items, so acc stays below 2^(MAX_WIDTH + 8).
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < items.length; i++) {
    acc += items[i]! * 2 ** bits;
    bits += w;
    while (bits >= 8) {
      out.push(acc % 256);
      acc = Math.floor(acc / 256);
      bits -= 8;
    }
  }
  if (bits > 0) out.push(acc);
  return out;
}

function deltas(items: ArrayLike<number>): number[] {
  const out = [2];
  pushVarint(out, items.length);
  let prev = 0;
  for (let i = 0; i < items.length; i++) {
    const d = items[i]! - prev;
    pushVarint(out, d >= 0 ? 2 * d : -2 * d - 1);
    prev = items[i]!;
  }
  return out;
}

function toBase64url(bytes: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 8192) {
    parts.push(String.fromCharCode(...bytes.slice(i, i + 8192)));
  }
  return btoa(parts.join('')).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Null when `text` is not base64url (a stray character, or a length no encoder writes). */
function fromBase64url(text: string): Uint8Array | null {
  if (!/^[\w-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** The `packed.` text of a list of whole numbers (the shorter of the two formats). */
export function packList(items: ArrayLike<number>): string {
  const a = fixedWidth(items);
  const b = deltas(items);
  return PACKED_PREFIX + toBase64url(a === null || b.length < a.length ? b : a);
}

export type PackedReading = { ok: true; items: number[] } | ListWhy;

const flawed = (why: string, flaw: ListWhy['flaw'], values: ListWhy['values'] = {}): ListWhy => ({
  ok: false,
  why,
  flaw,
  values,
});

class Reader {
  at = 0;
  constructor(readonly bytes: Uint8Array) {}
  byte(): number | null {
    return this.at < this.bytes.length ? this.bytes[this.at++]! : null;
  }
  /** LEB128 up to 2^53; null when cut short or too long. */
  varint(): number | null {
    let v = 0;
    let scale = 1;
    for (let i = 0; i < 8; i++) {
      const b = this.byte();
      if (b === null) return null;
      v += (b & 0x7f) * scale;
      if (b < 0x80) return v;
      scale *= 0x80;
    }
    return null;
  }
}

/**
 * Reads a `packed.` value (with its prefix) for `spec`: the items, or why not. Never throws,
 * and allocates nothing in proportion to a count it has not checked against `spec.maxItems`.
 */
export function unpackList(spec: ListParamSpec, text: string): PackedReading {
  const bytes = fromBase64url(text.slice(PACKED_PREFIX.length));
  if (bytes === null) return flawed('is not valid base64url after "packed."', 'packedBase64');
  const r = new Reader(bytes);
  const format = r.byte();
  if (format !== 1 && format !== 2)
    return flawed(
      `has an unknown packed format (${format ?? 'none'}; known: 1, 2)`,
      'packedFormat',
      { format: format ?? 'none' },
    );
  const w = format === 1 ? r.byte() : 0;
  if (w === null || (format === 1 && (w < 1 || w > MAX_WIDTH)))
    return flawed(
      `declares an item width of ${w ?? 'nothing'} bits (1–${MAX_WIDTH})`,
      'packedWidth',
      { width: w ?? 'nothing', max: MAX_WIDTH },
    );
  const n = r.varint();
  if (n === null) return flawed('is cut short (no item count)', 'packedNoCount');
  if (n > spec.maxItems)
    return flawed(`has ${n} items (at most ${spec.maxItems})`, 'packedTooMany', {
      count: n,
      max: spec.maxItems,
    });
  const items: number[] = new Array<number>(n);
  if (format === 1) {
    const need = r.at + Math.ceil((n * w) / 8);
    if (bytes.length < need)
      return flawed(`is cut short (${n} items declared)`, 'packedCut', { count: n });
    let acc = 0;
    let bits = 0;
    const unit = 2 ** w;
    for (let i = 0, at = r.at; i < n; i++) {
      while (bits < w) {
        acc += bytes[at++]! * 2 ** bits;
        bits += 8;
      }
      items[i] = acc % unit;
      acc = Math.floor(acc / unit);
      bits -= w;
    }
    if (need !== bytes.length)
      return flawed(`has data after its ${n} items`, 'packedTrailing', { count: n });
  } else {
    let prev = 0;
    for (let i = 0; i < n; i++) {
      const z = r.varint();
      if (z === null)
        return flawed(`is cut short (${n} items declared, ${i} read)`, 'packedCutAt', {
          count: n,
          read: i,
        });
      prev += z % 2 === 0 ? z / 2 : -(z + 1) / 2;
      items[i] = prev;
    }
    if (r.at !== bytes.length)
      return flawed(`has data after its ${n} items`, 'packedTrailing', { count: n });
  }
  for (let i = 0; i < n; i++) {
    const x = items[i]!;
    if (!Number.isSafeInteger(x) || x < spec.itemMin || x > spec.itemMax)
      return flawed(`item ${i + 1} (${x}) is out of range`, 'packedItemRange', {
        item: i + 1,
        value: String(x),
      });
  }
  return { ok: true, items };
}
