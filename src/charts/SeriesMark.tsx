import type { SeriesStyle } from './layout';
import { markerPath } from './palette';

/**
 * The points of a series that carry its marker: every point of a short series, about
 * `most` evenly spaced ones of a long one (started `offset` steps in, so that two long
 * series' markers do not sit on the same x).
 */
export function markedPoints<P>(points: readonly P[], all: number, most: number, offset = 0): P[] {
  if (points.length <= all) return [...points];
  const step = Math.max(1, Math.floor(points.length / most));
  const start = (offset * Math.max(1, Math.floor(step / 3))) % step;
  return points.filter((_, i) => i % step === start);
}

/**
 * A legend's swatch of a series: its line with its dash (none for a dots-only series) and its
 * marker in the middle, so the legend shows both channels the chart draws.
 */
export function SeriesSwatch({
  style,
  dots = false,
  opacity,
}: {
  style: SeriesStyle;
  dots?: boolean | undefined;
  opacity?: number | undefined;
}) {
  return (
    <>
      {!dots && (
        <line
          x1="1"
          x2="27"
          y1="7"
          y2="7"
          stroke={style.colour}
          strokeOpacity={opacity}
          strokeWidth="2.5"
          strokeDasharray={style.dash}
        />
      )}
      <path
        className="legend-mark"
        d={markerPath(style.marker, 4, 14, 7)}
        fill={style.colour}
        fillOpacity={opacity}
        data-marker={style.marker}
      />
    </>
  );
}
