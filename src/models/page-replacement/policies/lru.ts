import type { Replacer } from './replacer';

/** `link[2p]` of a page not in memory. */
const OUT = -2;

/**
 * LRU: a doubly linked recency list; a hit moves the page to the front, the tail is the
 * victim. Each page's links sit side by side in one array (`link[2p]` = previous, −2 when
 * the page is not in memory; `link[2p + 1]` = next), so a hit touches one cache line.
 */
export class Lru implements Replacer {
  private readonly link: Int32Array;
  /** Most recently used page, −1: none. */
  private head = -1;
  /** Least recently used page, −1: none. */
  private tail = -1;

  constructor(distinct: number) {
    this.link = new Int32Array(2 * distinct).fill(OUT);
  }

  hit(p: number): boolean {
    const link = this.link;
    const pp = link[2 * p]!;
    if (pp === OUT) return false;
    const head = this.head;
    if (p !== head) {
      // Unlink p (it has a predecessor, since it is not the head) and push it to the front.
      const np = link[2 * p + 1]!;
      link[2 * pp + 1] = np;
      if (np >= 0) link[2 * np] = pp;
      else this.tail = pp;
      link[2 * p] = -1;
      link[2 * p + 1] = head;
      link[2 * head] = p;
      this.head = p;
    }
    return true;
  }

  evict(): number {
    const link = this.link;
    const victim = this.tail;
    const tail = link[2 * victim]!;
    link[2 * victim] = OUT;
    if (tail >= 0) link[2 * tail + 1] = -1;
    else this.head = -1;
    this.tail = tail;
    return victim;
  }

  load(p: number): void {
    const link = this.link;
    const head = this.head;
    link[2 * p] = -1;
    link[2 * p + 1] = head;
    if (head >= 0) link[2 * head] = p;
    else this.tail = p;
    this.head = p;
  }
}
