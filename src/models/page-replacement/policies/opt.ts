import type { Replacer } from './replacer';

/**
 * OPT (Belady's MIN): the victim is the page whose next use is furthest away. `next` is
 * each reference's next use (see `nextUses` in ../dense.ts, one backward pass); a max-heap
 * keyed by next use holds the pages, with lazy deletion: a hit pushes the page's new key and
 * stale entries are skipped when popped. O(n log n): ten million references take about a second.
 */
export class Opt implements Replacer {
  private readonly resident: Uint8Array;
  /** Each page's current key: the index of its next use. */
  private readonly key: Int32Array;
  // Max-heap of (next use, page); at most one push per reference.
  private readonly heapKey: Int32Array;
  private readonly heapPage: Int32Array;
  private size = 0;

  constructor(
    distinct: number,
    private readonly next: Int32Array,
  ) {
    this.resident = new Uint8Array(distinct);
    this.key = new Int32Array(distinct);
    this.heapKey = new Int32Array(next.length + 1);
    this.heapPage = new Int32Array(next.length + 1);
  }

  hit(p: number, i: number): boolean {
    if (this.resident[p] === 0) return false;
    this.touch(p, i);
    return true;
  }

  evict(): number {
    const { heapKey, heapPage, resident, key } = this;
    // Skip stale entries: a page no longer resident, or one whose key has moved on.
    for (;;) {
      const q = heapPage[0]!;
      const qk = heapKey[0]!;
      this.popTop();
      if (resident[q] !== 0 && key[q] === qk) {
        resident[q] = 0;
        return q;
      }
    }
  }

  load(p: number, i: number): void {
    this.resident[p] = 1;
    this.touch(p, i);
  }

  /** Records p's next use after reference i. */
  private touch(p: number, i: number): void {
    const k = this.next[i]!;
    this.key[p] = k;
    const { heapKey, heapPage } = this;
    let at = this.size++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (heapKey[parent]! >= k) break;
      heapKey[at] = heapKey[parent]!;
      heapPage[at] = heapPage[parent]!;
      at = parent;
    }
    heapKey[at] = k;
    heapPage[at] = p;
  }

  private popTop(): void {
    const { heapKey, heapPage } = this;
    const size = --this.size;
    const k = heapKey[size]!;
    const p = heapPage[size]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= size) break;
      if (c + 1 < size && heapKey[c + 1]! > heapKey[c]!) c++;
      if (heapKey[c]! <= k) break;
      heapKey[i] = heapKey[c]!;
      heapPage[i] = heapPage[c]!;
      i = c;
    }
    heapKey[i] = k;
    heapPage[i] = p;
  }
}
