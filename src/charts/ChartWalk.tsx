import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { c2m, C2MChartConfig } from 'chart2music';
import { formatValue, withUnit } from '../format';
import '../i18n/parts/chart';
import { useT, type Translate } from '../i18n/LangContext';
import { errorText } from '../i18n/errorText';

/**
 * Charts you can walk and hear: a chart's drawing sits in one tab stop that Chart2Music
 * (MIT, https://www.chart2music.com) drives. Left/Right move point by point, Up/Down or
 * PageUp/PageDown series by series, Home/End to the ends; each point is read with its axes'
 * names and units ("page size 4,096 bytes, elapsed 49.7 s") through Chart2Music's live region;
 * Shift+End / Shift+Home play the series as rising and falling tones, Ctrl stops, H lists the
 * keys. Chart2Music is large (≈ 37 KB gz with its translations): it is imported only when a
 * chart is first focused, so the first page's JavaScript does not carry it.
 */

/** One axis as a point is read: its name and unit. */
export interface WalkAxis {
  label: string;
  unit: string;
  log?: boolean | undefined;
}

/** What can be walked: series of points (x, y), each point with an optional extra word. */
export interface WalkSpec {
  title: string;
  x: WalkAxis;
  y: WalkAxis;
  series: { name: string; points: { x: number; y: number; label?: string | undefined }[] }[];
}

/** A label in running text: "Page size" → "page size", "CPU time" as it is. */
export const inText = (label: string) =>
  /^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;

/** A value as it is read out: "page size 4,096 bytes". */
export const readValue = (axis: WalkAxis, v: number) =>
  `${inText(axis.label)} ${withUnit(formatValue(v), axis.unit)}`.trim();

/**
 * Chart2Music's data and axes from a spec: finite points only, series names made unique (a
 * series without a name is `unnamed`, the page's word for "Series").
 */
export function walkInput(
  spec: WalkSpec,
  unnamed = 'Series',
): Pick<C2MChartConfig, 'data' | 'axes'> | null {
  const data: Record<string, { x: number; y: number; label?: string }[]> = {};
  for (const s of spec.series) {
    const points = s.points
      .filter(
        (p) =>
          Number.isFinite(p.x) &&
          Number.isFinite(p.y) &&
          (!spec.x.log || p.x > 0) &&
          (!spec.y.log || p.y > 0),
      )
      .map((p) => (p.label ? { x: p.x, y: p.y, label: p.label } : { x: p.x, y: p.y }));
    if (points.length === 0) continue;
    let name = s.name || unnamed;
    for (let k = 2; name in data; k++) name = `${s.name} (${k})`;
    data[name] = points;
  }
  if (Object.keys(data).length === 0) return null;
  const axis = (a: WalkAxis) => ({
    label: a.unit ? `${a.label} (${a.unit})` : a.label,
    format: (v: number) => readValue(a, v),
    ...(a.log ? { type: 'log10' as const } : {}),
  });
  return { data, axes: { x: axis(spec.x), y: axis(spec.y) } };
}

/** Keys Chart2Music answers; held back from the page's own keys while it loads. */
const WALK_KEYS = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'PageUp',
  'PageDown',
  'Home',
  'End',
  ' ',
]);

/** Where the walk is, and whether a play goes on: said in the page's language as it shows. */
type Status =
  | { state: 'at' | 'playing' | 'played' | 'stopped'; series: string; index: number; count: number }
  | { state: 'empty' };

const statusText = (t: Translate, s: Status) =>
  s.state === 'empty'
    ? t('chart.walk.noPoints')
    : t('chart.walk.status', { state: s.state, series: s.series, index: s.index, count: s.count });

/** Where the walk is: a series (by the name the walk gives it) and a point's x. */
export type WalkAt = { series: string; x: number } | null;

/** The walk's point on the drawing: a ring, white under black, seen on any colour. */
export function WalkRing({ cx, cy }: { cx: number; cy: number }) {
  return (
    <g className="walk-ring" data-testid="walk-ring" pointerEvents="none" aria-hidden="true">
      <circle cx={cx} cy={cy} r={8} fill="none" stroke="#fff" strokeWidth={5} />
      <circle cx={cx} cy={cy} r={8} fill="none" stroke="#000" strokeWidth={2.5} />
    </g>
  );
}

type Input = Pick<C2MChartConfig, 'data' | 'axes'>;
type Ref<T> = { current: T };
/** A play under way: along the series (right, left) or across the series at one x. */
type Play = 'right' | 'left' | 'down' | 'up';
/** Shift and these keys play (Chart2Music's keys); any other key stops a play. */
const PLAYS: Record<string, Play> = { End: 'right', Home: 'left', PageDown: 'down', PageUp: 'up' };

/**
 * Chart2Music's chart on `element`, its live region `cc`; or why there is none (an error, or
 * a phone or tablet, where Chart2Music stands down: no keys to walk with).
 */
function createWalk(
  { c2mChart, c2m: C2m }: typeof import('chart2music'),
  config: Omit<C2MChartConfig, 'type' | 'lang'> & { grid: boolean; t: Translate },
): c2m | string {
  // The page's language where Chart2Music speaks it (its own words: "Sonified chart…",
  // "Gráfico sonificado…"): English and Spanish both are among its languages.
  const { grid, t, ...rest } = config;
  const lang = t.lang;
  const made = c2mChart({
    type: grid ? 'matrix' : 'line',
    lang: C2m.languages.includes(lang) ? lang : 'en',
    ...rest,
  });
  if (made.err || !made.data) return made.err ?? t('chart.walk.noBrowser');
  try {
    made.data.getCurrent();
  } catch {
    made.data.cleanUp();
    return t('chart.walk.needsKeyboard');
  }
  return made.data;
}

/** The data changed under a live walk: keep the walk where it was. The chart goes at unmount. */
function useKeepWalk(
  chart: Ref<c2m | null>,
  held: Ref<Input | null>,
  spec: WalkSpec | null,
  unnamed: string,
) {
  useEffect(() => {
    const c = chart.current;
    const input = spec && walkInput(spec, unnamed);
    if (!c || !input) return;
    held.current = input;
    let at: { index: number; group: string } | null = null;
    try {
      at = c.getCurrent();
    } catch {
      // Where the walk was is unknown (an emptied series): it starts over.
    }
    const row = at && (input.data as Record<string, unknown[]>)[at.group];
    if (at && row) c.setData(input.data, input.axes, Math.min(at.index, row.length - 1), at.group);
    else c.setData(input.data, input.axes);
  }, [chart, held, spec, unnamed]);
  useEffect(
    () => () => {
      chart.current?.cleanUp();
      chart.current = null;
    },
    [chart],
  );
}

/**
 * Chart2Music on the chart, made when it is first focused (`start`, the library loaded
 * then), and the walk's status: where it is and whether it plays (`playing`, set from the
 * keys), or why there is no walk.
 */
function useWalk(spec: WalkSpec | null, grid: boolean, handlers: Ref<WalkHandlers>) {
  const t = useT();
  const unnamed = t('chart.walk.series');
  const host = useRef<HTMLDivElement>(null);
  const cc = useRef<HTMLDivElement>(null);
  const chart = useRef<c2m | null>(null);
  const latest = useRef(spec);
  latest.current = spec;
  const playing = useRef<Play | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const loading = useRef(false);
  /** The data the walk holds now (its series' lengths say where a play ends). */
  const held = useRef<Input | null>(null);
  useKeepWalk(chart, held, spec, unnamed);

  const onFocusPoint = (slice: string, index: number, x: number) => {
    handlers.current.onPoint?.({ series: slice, x });
    const n = held.current ? rowLength(held.current, slice) : 0;
    const way = playing.current;
    const names = held.current ? Object.keys(held.current.data) : [];
    const end =
      way !== null &&
      {
        right: index >= n - 1,
        left: index <= 0,
        down: slice === names.at(-1),
        up: slice === names[0],
      }[way];
    setStatus({
      state: way ? (end ? 'played' : 'playing') : 'at',
      series: slice,
      index: index + 1,
      count: n,
    });
    if (end) playing.current = null;
  };

  const start = () => {
    if (chart.current || loading.current) return;
    if (!(latest.current && walkInput(latest.current, unnamed))) {
      setStatus({ state: 'empty' });
      return;
    }
    loading.current = true;
    import('chart2music')
      .then((lib) => {
        const el = host.current;
        const now = latest.current && walkInput(latest.current, unnamed);
        if (!el || !cc.current || !now) return;
        held.current = now;
        const made = createWalk(lib, {
          grid,
          t,
          element: el,
          cc: cc.current,
          title: latest.current!.title,
          ...now,
          options: {
            onSelectCallback: ({ slice, point }) => handlers.current.onSelect?.(slice, point.x),
            onFocusCallback: ({ slice, index, point }) => onFocusPoint(slice, index, point.x),
          },
        });
        if (typeof made === 'string') return setFailed(made);
        chart.current = made;
        setReady(true);
        // Focus came before the library: say the chart's summary now, as a focus would.
        if (document.activeElement === el) el.dispatchEvent(new FocusEvent('focus'));
      })
      .catch((err: unknown) =>
        setFailed(
          t('chart.walk.loadFailed', {
            error: errorText(t, err instanceof Error ? err : String(err)),
          }),
        ),
      )
      .finally(() => {
        loading.current = false;
      });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    if (!chart.current) {
      if (WALK_KEYS.has(e.key)) e.preventDefault();
      return;
    }
    if (e.key === 'Shift') return;
    const was = playing.current;
    playing.current = (e.shiftKey && PLAYS[e.key]) || null;
    // Any other key stops a play (Chart2Music stops it): the status says so.
    if (was && !playing.current)
      setStatus((s) => (s?.state === 'playing' ? { ...s, state: 'stopped' } : s));
  };
  const text = status && statusText(t, status);
  const playingNow = status?.state === 'playing';
  return { host, cc, text, playingNow, failed, ready, start, onKeyDown, t };
}

type WalkHandlers = {
  /** The walk came to a point (by a key or while playing), or left the chart (null). */
  onPoint?: ((at: WalkAt) => void) | undefined;
  /** Enter on a point. */
  onSelect?: ((series: string, x: number) => void) | undefined;
};

/**
 * The walkable chart: a focusable group around the drawing, Chart2Music's live region (shown
 * while the chart has focus, for a sighted keyboard user too) and a line saying where the walk
 * is and whether it is playing.
 */
export function ChartWalk({
  spec,
  label,
  grid = false,
  onPoint,
  onSelect,
  children,
}: WalkHandlers & {
  spec: WalkSpec | null;
  /** The chart's name, for the group: "Elapsed against page size". */
  label: string;
  /** A grid of rows (a regime map): Up/Down move between rows, as PageUp/PageDown do. */
  grid?: boolean;
  children: ReactNode;
}) {
  const handlers = useRef<WalkHandlers>({ onPoint, onSelect });
  handlers.current = { onPoint, onSelect };
  const { host, cc, text, playingNow, failed, ready, start, onKeyDown, t } = useWalk(
    spec,
    grid,
    handlers,
  );

  return (
    <div className="chart-walk" data-testid="chart-walk">
      <div
        ref={host}
        className="chart-walk-host"
        tabIndex={0}
        role="application"
        aria-label={t('chart.walk.label', { label })}
        data-walk={ready ? 'ready' : 'idle'}
        data-series-count={spec?.series.length ?? 0}
        onFocus={(e) => {
          if (e.target === e.currentTarget) start();
        }}
        onBlur={(e) => {
          if (e.target === e.currentTarget) handlers.current.onPoint?.(null);
        }}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
      <div ref={cc} className="chart-walk-cc" data-testid="chart-walk-cc" />
      <p
        className="chart-walk-status"
        data-testid="chart-walk-status"
        data-playing={playingNow ? 'true' : 'false'}
      >
        {failed ?? text ?? ''}
      </p>
    </div>
  );
}

/** How many points the series of that name has. */
function rowLength(input: Pick<C2MChartConfig, 'data'>, name: string): number {
  const row = (input.data as Record<string, unknown[] | null>)[name];
  return row?.length ?? 0;
}
