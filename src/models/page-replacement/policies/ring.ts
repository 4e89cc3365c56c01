import { mix32 } from '../../random';
import type { Replacer } from './replacer';

/** Per-page state: not in memory. */
const OUT = 0;
/** In memory, its reference bit clear (CLOCK's hand has passed it since it was last used). */
const IN = 1;
/** In memory, its reference bit set: loaded or hit since the hand last passed. */
const REFERENCED = 2;

/** The victim choice of a ring policy: the frame whose page goes (it may move the hand). */
export type FrameChoice = (ring: Ring, i: number) => number;

/**
 * FIFO, CLOCK and RAND: frames in a ring, pages loaded at the hand, which then moves on; a
 * load or a hit sets the page's reference bit. They differ only in which frame's page is
 * evicted (`choose`): only CLOCK's choice reads the bit. They are one class on purpose: the loop in ../simulate.ts then sees
 * three kinds of policy (Ring, Lru, Opt), few enough for V8 to inline every call; five classes
 * made its call sites megamorphic and the loop 2–3× slower once every policy had run.
 */
export class Ring implements Replacer {
  /** Per page: OUT, IN or REFERENCED: a hit is one byte read and one byte write. */
  readonly state: Uint8Array;
  /** The page in each frame. */
  readonly slotPage: Int32Array;
  /** The frame the next page is loaded into. */
  hand = 0;

  constructor(
    distinct: number,
    readonly frames: number,
    private readonly choose: FrameChoice,
  ) {
    this.state = new Uint8Array(distinct);
    this.slotPage = new Int32Array(frames);
  }

  hit(p: number): boolean {
    const state = this.state;
    if (state[p] === OUT) return false;
    state[p] = REFERENCED;
    return true;
  }

  evict(i: number): number {
    const frame = this.choose(this, i);
    this.hand = frame;
    const victim = this.slotPage[frame]!;
    this.state[victim] = OUT;
    return victim;
  }

  load(p: number): void {
    const hand = this.hand;
    this.slotPage[hand] = p;
    this.state[p] = REFERENCED;
    this.hand = hand + 1 === this.frames ? 0 : hand + 1;
  }
}

/** FIFO: the hand points at the frame loaded longest ago. */
export function fifo(distinct: number, frames: number): Ring {
  return new Ring(distinct, frames, oldest);
}

function oldest(ring: Ring): number {
  return ring.hand;
}

/**
 * CLOCK (second chance): the hand spares a page referenced since it last passed, clearing its
 * bit, and stops at the first page whose bit is clear.
 */
export function clock(distinct: number, frames: number): Ring {
  return new Ring(distinct, frames, secondChance);
}

function secondChance(ring: Ring): number {
  const { state, slotPage, frames } = ring;
  let hand = ring.hand;
  while (state[slotPage[hand]!] === REFERENCED) {
    state[slotPage[hand]!] = IN;
    hand = hand + 1 === frames ? 0 : hand + 1;
  }
  return hand;
}

/**
 * RAND: a frame drawn uniformly, the draw a seeded hash of the reference's position in the
 * string (not the next number of one stream): one miss more or less early on never shifts
 * every later eviction's draw, so a small change to the string changes RAND's result a little
 * (issue 33: with one stream, a 0.3 % move of the Zipf exponent moved RAND by up to 8 %).
 */
export function rand(distinct: number, frames: number, seed: number): Ring {
  const base = mix32(seed ^ 0x7a4d0c11);
  return new Ring(distinct, frames, (_ring, i) =>
    Math.floor((mix32(base + Math.imul(i, 0x9e3779b9)) / 4294967296) * frames),
  );
}
