import type { ReactNode, RefObject } from 'react';

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
  return (
    <figure className="chart" data-testid={`chart-${id}`}>
      <figcaption>
        <span className="chart-title">{title}</span>
        {caption && <span className="chart-caption">{caption}</span>}
      </figcaption>
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
