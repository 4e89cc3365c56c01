import {
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import type { ChartData } from '../models/types';
import { chartSummary, chartTable, type ChartTable } from './chartData';
import { ChartWalk, type WalkAt, type WalkSpec } from './ChartWalk';
import { downloadChartPng, downloadChartSvg } from './exportChart';
import { DownloadName } from './useWidth';
import { useChartT } from './chartText';
import { errorText } from '../i18n/errorText';

/**
 * The frame every chart shares: a figure with a heading, a one-sentence summary of what it
 * shows (src/charts/chartData.ts), the SVG, a legend and a caption, and a "Show the data"
 * toggle that puts the chart's data under it as a table.
 */
interface FrameProps {
  id: string;
  title: string;
  caption?: string | undefined;
  /** One sentence, in numbers, of what the chart shows. */
  summary: string;
  /** The chart's data, for the table view (a function: made when the table is first shown). */
  table: ChartTable | (() => ChartTable);
  legend?: ReactNode;
  containerRef: RefObject<HTMLDivElement | null>;
  /** What the keyboard walks and plays (./ChartWalk.tsx); absent: the chart is a picture. */
  walk?: WalkSpec | null | undefined;
  /** Where the walk is, for the chart to mark it (null: not walking). */
  onWalk?: ((at: WalkAt) => void) | undefined;
  children: ReactNode;
}

/** The frame of a chart of a model's `ChartData`: its summary and data table made from it. */
export function DataChartFigure({
  data,
  caption = data.caption,
  ...frame
}: Omit<FrameProps, 'id' | 'title' | 'summary' | 'table'> & { data: ChartData }) {
  const { t } = useChartT();
  // The data table only when it is shown: a chart that follows a drag changes at every step.
  const table = useMemo(() => {
    let made: ChartTable | null = null;
    return () => (made ??= chartTable(data, t));
  }, [data, t]);
  const summary = useMemo(() => chartSummary(data, t), [data, t]);
  return (
    <ChartFigure
      {...frame}
      id={data.id}
      title={data.title}
      caption={caption}
      summary={summary}
      table={table}
    />
  );
}

/**
 * False for a chart's first two frames, then true. A chart out of view is skipped by the
 * browser (charts.css) only once it has been laid out in full: it then keeps its real height,
 * where one never laid out would stand in at a guess and grow as it scrolled into view, moving
 * what is under it (the regime map's fold, a panel) as it is clicked.
 */
function useMeasuredOnce(): boolean {
  const [measured, setMeasured] = useState(false);
  useEffect(() => {
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setMeasured(true));
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return measured;
}

export function ChartFigure({
  id,
  title,
  caption,
  summary,
  table,
  legend,
  containerRef,
  walk,
  onWalk,
  children,
}: FrameProps) {
  const { t } = useChartT();
  const figureRef = useRef<HTMLElement>(null);
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const measured = useMeasuredOnce();
  return (
    <figure
      className={measured ? 'chart measured' : 'chart'}
      data-testid={`chart-${id}`}
      ref={figureRef}
    >
      <figcaption>
        <span className="chart-title">{title}</span>
        <span className="chart-summary" data-testid="chart-summary">
          {summary}
        </span>
        {caption && <span className="chart-caption">{caption}</span>}
      </figcaption>
      <div className="chart-tools">
        <button
          type="button"
          className="small-button"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((s) => !s)}
          data-testid="chart-table-toggle"
        >
          {showTable ? t('chart.table.hide') : t('chart.table.show')}
        </button>
        <ChartDownloads chartId={id} title={title} figureRef={figureRef} />
      </div>
      {legend}
      <div className="chart-canvas" ref={containerRef}>
        {walk === undefined ? (
          children
        ) : (
          <ChartWalk spec={walk} label={title} onPoint={onWalk}>
            {children}
          </ChartWalk>
        )}
      </div>
      <div id={tableId} hidden={!showTable}>
        {showTable && (
          <ChartDataTable title={title} table={typeof table === 'function' ? table() : table} />
        )}
      </div>
    </figure>
  );
}

/** The chart's data as a table: its own scroll sideways, the first column pinned. */
function ChartDataTable({ title, table }: { title: string; table: ChartTable }) {
  const { t } = useChartT();
  const scroller = useRef<HTMLDivElement>(null);
  // Wider than its column: say so, so no column (an error column least of all) is out of sight
  // without a hint; the first column stays pinned while it scrolls.
  const [wide, setWide] = useState(false);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setWide(el.scrollWidth > el.clientWidth + 1);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => observer?.disconnect();
  }, [table]);
  return (
    <div className="chart-data" data-testid="chart-data">
      {wide && (
        <p className="status-line" data-testid="chart-data-hint">
          {t('chart.table.scroll', { columns: table.columns.slice(1).join(', ') })}
        </p>
      )}
      <div
        ref={scroller}
        className="table-scroll chart-data-scroll"
        tabIndex={0}
        role="region"
        aria-label={t('chart.table.dataOf', { title })}
      >
        <table>
          <caption className="visually-hidden">{t('chart.table.dataOf', { title })}</caption>
          <thead>
            <tr>
              {table.columns.map((c, i) => (
                <th key={c} scope="col" className={i === 0 ? 'row-head' : 'num'}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row" className="row-head">
                      {cell}
                    </th>
                  ) : (
                    <td key={i} className="num">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {table.omitted > 0 && (
        <p className="status-line">
          {t('chart.table.firstRows', {
            shown: table.rows.length,
            total: table.rows.length + table.omitted,
          })}
        </p>
      )}
    </div>
  );
}

export interface LegendItem {
  label: string;
  swatch: ReactNode;
}

export function Legend({ items }: { items: LegendItem[] }) {
  return (
    <ul className="legend">
      {items.map((item) => (
        <li key={item.label}>
          {/* A viewBox, so that projector mode can draw the swatch larger with CSS. */}
          <svg width="28" height="14" viewBox="0 0 28 14" aria-hidden="true" focusable="false">
            {item.swatch}
          </svg>
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/**
 * Two small buttons: the chart as SVG and as PNG (src/charts/exportChart.ts, in the charts'
 * lazy chunk: a dynamic import of its own there made the build split React out of the initial
 * chunk, a larger initial bundle). A failure is said next to the buttons.
 */
function ChartDownloads({
  chartId,
  title,
  figureRef,
}: {
  chartId: string;
  title: string;
  figureRef: RefObject<HTMLElement | null>;
}) {
  const prefix = useContext(DownloadName);
  const { t } = useChartT();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const save = (kind: 'svg' | 'png') => {
    const figure = figureRef.current;
    if (!figure || state.busy) return;
    setState({ busy: true, error: null });
    // The SVG is made at once; the PNG waits for the image to decode. A throw becomes a rejection.
    Promise.resolve()
      .then(() =>
        kind === 'svg'
          ? downloadChartSvg(figure, [prefix, chartId])
          : downloadChartPng(figure, [prefix, chartId]),
      )
      .then(
        () => setState({ busy: false, error: null }),
        (err: unknown) =>
          setState({
            busy: false,
            error: t('chart.download.failed', {
              kind: kind.toUpperCase(),
              error: errorText(t, err instanceof Error ? err : String(err)),
            }),
          }),
      );
  };
  return (
    <div className="chart-downloads" data-testid={`chart-downloads-${chartId}`}>
      <span className="downloads-label" aria-hidden="true">
        {t('chart.download.label')}
      </span>
      {(['svg', 'png'] as const).map((kind) => (
        <button
          key={kind}
          type="button"
          className="small-button"
          aria-label={t('chart.download.as', { title, kind: kind.toUpperCase() })}
          aria-disabled={state.busy || undefined}
          onClick={() => save(kind)}
        >
          {kind.toUpperCase()}
        </button>
      ))}
      {state.error && (
        <span role="alert" className="download-error">
          {state.error}
        </span>
      )}
    </div>
  );
}
