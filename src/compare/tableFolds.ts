/**
 * The leave-out folds a model's entry names as its goal (`foldGoal`: file-access's one table out
 * of four, scripts/leave-out.ts), summed up against the goal: ≥ 90 % of held-out cells
 * inside their 95 % intervals, a median interval width ≤ 40 % of the value, and the model
 * nearer than the naive baseline on most cells.
 */
import { median } from '../models/stats';
import { findModelEntry } from '../models/registry';
import { isInside, type LeaveOutFold } from '../papers/leave-out';
import { foldBaseline } from './baselines';

export const isTableFold = (f: LeaveOutFold) => {
  const goal = findModelEntry(f.model)?.foldGoal;
  return goal !== undefined && f.heldOut.includes(goal);
};

export interface TableFoldsSummary {
  folds: number;
  cells: number;
  inside: number;
  /** Median (hi − lo) ÷ value over the held-out cells, %. */
  medianWidthPct: number;
  /** Cells where the model is nearer the measurement than the naive baseline. */
  closer: number;
  /** Cells with a baseline to compare. */
  withBaseline: number;
  goal: { coverage: boolean; width: boolean; skill: boolean };
}

/** (hi − lo) ÷ value, %: the full width of a cell's interval against its prediction. */
export const widthPct = (c: { lo: number; hi: number; model: number }) =>
  ((c.hi - c.lo) / Math.abs(c.model)) * 100;

export function summarizeTableFolds(folds: readonly LeaveOutFold[]): TableFoldsSummary {
  const fs = folds.filter(isTableFold);
  const cells = fs.flatMap((f) => f.cells.map((c) => ({ f, c })));
  const skills = cells.map(({ f, c }) => foldBaseline(f, c)?.skill ?? null);
  const withBaseline = skills.filter((s) => s !== null).length;
  const closer = skills.filter((s) => s !== null && s > 0).length;
  const inside = cells.filter(({ c }) => isInside(c)).length;
  const medianWidthPct = median(cells.map(({ c }) => widthPct(c)));
  return {
    folds: fs.length,
    cells: cells.length,
    inside,
    medianWidthPct,
    closer,
    withBaseline,
    goal: {
      coverage: inside >= 0.9 * cells.length,
      width: medianWidthPct <= 40,
      skill: 2 * closer > withBaseline,
    },
  };
}

/** The summary in plain sentences, as the predictions page and its doc say it. */
export function tableFoldSentences(s: TableFoldsSummary): string[] {
  const met = (ok: boolean) => (ok ? 'met' : 'not met');
  return [
    `One table out of four, fitted on the other three with the between-experiment term estimated from them: ${s.inside} of ${s.cells} held-out CPU and elapsed cells fall inside their 95 % intervals (${Math.round((100 * s.inside) / s.cells)} %; goal ≥ 90 %: ${met(s.goal.coverage)}).`,
    `Median interval width ${Math.round(s.medianWidthPct)} % of the value (goal ≤ 40 %: ${met(s.goal.width)}).`,
    `The model is nearer than the naive baseline on ${s.closer} of ${s.withBaseline} cells (goal: most: ${met(s.goal.skill)}).`,
  ];
}
