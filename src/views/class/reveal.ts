import type { Reveal } from '../../class/protocol';
import { ClassProblem, problem } from '../../class/refusals';
import type { AskedNumber, StepAnswer } from '../../scenario/lessonShape';
import type { Scenario } from '../../scenario';
import { requestCharts, requestTablesOnce } from '../../state/labClient';

const scaled = (v: number | null | undefined, k: number) =>
  typeof v === 'number' && Number.isFinite(v) ? v * k : null;

/**
 * What the room is shown at reveal, computed here from the model (the server runs none): the
 * step's cell with its interval and the paper's value, in the answer's unit, or the model's
 * curve and the paper's points for a sketch. Throws with a sentence when the model cannot.
 */
export async function computeReveal(
  answer: StepAnswer,
  scenario: Scenario,
  asks: readonly AskedNumber[] = [],
): Promise<Reveal> {
  if (answer.kind === 'numbers') {
    const outcome = await requestTablesOnce(scenario.modelId, scenario.params);
    if (outcome.kind !== 'ok') throw new ClassProblem(problem('noCompute'));
    const items = asks.map((ask) => {
      const row = outcome.value.tables
        .find((t) => t.id === ask.table)
        ?.rows.find((r) => r.label === ask.row);
      const k = ask.scale ?? 1;
      const model = scaled(row?.model[ask.column], k);
      if (model === null) throw new ClassProblem(problem('noValue', { label: ask.label }));
      const iv = row?.intervals?.[ask.column];
      return {
        label: ask.label,
        unit: ask.unit,
        model,
        paper: scaled(row?.paper?.[ask.column], k),
        interval: iv
          ? ([Math.min(iv[0] * k, iv[1] * k), Math.max(iv[0] * k, iv[1] * k)] as [number, number])
          : null,
      };
    });
    return { label: answer.label, unit: '', model: null, paper: null, interval: null, items };
  }
  if (answer.kind === 'number') {
    const outcome = await requestTablesOnce(scenario.modelId, scenario.params);
    if (outcome.kind !== 'ok') throw new ClassProblem(problem('noCompute'));
    const table = outcome.value.tables.find((t) => t.id === answer.table);
    const row = table?.rows.find((r) => r.label === answer.row);
    const k = answer.scale ?? 1;
    const model = scaled(row?.model[answer.column], k);
    if (model === null) throw new ClassProblem(problem('noValue', { label: answer.label }));
    const iv = row?.intervals?.[answer.column];
    return {
      label: answer.label,
      unit: answer.unit,
      model,
      paper: scaled(row?.paper?.[answer.column], k),
      interval: iv ? [Math.min(iv[0] * k, iv[1] * k), Math.max(iv[0] * k, iv[1] * k)] : null,
    };
  }
  const outcome = await requestCharts(scenario.modelId, scenario.params);
  if (outcome.kind !== 'ok') throw new ClassProblem(problem('noChart'));
  const chart = outcome.value.find((c) => c.id === answer.chart);
  const series = chart?.kind === 'line' ? chart.series.find((s) => s.name === answer.series) : null;
  if (!series) throw new ClassProblem(problem('noCurve', { label: answer.label }));
  const inside = (x: number) => x >= answer.x.min && x <= answer.x.max;
  const paperPoints =
    chart?.kind === 'line'
      ? (chart.paperPoints ?? []).flatMap((p) =>
          typeof p.y === 'number' && inside(p.x) && p.label.includes(answer.series)
            ? [[p.x, p.y] as [number, number]]
            : [],
        )
      : [];
  return {
    label: answer.label,
    unit: answer.y.unit,
    model: null,
    paper: null,
    interval: null,
    curve: series.points.filter((p) => inside(p.x)).map((p) => [p.x, p.y] as [number, number]),
    paperPoints: paperPoints.slice(0, 50),
  };
}
