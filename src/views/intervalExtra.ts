import type { CellBaseline } from '../compare/types';
import { formatValue, numberLocale, withUnit } from '../format';
import type { Translate } from '../i18n/LangContext';

/** A skill with two decimals, in the page's locale (`0.42`, `0,42`). */
const fixed2 = (x: number) =>
  x.toLocaleString(numberLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The confidence interval and the naive baseline, for a cell's label and tooltip. */
export function intervalExtra(
  confidence: readonly [number, number] | undefined,
  baseline: CellBaseline | undefined,
  unit: string,
  t: Translate,
): string {
  let s = '';
  if (confidence)
    s += t('results.confidence', {
      lo: formatValue(confidence[0]),
      hi: withUnit(formatValue(confidence[1]), unit),
    });
  if (baseline)
    s +=
      t('results.baseline', {
        value: withUnit(formatValue(baseline.value), unit),
        rule: baseline.rule,
      }) + (baseline.skill === null ? '' : t('results.skill', { skill: fixed2(baseline.skill) }));
  return s;
}
