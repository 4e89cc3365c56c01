/**
 * Seeded randomness shared by every model: same seed, same numbers (the seed is in the link).
 * mulberry32: a small, fast 32-bit generator; plenty for choosing pages or service times.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates shuffle of `items` in place with `rand`; returns `items`. */
export function shuffleInPlace<T extends { [i: number]: number; length: number }>(
  items: T,
  rand: () => number,
): T {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const tmp = items[i]!;
    items[i] = items[j]!;
    items[j] = tmp;
  }
  return items;
}

/**
 * murmur3's 32-bit finaliser: a hash of an integer, for streams indexed by position (a
 * reference's own draws), so that what happens at one position never shifts another's numbers.
 */
export function mix32(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
