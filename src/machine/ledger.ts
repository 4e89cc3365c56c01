/**
 * The ledger: every prediction with its measurement, the build, the claim's model version and
 * what the browser reported. A prediction is written (and stored) with a sequence number
 * before its measurement exists; `measure` refuses an entry whose prediction was not stored
 * first, and gives the measurement a later number. Storage is pluggable: in memory (Node,
 * tests) or IndexedDB (./idbStore.ts, the page).
 */
import { csvText } from '../compare/csv';
import { inside } from './interval';
import type { ClaimId, MachineReport, PredictionDraft } from './types';

export const LEDGER_FORMAT = 1;

export interface LedgerEntry {
  /** `<run>/<claim>/<quantity>`. */
  id: string;
  run: string;
  claim: ClaimId;
  quantity: string;
  label: string;
  unit: string;
  predicted: {
    value: number;
    lo: number;
    hi: number;
    spreadSd: number;
    modelSd: number;
    seq: number;
    at: string;
  };
  measured: { value: number; seq: number; at: string } | null;
  inside: boolean | null;
  build: string;
  modelVersion: string;
  machine: MachineReport;
  /** The calibration's constants the prediction used. */
  constants: Record<string, number>;
}

export interface LedgerStore {
  load(): Promise<LedgerEntry[]>;
  put(entry: LedgerEntry): Promise<void>;
  clear(): Promise<void>;
}

export class MemoryStore implements LedgerStore {
  private readonly entries = new Map<string, LedgerEntry>();
  async load() {
    return [...this.entries.values()].map((e) => structuredClone(e));
  }
  async put(e: LedgerEntry) {
    this.entries.set(e.id, structuredClone(e));
  }
  async clear() {
    this.entries.clear();
  }
}

/** Predictions stored, waiting for their measurement: the only way to `measure`. */
export interface StoredPredictions {
  readonly entries: readonly LedgerEntry[];
}

export interface LedgerContext {
  build: string;
  machine: MachineReport;
  /** ISO time for `at` fields (injected: tests and scripts pass their own). */
  now?: () => string;
}

export class Ledger {
  private entries: LedgerEntry[] = [];
  private seq = 0;
  private loaded = false;

  constructor(
    private readonly store: LedgerStore,
    private readonly ctx: LedgerContext,
  ) {}

  private now(): string {
    return this.ctx.now ? this.ctx.now() : new Date().toISOString();
  }

  async load(): Promise<LedgerEntry[]> {
    if (!this.loaded) {
      this.entries = (await this.store.load()).sort((a, b) => a.predicted.seq - b.predicted.seq);
      this.seq = Math.max(
        0,
        ...this.entries.flatMap((e) => [e.predicted.seq, e.measured?.seq ?? 0]),
      );
      this.loaded = true;
    }
    return this.all();
  }

  all(): LedgerEntry[] {
    return this.entries.map((e) => structuredClone(e));
  }

  /** Stores the predictions (each with the next sequence number) before any measurement. */
  async predict(
    run: string,
    claim: ClaimId,
    modelVersion: string,
    constants: Record<string, number>,
    drafts: readonly PredictionDraft[],
  ): Promise<StoredPredictions> {
    await this.load();
    const out: LedgerEntry[] = [];
    for (const d of drafts) {
      if (!(d.lo > 0 && d.lo <= d.value && d.value <= d.hi && Number.isFinite(d.hi)))
        throw new Error(`Prediction ${claim}/${d.quantity} has no valid interval.`);
      const id = `${run}/${claim}/${d.quantity}`;
      if (this.entries.some((e) => e.id === id)) throw new Error(`${id} was already predicted.`);
      const entry: LedgerEntry = {
        id,
        run,
        claim,
        quantity: d.quantity,
        label: d.label,
        unit: d.unit,
        predicted: {
          value: d.value,
          lo: d.lo,
          hi: d.hi,
          spreadSd: d.spreadSd,
          modelSd: d.modelSd,
          seq: ++this.seq,
          at: this.now(),
        },
        measured: null,
        inside: null,
        build: this.ctx.build,
        modelVersion,
        machine: this.ctx.machine,
        constants: { ...constants },
      };
      await this.store.put(entry);
      this.entries.push(entry);
      out.push(entry);
    }
    return { entries: out.map((e) => structuredClone(e)) };
  }

  /** Adds the measurements to stored predictions; a quantity not measured stays open. */
  async measure(
    stored: StoredPredictions,
    measured: Readonly<Record<string, number>>,
  ): Promise<LedgerEntry[]> {
    const out: LedgerEntry[] = [];
    for (const s of stored.entries) {
      const entry = this.entries.find((e) => e.id === s.id);
      if (!entry || entry.predicted.seq !== s.predicted.seq)
        throw new Error(`${s.id}: no stored prediction, so no measurement can be recorded.`);
      if (entry.measured) throw new Error(`${s.id} was already measured.`);
      const value = measured[entry.quantity];
      if (value === undefined || !Number.isFinite(value)) continue;
      entry.measured = { value, seq: ++this.seq, at: this.now() };
      if (!(entry.measured.seq > entry.predicted.seq))
        throw new Error(`${s.id}: a measurement must come after its prediction.`);
      entry.inside = inside(entry.predicted, value);
      await this.store.put(entry);
      out.push(structuredClone(entry));
    }
    return out;
  }

  score(): Score {
    return scoreOf(this.entries);
  }

  async clear(): Promise<void> {
    await this.store.clear();
    this.entries = [];
  }
}

export interface Score {
  inside: number;
  measured: number;
  /** Predictions still waiting for their measurement (a run cancelled or failed). */
  open: number;
}

export function scoreOf(entries: readonly LedgerEntry[]): Score {
  const measured = entries.filter((e) => e.measured);
  return {
    inside: measured.filter((e) => e.inside).length,
    measured: measured.length,
    open: entries.length - measured.length,
  };
}

// ——— Export: JSON and CSV ———

export function ledgerJson(entries: readonly LedgerEntry[]): string {
  return `${JSON.stringify({ format: LEDGER_FORMAT, entries }, null, 2)}\n`;
}

/** Reads a ledger export back (checks its shape; throws a one-line reason). */
export function parseLedgerJson(text: string): LedgerEntry[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new Error('The ledger file is not JSON.');
  }
  const d = doc as { format?: unknown; entries?: unknown };
  if (d?.format !== LEDGER_FORMAT || !Array.isArray(d.entries))
    throw new Error(`The ledger file is not a Latency Lab ledger (format ${LEDGER_FORMAT}).`);
  for (const e of d.entries as LedgerEntry[])
    if (typeof e?.id !== 'string' || typeof e?.predicted?.seq !== 'number')
      throw new Error('A ledger entry has no id or no prediction.');
  return d.entries as LedgerEntry[];
}

export const LEDGER_CSV_COLUMNS = [
  'id',
  'run',
  'claim',
  'quantity',
  'label',
  'unit',
  'predicted',
  'interval_lo',
  'interval_hi',
  'spread_sd',
  'model_sd',
  'predicted_seq',
  'predicted_at',
  'measured',
  'measured_seq',
  'measured_at',
  'inside',
  'build',
  'model_version',
  'hardware_concurrency',
  'brands',
  'user_agent',
  'device_memory',
  'cross_origin_isolated',
] as const;

/** Every field quoted (the project's CSV writer, then quotes where it left none). */
const q = (v: string | number | boolean | null | undefined): string => {
  const t = csvText(v === null || v === undefined ? '' : String(v));
  return t.startsWith('"') ? t : `"${t}"`;
};

export function ledgerCsv(entries: readonly LedgerEntry[]): string {
  const rows = entries.map((e) =>
    [
      e.id,
      e.run,
      e.claim,
      e.quantity,
      e.label,
      e.unit,
      e.predicted.value,
      e.predicted.lo,
      e.predicted.hi,
      e.predicted.spreadSd,
      e.predicted.modelSd,
      e.predicted.seq,
      e.predicted.at,
      e.measured?.value,
      e.measured?.seq,
      e.measured?.at,
      e.inside,
      e.build,
      e.modelVersion,
      e.machine.hardwareConcurrency,
      e.machine.brands.join(' '),
      e.machine.userAgent,
      e.machine.deviceMemory,
      e.machine.crossOriginIsolated,
    ]
      .map(q)
      .join(','),
  );
  return `${[LEDGER_CSV_COLUMNS.map(q).join(','), ...rows].join('\r\n')}\r\n`;
}
