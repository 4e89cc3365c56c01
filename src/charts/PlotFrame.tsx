import type { ReactNode, SVGProps } from 'react';
import { axisBottom, type Axis as D3Axis, type AxisDomain } from 'd3-axis';
import { scaleLinear } from 'd3-scale';
import { Axis } from './Axis';
import { svgBox, useWidth } from './useWidth';

/** Room around a chart's plot for its axes, their titles and its labels, in px. */
export type Margins = { top: number; right: number; bottom: number; left: number };

/**
 * A chart laid out at `width` and drawn `scale` times larger (`svgBox`), its plot inset by
 * the margins `M` and `w` wide.
 */
export type PlotBox = { width: number; scale: number; M: Margins; w: number };

/**
 * A chart's box as its container sets it (`useWidth`, 640 px until measured): the ref to put
 * on the container, and the box, with the `large` margins when the chart is drawn larger
 * (projector mode's larger text).
 */
export function usePlotBox(normal: Margins, large = normal) {
  const [ref, width, scale] = useWidth<HTMLDivElement>(640);
  const M = scale > 1 ? large : normal;
  const w = Math.max(120, width - M.left - M.right);
  return { ref, box: { width, scale, M, w }, w };
}

/**
 * A scale from 0 to `top` (to 1 when nothing is above 0), rounded, across a plot `w` wide, and
 * its axis, a tick each `px` or so.
 */
export function fromZero(top: number | undefined, w: number, px: number) {
  const x = scaleLinear()
    .domain([0, top && top > 0 ? top : 1])
    .nice()
    .range([0, w]);
  return { x, xAxis: axisBottom(x).ticks(Math.max(2, Math.floor(w / px)), ',~f') };
}

type PlotSvgProps = SVGProps<SVGSVGElement> & {
  box: PlotBox;
  height: number;
  label: string;
  defs?: ReactNode;
  plot?: SVGProps<SVGGElement>;
};

/**
 * The drawing every chart shares: an image named for a screen reader (`label`), `height` high,
 * its `defs`, and the plot inset by the margins (`plot`: the plot group's own props, such as a
 * pointer leaving it); other props go to the SVG.
 */
export function PlotSvg({ box, height, label, defs, plot, children, ...svg }: PlotSvgProps) {
  return (
    <svg role="img" aria-label={label} {...svgBox(box.width, height, box.scale)} {...svg}>
      {defs}
      <g transform={`translate(${box.M.left},${box.M.top})`} {...plot}>
        {children}
      </g>
    </svg>
  );
}

/**
 * A plot's axes (the box's plot, `h` high): x along its foot, y (if any) up its left side, and
 * their `titles`, x's centred `at[0]` below the foot, y's turned up the margin `at[1]` left of
 * the side.
 */
export function PlotAxes<X extends AxisDomain, Y extends AxisDomain>(p: {
  box: PlotBox;
  h: number;
  x: D3Axis<X>;
  y?: D3Axis<Y>;
  titles: [ReactNode, ReactNode?];
  at: [number, number?];
  className?: string;
}) {
  const { box, h, titles, at, className = 'axis-title' } = p;
  return (
    <>
      <Axis axis={p.x} transform={`translate(0,${h})`} />
      {p.y && <Axis axis={p.y} />}
      <text className={className} x={box.w / 2} y={h + at[0]} textAnchor="middle">
        {titles[0]}
      </text>
      {titles.length > 1 && (
        <text
          className={className}
          transform={`translate(${-(at[1] ?? 0)},${h / 2}) rotate(-90)`}
          textAnchor="middle"
        >
          {titles[1]}
        </text>
      )}
    </>
  );
}
