import { useMemo } from 'react';
import type { WalkAxis, WalkSpec } from './ChartWalk';
import type { Translate } from '../i18n/LangContext';
import { ENGLISH } from './chartText';

/**
 * A bar chart's walk (./ChartWalk.tsx): each series its bars in the order drawn, a point's x
 * the bar's place (1, 2 …) and its label the bar's name, so a point reads "bar 2, elapsed
 * 12.3 ms, Monolithic". A missing value (null) is no point.
 */
export function barWalk(
  title: string,
  value: WalkAxis,
  bars: readonly string[],
  series: readonly {
    name: string;
    values: readonly (number | null | undefined)[];
    /** Said after the bar's name: "Δ +3 %". */
    notes?: readonly (string | undefined)[];
  }[],
  t: Translate = ENGLISH,
): WalkSpec {
  return {
    title,
    x: { label: t('chart.table.bar'), unit: '' },
    y: value,
    series: series.map((s) => ({
      name: s.name,
      points: s.values.flatMap((v, i) =>
        typeof v === 'number' && Number.isFinite(v)
          ? [{ x: i + 1, y: v, label: s.notes?.[i] ? `${bars[i]}, ${s.notes[i]}` : bars[i] }]
          : [],
      ),
    })),
  };
}

/**
 * The same spec while its content is the same: a table sent again with the same values (a
 * worker's second answer) does not make the walk say "updated" nor lose its place.
 */
export function useSameWalk(spec: WalkSpec): WalkSpec {
  const key = JSON.stringify(spec);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- by its content
  return useMemo(() => spec, [key]);
}
