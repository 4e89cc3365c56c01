import { useEffect } from 'react';
import type { StepAnswer } from '../../scenario/lessonShape';

/** Frames to wait for the answer's table or chart to be drawn before giving up. */
const MAX_FRAMES = 600;

/** The elements that answer a step: the row's cells of the answer's column, or its chart. */
function answerElements(root: ParentNode, answer: StepAnswer | undefined): HTMLElement[] {
  if (!answer) {
    const first = root.querySelector<HTMLElement>('[data-testid^="table-"]');
    return first ? [first] : [];
  }
  if (answer.kind === 'sketch') {
    const chart = root.querySelector<HTMLElement>(
      `[data-testid="chart-${CSS.escape(answer.chart)}"]`,
    );
    return chart ? [chart] : [];
  }
  const table = root.querySelector(`[data-testid="table-${CSS.escape(answer.table)}"]`);
  const row = [...(table?.querySelectorAll('tbody tr') ?? [])].find(
    (tr) => tr.querySelector('th')?.firstChild?.textContent?.trim() === answer.row,
  );
  return [
    ...(row?.querySelectorAll<HTMLElement>(`td[data-column="${CSS.escape(answer.column)}"]`) ?? []),
  ];
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
      const found = answerElements(el, answer);
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
  }, [root, reveal, answer, step]);
}
