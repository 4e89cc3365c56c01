import { distinctOf } from './dense';
import type { Replacer } from './policies/replacer';

/** One access of a trace: the page asked for, hit or miss, the page evicted (−1: none), the frames after it (−1: empty). */
export interface TraceStep {
  page: number;
  hit: boolean;
  victim: number;
  slots: number[];
}

/**
 * A policy that also writes a step-by-step trace into `steps`: it passes every call on to
 * `inner` and hears only the misses (`evict` gives the victim, `load` the reference's index),
 * so the loop has no trace of its own and a hit costs nothing extra. The hits in between are
 * filled in from `refs`; call `finish` after the loop for those after the last miss.
 *
 * The frames are rebuilt here: every policy loads a page into the frame its victim held, or
 * into the next free frame while there is one, so a page keeps its frame until it is evicted
 * and the frames stay in a stable order.
 */
export class TracedReplacer implements Replacer {
  private readonly slotPage: Int32Array;
  private readonly slotOf: Int32Array;
  private used = 0;
  /** References traced so far. */
  private done = 0;
  /** The page the last `evict` chose, −1 when the coming load fills a free frame. */
  private victim = -1;

  constructor(
    private readonly inner: Replacer,
    private readonly refs: Int32Array,
    frames: number,
    private readonly steps: TraceStep[],
  ) {
    this.slotPage = new Int32Array(frames).fill(-1);
    this.slotOf = new Int32Array(distinctOf(refs)).fill(-1);
  }

  hit(p: number, i: number): boolean {
    return this.inner.hit(p, i);
  }

  evict(i: number): number {
    this.victim = this.inner.evict(i);
    return this.victim;
  }

  load(p: number, i: number): void {
    this.inner.load(p, i);
    this.hitsUntil(i);
    const { slotPage, slotOf, victim } = this;
    const slot = victim < 0 ? this.used++ : slotOf[victim]!;
    if (victim >= 0) slotOf[victim] = -1;
    slotPage[slot] = p;
    slotOf[p] = slot;
    this.push(p, false, victim);
    this.done = i + 1;
    this.victim = -1;
  }

  /** Adds the hits after the last miss. */
  finish(): void {
    this.hitsUntil(this.refs.length);
  }

  private hitsUntil(end: number): void {
    for (; this.done < end; this.done++) this.push(this.refs[this.done]!, true, -1);
  }

  private push(page: number, hit: boolean, victim: number): void {
    this.steps.push({ page, hit, victim, slots: Array.from(this.slotPage) });
  }
}
