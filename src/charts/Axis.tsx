import { useLayoutEffect, useRef } from 'react';
import { select } from 'd3-selection';
import type { Axis as D3Axis, AxisDomain } from 'd3-axis';

/**
 * A d3 axis drawn into a `<g>` that React owns but never fills: d3 renders the ticks after
 * each render in which the axis (a new function object when its scale changes) differs.
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
  useLayoutEffect(() => {
    if (ref.current) select(ref.current).call(axis);
  }, [axis]);
  return <g ref={ref} transform={transform} className={`axis ${className ?? ''}`} />;
}
