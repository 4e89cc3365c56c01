import type { Answer, Reveal } from '../src/class/protocol.ts';
import type { Lesson } from '../src/scenario/lessonShape.ts';

/**
 * The per-step summary of a class's answers (the teacher's export): one row per number a step
 * asks (a step that asks two gives two rows), how many answered, the median and quartiles of
 * the room's guesses, and whether the paper's measured value lies between the quartiles (the
 * middle half of the room). A sketch step gives one row with its count only. Pure: the server
 * builds it for `summary.csv` and the JSON export, and tests read it the same way.
 */
export interface StepSummary {
  step: number;
  label: string;
  unit: string;
  answers: number;
  median: number | null;
  q1: number | null;
  q3: number | null;
  /** The model's value and the paper's at this step's reveal (null: not revealed, or none). */
  model: number | null;
  paper: number | null;
  /** Whether the paper's value lies within [q1, q3]; null without both. */
  paperInside: boolean | null;
}

/** The p-quantile of sorted values, linearly between neighbours (R's type 7, numpy's default). */
export function quantile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const a = sorted[lo]!;
  const b = sorted[Math.min(lo + 1, sorted.length - 1)]!;
  return a + (h - lo) * (b - a);
}

function row(
  step: number,
  label: string,
  unit: string,
  values: number[] | null,
  count: number,
  shown: { model: number | null; paper: number | null } | null,
): StepSummary {
  const sorted = values ? [...values].sort((x, y) => x - y) : [];
  const q1 = quantile(sorted, 0.25);
  const q3 = quantile(sorted, 0.75);
  const paper = shown?.paper ?? null;
  return {
    step,
    label,
    unit,
    answers: count,
    median: quantile(sorted, 0.5),
    q1,
    q3,
    model: shown?.model ?? null,
    paper,
    paperInside: paper === null || q1 === null || q3 === null ? null : paper >= q1 && paper <= q3,
  };
}

/** Every answered-for step of the lesson, in order; `reveals` by step (what the room was shown). */
export function stepSummary(
  lesson: Pick<Lesson, 'steps'>,
  answers: readonly Answer[],
  reveals: ReadonlyMap<number, Reveal>,
): StepSummary[] {
  return lesson.steps.flatMap((s, i): StepSummary[] => {
    const step = i + 1;
    const spec = s.answer;
    if (!spec) return [];
    const mine = answers.filter((a) => a.step === step);
    const reveal = reveals.get(step) ?? null;
    if (spec.kind === 'number') {
      const values = mine.flatMap((a) => (a.value === null ? [] : [a.value]));
      return [row(step, spec.label, spec.unit, values, values.length, reveal)];
    }
    if (spec.kind === 'numbers')
      return s.asks.map((ask, k) => {
        const values = mine.flatMap((a) =>
          typeof a.values?.[k] === 'number' ? [a.values[k]] : [],
        );
        return row(step, ask.label, ask.unit, values, values.length, reveal?.items?.[k] ?? null);
      });
    return [row(step, spec.label, '', null, mine.length, null)];
  });
}
