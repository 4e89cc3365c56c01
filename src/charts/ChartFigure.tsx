import { useContext, useRef, useState, type ReactNode, type RefObject } from 'react';
import { downloadChartPng, downloadChartSvg } from './exportChart';
import { DownloadName } from './useWidth';

/** The frame every chart shares: a figure with a heading, the SVG, a legend and a caption. */
export function ChartFigure({
  id,
  title,
  caption,
  legend,
  containerRef,
  children,
}: {
  id: string;
  title: string;
  caption?: string | undefined;
  legend?: ReactNode;
  containerRef: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}) {
  const figureRef = useRef<HTMLElement>(null);
  return (
    <figure className="chart" data-testid={`chart-${id}`} ref={figureRef}>
      <figcaption>
        <span className="chart-title">{title}</span>
        {caption && <span className="chart-caption">{caption}</span>}
      </figcaption>
      <ChartDownloads chartId={id} title={title} figureRef={figureRef} />
      {legend}
      <div className="chart-canvas" ref={containerRef}>
        {children}
      </div>
    </figure>
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
          <svg width="28" height="14" aria-hidden="true" focusable="false">
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
            error: `The ${kind.toUpperCase()} could not be made: ${err instanceof Error ? err.message : String(err)}.`,
          }),
      );
  };
  return (
    <div className="chart-downloads" data-testid={`chart-downloads-${chartId}`}>
      <span className="downloads-label" aria-hidden="true">
        Download chart:
      </span>
      {(['svg', 'png'] as const).map((kind) => (
        <button
          key={kind}
          type="button"
          className="small-button"
          aria-label={`Download chart “${title}” as ${kind.toUpperCase()}`}
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
