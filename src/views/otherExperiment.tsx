import { lazy } from 'react';
import type { ComparedTable } from '../compare/types';
import { errorLevel, formatError } from '../format';

/**
 * A paper table whose scenario is another experiment than the paper's (ComparedTable
 * .otherExperiment, src/compare/experiment.ts): its heads, its muted differences, its note.
 */

const SUB_HEADS = ['Model', 'Paper', 'Error'];
/** Stacked: one cell per quantity, the model's value over the paper's and the error. */
const STACKED_HEADS = ['Model, paper, error'];
/**
 * Another experiment than the paper's (ComparedTable.otherExperiment): the paper's value is
 * of its own run, and the last column is how far this scenario lies from it, not an error.
 */
const OTHER_SUB_HEADS = ['Model', 'Paper’s run', 'Δ vs paper’s run'];
const OTHER_STACKED_HEADS = ['Model, paper’s run, Δ'];

export function subHeads(table: ComparedTable, stacked: boolean): string[] {
  if (table.otherExperiment) return stacked ? OTHER_STACKED_HEADS : OTHER_SUB_HEADS;
  return stacked ? STACKED_HEADS : SUB_HEADS;
}

/** An error is coloured by its size; a difference from another experiment's run is muted. */
export const errClass = (err: number | null, other: boolean) =>
  other ? 'err-other' : `err-${errorLevel(err)}`;
export const errWords = (err: number | null, other: boolean, unit: '%' | 'pp' = '%') =>
  other && err !== null ? `Δ ${formatError(err, unit)}` : formatError(err, unit);

/** Its note, in a chunk of its own: the initial bundle does not carry it. */
export const OtherExperimentNote = lazy(() =>
  import('./OtherExperimentNote').then((m) => ({ default: m.OtherExperimentNote })),
);
