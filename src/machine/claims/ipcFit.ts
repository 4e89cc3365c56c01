/**
 * The IPC rows' form, start-up + calls × per call, read from two runs or from one run with
 * its start-up timed apart; and the crossover of two such lines. Shared by the claim and the
 * page's restatement of the paper's table (../paperLines.ts).
 */
export interface TransportFit {
  startupMs: number;
  perCallUs: number;
}

/** Start-up and per-call cost of one run of `n` calls. */
export function runFit(n: number, r: { startupMs: number; totalMs: number }): TransportFit {
  const perCallMs = Math.max(1e-6, (r.totalMs - r.startupMs) / Math.max(1, n));
  return { startupMs: Math.max(1e-3, r.startupMs), perCallUs: perCallMs * 1000 };
}

/** Start-up and per-call cost through two runs' totals: (n1, t1), (n2, t2). */
export function twoPointFit(n1: number, t1: number, n2: number, t2: number): TransportFit {
  const perCallMs = Math.max(1e-6, (t2 - t1) / (n2 - n1));
  return { startupMs: Math.max(1e-3, t1 - n1 * perCallMs), perCallUs: perCallMs * 1000 };
}

/** Calls above which shared memory is faster (null: it never is, or it always is). */
export function crossoverCalls(rpc: TransportFit, sm: TransportFit): number | null {
  const dPerCall = (rpc.perCallUs - sm.perCallUs) / 1000;
  const dStart = sm.startupMs - rpc.startupMs;
  if (dPerCall <= 0) return null;
  return dStart <= 0 ? 0 : dStart / dPerCall;
}
