/**
 * The class atlas: the room's machines as a distribution per claim. Students may send their
 * ledger entries to the class server (anonymous to the room, opt-in); a quantity is shown
 * only once at least `ATLAS_MINIMUM` students have sent it, so no one machine can be picked
 * out. Pure: the server aggregates with it, the board shows what it returns.
 */
import { quantile } from '../models/stats';
import type { ClaimId } from './types';
import type { LedgerEntry } from './ledger';

export const ATLAS_MINIMUM = 5;
/** At most this many entries in one send (a full run of every claim is about 40). */
export const ATLAS_MAX_ENTRIES = 200;

/** What a student sends per ledger entry: the figures, no machine details. */
export interface AtlasEntry {
  claim: ClaimId;
  quantity: string;
  unit: string;
  predicted: number;
  lo: number;
  hi: number;
  measured: number;
  inside: boolean;
  modelVersion: string;
}

/** The measured entries of a ledger, as they are sent (the latest run of each quantity). */
export function atlasEntriesOf(entries: readonly LedgerEntry[]): AtlasEntry[] {
  const latest = new Map<string, AtlasEntry>();
  for (const e of [...entries].sort((a, b) => a.predicted.seq - b.predicted.seq)) {
    if (!e.measured) continue;
    latest.set(`${e.claim}/${e.quantity}`, {
      claim: e.claim,
      quantity: e.quantity,
      unit: e.unit,
      predicted: e.predicted.value,
      lo: e.predicted.lo,
      hi: e.predicted.hi,
      measured: e.measured.value,
      inside: e.inside === true,
      modelVersion: e.modelVersion,
    });
  }
  return [...latest.values()];
}

export interface AtlasQuantity {
  claim: ClaimId;
  quantity: string;
  unit: string;
  /** Students who sent this quantity. */
  answered: number;
  /** False until `answered` ≥ the minimum: then nothing else is given. */
  shown: boolean;
  measured?: { min: number; q1: number; median: number; q3: number; max: number };
  /** Of those students, how many measured inside their own interval. */
  inside?: number;
}

export interface Atlas {
  minimum: number;
  /** Students who sent anything. */
  students: number;
  quantities: AtlasQuantity[];
}

export function atlasOf(
  rows: readonly (AtlasEntry & { studentId: string })[],
  minimum = ATLAS_MINIMUM,
): Atlas {
  const by = new Map<string, (AtlasEntry & { studentId: string })[]>();
  for (const r of rows) {
    const k = `${r.claim}/${r.quantity}`;
    by.set(k, [...(by.get(k) ?? []), r]);
  }
  const quantities = [...by.values()].map((rs): AtlasQuantity => {
    const answered = new Set(rs.map((r) => r.studentId)).size;
    const base = { claim: rs[0]!.claim, quantity: rs[0]!.quantity, unit: rs[0]!.unit, answered };
    if (answered < minimum) return { ...base, shown: false };
    const xs = rs.map((r) => r.measured);
    return {
      ...base,
      shown: true,
      measured: {
        min: quantile(xs, 0),
        q1: quantile(xs, 0.25),
        median: quantile(xs, 0.5),
        q3: quantile(xs, 0.75),
        max: quantile(xs, 1),
      },
      inside: rs.filter((r) => r.inside).length,
    };
  });
  quantities.sort((a, b) => (a.claim + a.quantity).localeCompare(b.claim + b.quantity));
  return { minimum, students: new Set(rows.map((r) => r.studentId)).size, quantities };
}
