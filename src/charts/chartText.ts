import { useContext, useMemo } from 'react';
import type { ChartData } from '../models/types';
import '../i18n/parts/chart';
import { translator, useT, type Translate } from '../i18n/LangContext';
import { DEFAULT_LANG } from '../i18n/lang';
import { DownloadName } from './useWidth';

/**
 * The charts' words in the page's language (issue #35): their own sentences from the
 * `chart.…` messages, and a model's chart data — title, axes, caption, series, bars, lanes —
 * through `t.data` with the ids `data.<model>.chart.<chartId>.title` (`.x`, `.y`, `.caption`,
 * `.value` a bar chart's value, `.kind.<kind>` a timeline's own name of a kind) and `data.<model>.series.<name>` (a series', a bar part's or a lane's name as the
 * model gives it). English is the data itself.
 */

/** The sentence builders' default: English (unit tests and the golden files read English). */
export const ENGLISH: Translate = translator(DEFAULT_LANG);

/** A model's chart in the page's language; in English, the same object. */
export function localChart<T extends ChartData>(data: T, t: Translate, model: string): T {
  if (t.lang === DEFAULT_LANG) return data;
  const chart = (k: string, english: string) => t.data(`${model}.chart.${data.id}.${k}`, english);
  const named = (name: string) => t.data(`${model}.series.${name}`, name);
  const common = {
    title: chart('title', data.title),
    ...(data.caption === undefined ? {} : { caption: chart('caption', data.caption) }),
  };
  if (data.kind === 'line')
    return {
      ...data,
      ...common,
      xLabel: chart('x', data.xLabel),
      yLabel: chart('y', data.yLabel),
      // The series keep their style by their English name (colours pair as in English).
      series: data.series.map((s) => ({ ...s, name: named(s.name), styleOf: s.styleOf ?? s.name })),
    };
  if (data.kind === 'stacked-bar')
    return {
      ...data,
      ...common,
      valueLabel: chart('value', data.valueLabel),
      bars: data.bars.map((b) => ({
        ...b,
        label: named(b.label),
        parts: b.parts.map((p) => ({ ...p, name: named(p.name) })),
      })),
    };
  const kindLabels = data.kindLabels && {
    ...Object.fromEntries(
      Object.entries(data.kindLabels).map(([k, label]) => [k, chart(`kind.${k}`, label)]),
    ),
  };
  return {
    ...data,
    ...common,
    ...(kindLabels ? { kindLabels } : {}),
    lanes: data.lanes.map((l) => ({ ...l, name: named(l.name) })),
  };
}

/** The page's messages and the model whose charts these are (the model page says which). */
export function useChartT(): { t: Translate; model: string } {
  return { t: useT(), model: useContext(DownloadName) };
}

/** `data` in the page's language (see `localChart`). */
export function useLocalChart<T extends ChartData>(data: T): T {
  const { t, model } = useChartT();
  return useMemo(() => localChart(data, t, model), [data, t, model]);
}
