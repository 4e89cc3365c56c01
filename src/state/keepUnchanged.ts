/**
 * Structural sharing between a step's answer and the one on screen (issue #31): an item of the
 * new list equal, value for value, to the item at the same place before is replaced by that
 * earlier object, so that the memoised table or chart drawing it is not drawn again. The
 * numbers on screen are the new answer's either way.
 */

/** Deep equality of plain data (what crosses from a worker): values, arrays, typed arrays, objects. */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || ArrayBuffer.isView(a)) {
    if (Array.isArray(a) !== Array.isArray(b) || ArrayBuffer.isView(a) !== ArrayBuffer.isView(b))
      return false;
    const x = a as ArrayLike<unknown>;
    const y = b as ArrayLike<unknown>;
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!sameData(x[i], y[i])) return false;
    return true;
  }
  if (Array.isArray(b) || ArrayBuffer.isView(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
      return false;
  }
  return true;
}

/**
 * `next` with each item that equals the item at the same place in `shown` (and has the same
 * `id`) replaced by that earlier object, and in an item that changed, each field that did not
 * (a chart's series when only its title moved) kept as the earlier object; `next` itself when
 * nothing could be kept.
 */
export function keepUnchanged<T extends { id: string }>(
  shown: readonly T[] | null | undefined,
  next: T[],
): T[] {
  if (!shown || shown.length === 0) return next;
  let kept = 0;
  const out = next.map((item, i) => {
    const before = shown[i];
    if (before === undefined || before.id !== item.id) return item;
    const was = before as Record<string, unknown>;
    const now = item as Record<string, unknown>;
    const keys = Object.keys(now);
    const same = keys.filter((k) => Object.hasOwn(was, k) && sameData(was[k], now[k]));
    // Only the id alike: nothing worth keeping.
    if (same.length <= 1) return item;
    kept++;
    if (same.length === keys.length && Object.keys(was).length === keys.length) return before;
    const mixed: Record<string, unknown> = { ...now };
    for (const k of same) mixed[k] = was[k];
    return mixed as T;
  });
  return kept === 0 ? next : out;
}
