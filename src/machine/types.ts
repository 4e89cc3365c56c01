/**
 * Your machine: each paper's claim re-asked on the visitor's machine. A short calibration
 * measures this machine's own constants; the paper's model, given them, predicts the paper's
 * experiment here with a 95 % interval; the prediction is stored (with a sequence number)
 * before the full measurement starts; then the measurement is stored beside it.
 *
 * Pure TypeScript, no DOM: the same code runs in the page (src/views/machine), in Node tests
 * and in scripts (scripts/machine-coverage.ts, the CLI's `--machine`).
 */

export type ClaimId = 'memory' | 'crossBoundary' | 'cothreads' | 'directory';

/** One predicted quantity, before it is stored: value and its 95 % interval (same unit). */
export interface PredictionDraft {
  /** Stable within a claim: `ns@11585` (ns per load at a working set), `sab@4096`, … */
  quantity: string;
  label: string;
  unit: string;
  value: number;
  lo: number;
  hi: number;
  /** The interval's parts, as log-scale standard deviations. */
  spreadSd: number;
  modelSd: number;
}

/** What a calibration found: constants with units, and per-constant run-to-run spread. */
export interface Calibration {
  claim: ClaimId;
  /** Named constants (their units in the names: `…Ns`, `…Us`, `…Ms`). */
  constants: Record<string, number>;
  /** How many times the probe was repeated, for the spread. */
  repeats: number;
  elapsedMs: number;
  /** Anything the prediction needs beyond the constants (sizes, repeat values). */
  detail?: unknown;
}

/** What the browser (or Node) reported about itself. */
export interface MachineReport {
  hardwareConcurrency: number | null;
  brands: string[];
  userAgent: string;
  deviceMemory: number | null;
  crossOriginIsolated: boolean;
}

export interface ClaimOutcome {
  /** One line: the paper's claim as measured on the paper's machine. */
  paper: string;
  /** The claim restated for this machine, from the predictions and the measurements. */
  here: string;
}
