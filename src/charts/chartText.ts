import { useContext, useMemo } from 'react';
import type { ComparedTable } from '../compare/types';
import type { ChartData } from '../models/types';
import '../i18n/parts/chart';
import {
  chartText,
  kindText,
  markText,
  maskNumbers,
  modelText,
  pointText,
  seriesName,
  textKey,
  unitName,
} from '../i18n/modelText';
import { translator, useT, type Translate } from '../i18n/LangContext';
import { DEFAULT_LANG, type Lang } from '../i18n/lang';
import { formatDefaultLocale, type FormatLocaleDefinition } from 'd3-format';
import { DownloadName } from './useWidth';

/**
 * The charts' words in the page's language (issue #35): their own sentences from the
 * `chart.…` messages, and a model's chart data — title, axes, caption, series, bars, lanes —
 * through `t.data` with the ids `data.<model>.chart.<chartId>.title` (`.x`, `.y`, `.value` a
 * bar chart's value, `.kind.<kind>` a timeline's own name of a kind), `data.<model>.note.<hash>`
 * (a caption) and `data.<model>.series.<name>` (a series', a bar's, a bar part's or a lane's
 * name as the model gives it); a compared table's by `data.<model>.table.<id>.title`,
 * `.col.<key>` and `data.<model>.row.<label>`; a line chart's markers `data.<model>.mark.<label>`,
 * its paper points `data.<model>.point.<label>` and its unit words `data.unit.<unit>`. English is
 * the data itself.
 */

/** The sentence builders' default: English (unit tests and the golden files read English). */
export const ENGLISH: Translate = translator(DEFAULT_LANG);

/** A model's chart in the page's language; in English, the same object. */
export function localChart<T extends ChartData>(data: T, t: Translate, model: string): T {
  if (t.lang === DEFAULT_LANG) return data;
  const chart = (part: 'title' | 'x' | 'y' | 'value' | 'caption', english: string) =>
    chartText(t, model, data.id, part, english);
  const named = (name: string) => seriesName(t, model, name);
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
      // A unit word (`pages` → `páginas`); symbols (ms, KB, %) have no entry and stay.
      xUnit: unitName(t, data.xUnit),
      yUnit: unitName(t, data.yUnit),
      ...(data.markers
        ? { markers: data.markers.map((m) => ({ ...m, label: markText(t, model, m.label) })) }
        : {}),
      ...(data.paperPoints
        ? {
            paperPoints: data.paperPoints.map((p) => ({
              ...p,
              label: pointText(t, model, p.label),
            })),
          }
        : {}),
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
      Object.entries(data.kindLabels).map(([k, label]) => [
        k,
        kindText(t, model, data.id, k, label),
      ]),
    ),
  };
  return {
    ...data,
    ...common,
    ...(kindLabels ? { kindLabels } : {}),
    lanes: data.lanes.map((l) => ({ ...l, name: named(l.name) })),
  };
}

/** A model's compared table in the page's words: its title, columns' labels, rows' labels. */
export function localTable(table: ComparedTable, t: Translate, model: string): ComparedTable {
  if (t.lang === DEFAULT_LANG) return table;
  const id = `${model}.table.${table.id}`;
  return {
    ...table,
    title: modelText(t, `${id}.title`, table.title),
    columns: table.columns.map((c) => {
      const own = modelText(t, `${id}.col.${c.key}`, c.label);
      return {
        ...c,
        label: own !== c.label ? own : modelText(t, `${model}.col.${c.key}`, c.label),
      };
    }),
    rows: table.rows.map((r) => ({
      ...r,
      label: modelText(t, `${model}.row.${maskNumbers(r.label)}`, r.label),
      ...(r.short ? { short: modelText(t, `${model}.row.${maskNumbers(r.short)}`, r.short) } : {}),
    })),
    notes: table.notes.map((n) => modelText(t, `${model}.note.${textKey(n)}`, n)),
    ...(table.otherExperiment
      ? {
          otherExperiment: table.otherExperiment.map((p) => ({
            ...p,
            label: modelText(t, `${model}.param.${p.key}.label`, p.label),
          })),
        }
      : {}),
  };
}

/** `table` in the page's language (see `localTable`). */
export function useLocalTable(table: ComparedTable): ComparedTable {
  const { t, model } = useChartT();
  return useMemo(() => localTable(table, t, model), [table, t, model]);
}

/**
 * d3's numbers (the axes' ticks) in the page's language: `4,096` and `0.5` in English, `4.096`
 * and `0,5` in Spanish. d3-format's default locale is one for the page, as src/format's is;
 * English is d3's own default, set again only after another language.
 */
const D3_LOCALES: Record<Lang, FormatLocaleDefinition> = {
  en: { decimal: '.', thousands: ',', grouping: [3], currency: ['$', ''] },
  es: { decimal: ',', thousands: '.', grouping: [3], currency: ['', '\u00a0€'] },
};
let d3Lang: Lang = DEFAULT_LANG;
function useD3Locale(lang: Lang): void {
  if (lang === d3Lang) return;
  formatDefaultLocale(D3_LOCALES[lang]);
  d3Lang = lang;
}

/** The page's messages and the model whose charts these are (the model page says which). */
export function useChartT(): { t: Translate; model: string } {
  const t = useT();
  useD3Locale(t.lang);
  return { t, model: useContext(DownloadName) };
}

/** `data` in the page's language (see `localChart`). */
export function useLocalChart<T extends ChartData>(data: T): T {
  const { t, model } = useChartT();
  return useMemo(() => localChart(data, t, model), [data, t, model]);
}
