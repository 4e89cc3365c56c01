/**
 * Token buckets, one per key (a student's token, an address, a teacher's key): `burst`
 * requests at once, then `perSecond`. The clock is passed in, so tests drive it themselves.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly now: () => number,
    /** Keys kept at most: the oldest are forgotten (a full bucket) beyond this. */
    private readonly maxKeys = 10_000,
  ) {}

  /**
   * The seconds until `key` may take again (0: now), taking nothing: a limit on failures checks
   * this first and takes only when a request fails.
   */
  wait(key: string): number {
    const b = this.buckets.get(key);
    if (!b) return 0;
    const tokens = Math.min(this.burst, b.tokens + ((this.now() - b.at) / 1000) * this.perSecond);
    return tokens >= 1 ? 0 : Math.ceil((1 - tokens) / this.perSecond);
  }

  /** 0 when the request may go; otherwise the seconds until it may. */
  take(key: string): number {
    const t = this.now();
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: t };
    b.tokens = Math.min(this.burst, b.tokens + ((t - b.at) / 1000) * this.perSecond);
    b.at = t;
    this.buckets.delete(key);
    this.buckets.set(key, b);
    if (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - b.tokens) / this.perSecond);
  }
}
