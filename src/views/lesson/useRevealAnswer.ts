import { useEffect } from 'react';
import type { AskedNumber, StepAnswer } from '../../scenario/lessonShape';

/** Frames to wait for the answer's table or chart to be drawn before giving up. */
const MAX_FRAMES = 600;

/** The cells of one asked number: its row's cells of its column (model, paper, error). */
function cellsOf(root: ParentNode, ask: AskedNumber): HTMLElement[] {
  const table = root.querySelector(`[data-testid="table-${CSS.escape(ask.table)}"]`);
  const row = [...(table?.querySelectorAll('tbody tr') ?? [])].find(
    (tr) => tr.querySelector('th')?.firstChild?.textContent?.trim() === ask.row,
  );
  return [
    ...(row?.querySelectorAll<HTMLElement>(`td[data-column="${CSS.escape(ask.column)}"]`) ?? []),
  ];
}

/**
 * The elements that answer a step: the cells of every number it asks, or the class's sketched
 * chart. Marked only once every asked cell is there (the tables are this step's).
 */
function answerElements(
  root: ParentNode,
  asks: readonly AskedNumber[],
  answer: StepAnswer | undefined,
): HTMLElement[] {
  if (answer?.kind === 'sketch') {
    const chart = root.querySelector<HTMLElement>(
      `[data-testid="chart-${CSS.escape(answer.chart)}"]`,
    );
    return chart ? [chart] : [];
  }
  const each = asks.map((ask) => cellsOf(root, ask));
  return each.every((cells) => cells.length > 0) ? each.flat() : [];
}

/**
 * Reveal shows the answer: the cells that answer the step (or its chart) are marked
 * `data-answer` (highlighted by lessons.css); hiding unmarks them. The page does not scroll to
 * them: the answer is read beside the question (PredictionBox), which must stay on screen.
 * The tables come from a worker, so this waits for them frame by frame.
 */
export function useRevealAnswer(
  root: React.RefObject<HTMLElement | null>,
  reveal: boolean,
  asks: readonly AskedNumber[],
  answer: StepAnswer | undefined,
  step: number,
): void {
  useEffect(() => {
    const el = root.current;
    if (!el || !reveal) return;
    let marked: HTMLElement[] = [];
    let frame = 0;
    let handle = 0;
    const find = () => {
      // The values, not the "?" placeholders: marked once the tables are this step's.
      const found = answerElements(el, asks, answer);
      if (found.length === 0) {
        if (++frame < MAX_FRAMES) handle = requestAnimationFrame(find);
        return;
      }
      marked = found;
      for (const m of marked) m.setAttribute('data-answer', '');
    };
    find();
    return () => {
      cancelAnimationFrame(handle);
      for (const m of marked) m.removeAttribute('data-answer');
    };
  }, [root, reveal, asks, answer, step]);
}
