import { seriesName } from '../../../i18n/modelText';
import type { LineChartData } from '../../types';
import type { PaperTable } from '../../../views/extraPanel';
import '../../../i18n/parts/panel';
import { translator, type Translate } from '../../../i18n/LangContext';

/** The paper's columns of the transport table, with the call counts they are at. */
const COLUMNS = [
  { key: 's_10k', n: 10_000 },
  { key: 's_100k', n: 100_000 },
  { key: 's_1m', n: 1_000_000 },
] as const;

/** What the chart needs of a row measured here. */
export interface MeasuredRow {
  label: string;
  unavailable?: string | undefined;
  perCallMedianUs: number;
}

/**
 * "The paper's points and this machine": each of the paper's transports as a dashed line
 * through its measured points, and each row measured here as n × its per-call median. Every
 * series is its own style group (`styleOf`: its label), so each has a colour, dash and marker
 * of its own — "paper: …" would otherwise put all eight of the paper's rows in one group.
 */
export function liveVsPaperChart(
  rows: readonly MeasuredRow[],
  table: Pick<PaperTable, 'rows'> | undefined,
  t: Translate = translator('en'),
): LineChartData {
  const measured = rows.filter((r) => !r.unavailable && Number.isFinite(r.perCallMedianUs));
  const xs = [1e3, 1e4, 1e5, 1e6];
  return {
    kind: 'line',
    id: 'cross-boundary-live-vs-paper',
    title: t('panel.cb.chart'),
    xLabel: t('panel.cb.chartX'),
    xUnit: t('panel.cb.callsUnit'),
    yLabel: t('panel.cb.chartY'),
    yUnit: 's',
    xScale: 'log',
    series: [
      ...(table?.rows ?? [])
        .filter((r) => r.values.s_1m != null)
        .map((r) => ({
          name: t('panel.cb.paperRow', { label: seriesName(t, 'cross-boundary', r.label) }),
          styleOf: `paper ${r.label}`,
          dashed: true,
          points: COLUMNS.filter((c) => r.values[c.key] != null).map((c) => ({
            x: c.n,
            y: r.values[c.key]!,
          })),
        })),
      ...measured.map((r) => ({
        name: r.label,
        styleOf: `here ${r.label}`,
        points: xs.map((n) => ({ x: n, y: (n * r.perCallMedianUs) / 1e6 })),
      })),
    ],
    caption: t('panel.cb.chartCaption'),
  };
}
