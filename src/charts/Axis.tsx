import { useLayoutEffect, useRef } from 'react';
import { select } from 'd3-selection';
import type { Axis as D3Axis, AxisDomain, AxisScale } from 'd3-axis';

/** A scale as d3-axis reads it: with `ticks` and `tickFormat` when it is continuous. */
type TickScale<D> = AxisScale<D> & {
  ticks?: (...args: unknown[]) => D[];
  tickFormat?: (...args: unknown[]) => (d: D) => string;
};

/**
 * What an axis draws: each tick's place and label, the range, the tick sizes and padding.
 * Two axes with the same drawing draw the same DOM (d3-axis is a function of these).
 */
export function axisDrawing<D extends AxisDomain>(axis: D3Axis<D>): string {
  const scale = axis.scale() as TickScale<D>;
  const args = axis.tickArguments() as unknown[];
  const values = axis.tickValues() ?? (scale.ticks ? scale.ticks(...args) : scale.domain());
  const format =
    axis.tickFormat() ?? (scale.tickFormat ? scale.tickFormat(...args) : (d: D) => String(d));
  const ticks = [...values].map((v, i) => `${format(v, i)}@${scale(v) ?? ''}`);
  const bandwidth = scale.bandwidth?.() ?? 0;
  return [
    ticks.join(' '),
    scale.range().join(','),
    bandwidth,
    axis.tickSizeInner(),
    axis.tickSizeOuter(),
    axis.tickPadding(),
    axis.offset(),
  ].join('|');
}

/**
 * A d3 axis drawn into a `<g>` that React owns but never fills: d3 renders the ticks after
 * each render in which the axis differs in what it draws (`axisDrawing`: a chart that follows a
 * drag gets a new axis at each step, most of them with the same ticks, which are not redrawn).
 */
export function Axis<D extends AxisDomain>({
  axis,
  transform,
  className,
}: {
  axis: D3Axis<D>;
  transform?: string;
  className?: string;
}) {
  const ref = useRef<SVGGElement>(null);
  const drawn = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!ref.current) return;
    const drawing = axisDrawing(axis);
    if (drawing === drawn.current) return;
    drawn.current = drawing;
    select(ref.current).call(axis);
  }, [axis]);
  return <g ref={ref} transform={transform} className={`axis ${className ?? ''}`} />;
}
