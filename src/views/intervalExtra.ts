import type { CellBaseline } from '../compare/types';
import { formatValue, withUnit } from '../format';

/** The confidence interval and the naive baseline, for a cell's label and tooltip. */
export function intervalExtra(
  confidence: readonly [number, number] | undefined,
  baseline: CellBaseline | undefined,
  unit: string,
): string {
  let s = '';
  if (confidence)
    s += `; model's confidence interval ${formatValue(confidence[0])} to ${withUnit(formatValue(confidence[1]), unit)}`;
  if (baseline)
    s +=
      `; naive baseline ${withUnit(formatValue(baseline.value), unit)} (${baseline.rule})` +
      (baseline.skill === null ? '' : `, skill ${baseline.skill.toFixed(2)}`);
  return s;
}
