import { lazy } from 'react';
import type { ComparedTable } from '../compare/types';
import { errorLevel, formatError } from '../format';
import type { Translate } from '../i18n/LangContext';

/**
 * A paper table whose scenario is another experiment than the paper's (ComparedTable
 * .otherExperiment, src/compare/experiment.ts): its heads, its muted differences, its note.
 */

/**
 * The sub-heads under each quantity: Model / Paper / Error (stacked: one cell per quantity,
 * the model's value over the paper's and the error). Another experiment than the paper's
 * (ComparedTable.otherExperiment): the paper's value is of its own run, and the last column
 * is how far this scenario lies from it, not an error.
 */
export function subHeads(table: ComparedTable, stacked: boolean, t: Translate): string[] {
  if (table.otherExperiment)
    return stacked
      ? [t('results.headStackedOther')]
      : [t('results.headModel'), t('results.headPaperRun'), t('results.headDelta')];
  return stacked
    ? [t('results.headStacked')]
    : [t('results.headModel'), t('results.headPaper'), t('results.headError')];
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
