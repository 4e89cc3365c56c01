/**
 * The disc: one arm, one queue. Page faults, the file system's read-ahead and FREADSEEK
 * prefetches all wait in the same first-come, first-served queue. A request costs
 *
 *   seek(distance) + rotational latency + span × transfer per page,
 *
 * where the transfer is per byte (a page of b bytes takes b / 1024 × the time per KB), the
 * rotational latency is the average wait for the first sector (half a revolution: requests
 * are not synchronized with the platter), and the seek depends on how far the arm moves from
 * where the previous request left it. A request for the next blocks of the file (distance 0)
 * pays the short seek; a jump pays more, growing as √distance (the arm accelerates then
 * decelerates) up to the average seek at a third of the disc (SEEK_AVERAGE_BYTES); the first
 * request of a run finds the arm elsewhere and pays the average seek.
 *
 * Each request's pages arrive in file order, each usable on arrival (simulate.ts says why).
 */
import { SEEK_AVERAGE_BYTES } from './constants';
import type { FileAccessParams } from './params';

export interface DiscSpec {
  /** Average seek (a third of the disc), paid by a request that starts somewhere new. */
  seekMs: number;
  /** Seek for the next blocks: a request that starts where the previous one ended. */
  shortSeekMs: number;
  /** Average rotational latency (half a revolution). */
  rotationMs: number;
  /** Transfer time of one logical page (bytes × time per byte). */
  transferMsPerPage: number;
  pageBytes: number;
}

/** The scenario's disc. */
export function discSpecOf(p: FileAccessParams): DiscSpec {
  return {
    seekMs: p.discSeekMs,
    shortSeekMs: p.discShortSeekMs,
    rotationMs: p.discRotationMs,
    transferMsPerPage: (p.discTransferMsPerKB * p.logicalPageBytes) / 1024,
    pageBytes: p.logicalPageBytes,
  };
}

/** Disc time of `requests` requests of `pages` pages each, for the next blocks of the file. */
export function sequentialDiscMs(p: FileAccessParams, requests: number, pages: number): number {
  const d = discSpecOf(p);
  return requests * (d.shortSeekMs + d.rotationMs + pages * d.transferMsPerPage);
}

/** Seek time for an arm move of `distanceBytes` (null: the arm is somewhere else). */
export function seekMs(d: DiscSpec, distanceBytes: number | null): number {
  const lo = d.shortSeekMs;
  // A longer move never costs less than the next blocks: the average seek is at least the short one.
  const hi = Math.max(d.seekMs, lo);
  if (distanceBytes === null) return hi;
  return lo + (hi - lo) * Math.sqrt(Math.min(1, Math.abs(distanceBytes) / SEEK_AVERAGE_BYTES));
}

/** The disc's queue: requests are served one at a time, in the order they are issued. */
export class Disc {
  freeAt = 0;
  busyMs = 0;
  /** The page after the last one transferred: where the arm is (null: not on this file yet). */
  head: number | null = null;
  /** When the disc started on the last request served (after what was ahead of it). */
  begin = 0;
  /** When it finished the last request: free again. */
  done = 0;

  constructor(readonly spec: DiscSpec) {}

  /**
   * Serve pages [first, first + span) issued at `now`: when its first page starts to transfer
   * (after seek and rotation); `begin` and `done` say when the disc took it and was free again.
   */
  serve(now: number, first: number, span: number): number {
    const begin = Math.max(now, this.freeAt);
    const distance = this.head === null ? null : (first - this.head) * this.spec.pageBytes;
    const start = begin + seekMs(this.spec, distance) + this.spec.rotationMs;
    const done = start + span * this.spec.transferMsPerPage;
    this.freeAt = done;
    this.busyMs += done - begin;
    this.head = first + span;
    this.begin = begin;
    this.done = done;
    return start;
  }
}
