import type {
  ModelDefinition,
  ModelTable,
  NumberParamSpec,
  ParamSpec,
  ParamValues,
} from '../models/types';

/**
 * A regime map: one headline quantity over a grid of two knobs, or which of several options
 * wins there (rows of a table — the transports, the access methods — or the values of an
 * enum parameter). Pure: the CLI (`explore --map`) computes it here, and a worker can.
 */
export interface MapRequest {
  x: string;
  y: string;
  /** Grid points per axis (2–40; 12 when not given). */
  n?: number;
  /** The table and column to map; chosen when not given (see `chooseCell`). */
  table?: string;
  column?: string;
  /** A row of the table: the headline cell, when options come from an enum parameter. */
  row?: string;
  /** An enum parameter whose options compete (`transport`), optionally only some of them. */
  compare?: string;
  only?: string[];
  /** Which value wins; by default lower for times, higher otherwise. */
  better?: 'lower' | 'higher';
  /**
   * Options within this many per cent of the best are a tie, not a win (DEFAULT_TIE_PCT when
   * not given; 0: only equal values tie).
   */
  tiePct?: number;
  /**
   * Seeds each cell is run with, for a model whose seed moves its outputs: their spread is the
   * run-to-run noise, and a difference within it is a tie (DEFAULT_SEEDS when not given; 1:
   * one run, no spread).
   */
  seeds?: number;
  /** Let rows that are optimal by definition (ModelRow.optimum: OPT) compete; left out by default. */
  includeOptimum?: boolean;
}

/** A cell's contest: who wins, or which options tie. */
export interface MapCell {
  /** One value per option: the mean over the seeds. */
  values: (number | null)[];
  /** The winner: better than every other option by more than the tie and the spread. */
  best: string | null;
  /** When no option wins: the options that tie for best (two or more). */
  tied?: string[];
  /** Per option, max − min over the seeds (run-to-run spread); absent with one seed. */
  spread?: (number | null)[];
}

export interface MapAxis {
  param: string;
  label: string;
  unit: string;
  scale: 'linear' | 'log';
  /** A knob of whole numbers (cores, jobs): its axis ticks whole numbers only. */
  integer: boolean;
  values: number[];
}

export interface RegimeMap {
  table: string;
  column: string;
  columnLabel: string;
  unit: string;
  better: 'lower' | 'higher';
  /** What competes in each cell: row labels, or `<param>=<option>`. */
  options: string[];
  x: MapAxis;
  y: MapAxis;
  /** cells[j][i]: at y.values[j] and x.values[i]; one value per option, and the winner or a tie. */
  cells: MapCell[][];
  /** Options closer than this many per cent of the best tie. */
  tiePct: number;
  /** The seeds every cell was run with (one: no run-to-run spread was estimated). */
  seeds: number[];
  /** Rows left out of the contest because they are optimal by definition (OPT). */
  excluded: string[];
  /**
   * Where the link's scenario is, and the paper's experiment (the link's preset's values, else
   * the parameters' defaults).
   */
  scenario: { x: number; y: number };
  paper: { x: number; y: number };
}

export class MapError extends Error {}

/** Options within 1 % of the best tie: closer than a reader can act on, or a model can claim. */
export const DEFAULT_TIE_PCT = 1;
/** Seeds per cell for a model whose seed moves its outputs: enough to see its noise. */
export const DEFAULT_SEEDS = 3;
export const MAX_SEEDS = 10;

/** Units of time: lower is better, and a time column leads a table. */
export const TIME_UNITS: ReadonlySet<string> = new Set(['s', 'ms', 'µs', 'us', 'ns', 'min', 'h']);
export const MAX_GRID = 40;

/** Grid values across a knob's whole range: geometric on a log or power-of-two scale. */
export function gridValues(spec: NumberParamSpec, n: number): number[] {
  const log = spec.scale === 'log' || spec.scale === 'pow2';
  const lo = log && spec.min <= 0 ? spec.step : spec.min;
  const raw = Array.from({ length: n }, (_, i) =>
    log ? lo * (spec.max / lo) ** (i / (n - 1)) : spec.min + ((spec.max - spec.min) * i) / (n - 1),
  );
  const round = (v: number) => {
    const r =
      spec.scale === 'pow2' ? 2 ** Math.round(Math.log2(v)) : Math.round(v / spec.step) * spec.step;
    return Math.min(spec.max, Math.max(spec.min, Number(r.toPrecision(12))));
  };
  return [...new Set(raw.map(round))];
}

function numberParam(model: ModelDefinition, key: string, axis: string): NumberParamSpec {
  const spec = model.params.find((p) => p.key === key);
  if (!spec) {
    const names = model.params.filter((p) => p.kind === 'number' && !p.seed).map((p) => p.key);
    throw new MapError(
      `${axis}=${key}: ${model.id} has no such parameter; numbers: ${names.join(', ')}.`,
    );
  }
  if (spec.kind !== 'number') throw new MapError(`${axis}=${key}: not a number parameter.`);
  if (spec.seed)
    throw new MapError(
      `${axis}=${key}: a random seed names a run, it is not a quantity to map; pick another knob.`,
    );
  return spec;
}

type Cell = { table: string; column: string };

const cellValue = (tables: ModelTable[], c: Cell, row?: string): number[] => {
  const t = tables.find((x) => x.id === c.table);
  const rows = t ? (row ? t.rows.filter((r) => r.label === row) : t.rows) : [];
  return rows.map((r) => r.values[c.column] ?? NaN);
};

const differs = (a: number[], b: number[]) =>
  a.some(
    (v, i) =>
      Number.isFinite(v) &&
      Number.isFinite(b[i]!) &&
      Math.abs(v - b[i]!) > 1e-9 * Math.max(1, Math.abs(v)),
  );

/**
 * The table and column to map, when the request names none: the first (table, column) of the
 * scenario's tables whose values move with both knobs, else with either, else the first.
 */
function chooseCell(
  model: ModelDefinition,
  params: ParamValues,
  x: NumberParamSpec,
  y: NumberParamSpec,
): Cell {
  const at = (xv: number, yv: number) =>
    model.tables({ ...params, [x.key]: xv, [y.key]: yv }, { intervals: false });
  const mid = (s: NumberParamSpec) => Number(params[s.key] ?? s.default);
  const x0 = at(x.min, mid(y));
  const x1 = at(x.max, mid(y));
  const y0 = at(mid(x), y.min === 0 && y.scale === 'log' ? y.step : y.min);
  const y1 = at(mid(x), y.max);
  const pairs: Cell[] = x0.flatMap((t) =>
    (t.chartColumns ?? t.columns.map((c) => c.key)).map((column) => ({ table: t.id, column })),
  );
  const moves = (c: Cell, a: ModelTable[], b: ModelTable[]) =>
    differs(cellValue(a, c), cellValue(b, c));
  return (
    pairs.find((c) => moves(c, x0, x1) && moves(c, y0, y1)) ??
    pairs.find((c) => moves(c, x0, x1) || moves(c, y0, y1)) ??
    pairs[0] ??
    ((): never => {
      throw new MapError(`${model.id} gives no table to map.`);
    })()
  );
}

/** The enum parameter whose options compete, and which of them; null when none is asked. */
function comparedOptions(
  model: ModelDefinition,
  req: MapRequest,
): { spec: ParamSpec & { kind: 'enum' }; options: string[] } | null {
  if (!req.compare) return null;
  const spec = model.params.find((p) => p.key === req.compare);
  if (!spec || spec.kind !== 'enum')
    throw new MapError(`compare=${req.compare}: not an option parameter of ${model.id}.`);
  const all = spec.options.map((o) => o.value);
  const options = req.only?.length ? req.only : all;
  const unknown = options.filter((o) => !all.includes(o));
  if (unknown.length)
    throw new MapError(
      `compare=${spec.key}: no option ${unknown.join(', ')}; options: ${all.join(', ')}.`,
    );
  if (options.length < 2) throw new MapError(`compare=${spec.key}: name at least two options.`);
  return { spec, options };
}

/**
 * Everything about a map but its cells, resolved once (the knobs, the grid, the table and
 * column, what competes): the page computes it first, then the rows in chunks on a pool of
 * workers (`mapRows`), and puts them together with `assembleMap`. Plain data, so that it
 * crosses to a worker.
 */
export interface MapPlan {
  frame: Omit<RegimeMap, 'cells'>;
  /** An enum parameter whose options compete, or null: the table's rows compete. */
  compare: { param: string; options: string[] } | null;
  /** The row mapped when options come from an enum parameter (by its place). */
  rowIndex: number;
  /** The rows that compete (at most 16), when no enum parameter does. */
  rowLabels: string[];
}

/** The model's seed parameter, if it has one. */
const seedSpec = (model: ModelDefinition): NumberParamSpec | undefined =>
  model.params.find((p): p is NumberParamSpec => p.kind === 'number' && p.key === 'seed');

/**
 * The seeds each cell runs with: the scenario's, then the next ones, when the model has a seed
 * that moves its tables here (the scenario run again with the next seed gives other values);
 * else the scenario's alone. Their spread is the model's run-to-run noise.
 */
function mapSeeds(
  model: ModelDefinition,
  params: ParamValues,
  req: MapRequest,
  axes: string[],
  first: ModelTable[],
): number[] {
  const spec = seedSpec(model);
  if (!spec || axes.includes(spec.key)) return [];
  const n = req.seeds ?? DEFAULT_SEEDS;
  if (!Number.isInteger(n) || n < 1 || n > MAX_SEEDS)
    throw new MapError(`seeds must be a whole number from 1 to ${MAX_SEEDS} (got ${n}).`);
  const base = Number(params[spec.key] ?? spec.default);
  const seeds = Array.from({ length: n }, (_, k) =>
    base + k <= spec.max ? base + k : spec.min + (base + k - spec.max - 1),
  );
  if (n === 1) return seeds;
  const other = model.tables({ ...params, [spec.key]: seeds[1]! }, { intervals: false });
  const values = (ts: ModelTable[]) =>
    ts.flatMap((t) => t.rows.flatMap((r) => Object.values(r.values)));
  return differs(values(first), values(other)) ? seeds : [base];
}

/**
 * Who wins a cell: the best mean, if it beats every other option by more than `tiePct` % and
 * by more than either's spread over the seeds; otherwise the options within that of the best
 * tie.
 */
export function decideCell(
  options: readonly string[],
  values: readonly (number | null)[],
  better: 'lower' | 'higher',
  tiePct: number,
  spread?: readonly (number | null)[],
): Pick<MapCell, 'best' | 'tied'> {
  let lead = -1;
  values.forEach((v, i) => {
    if (v === null) return;
    const l = lead < 0 ? null : values[lead]!;
    if (l === null || (better === 'lower' ? v < l : v > l)) lead = i;
  });
  if (lead < 0) return { best: null };
  const l = values[lead]!;
  const tied = values.flatMap((v, i) => {
    if (v === null) return [];
    if (i === lead) return [options[i]!];
    const gap = Math.abs(v - l);
    const noise = Math.max(spread?.[i] ?? 0, spread?.[lead] ?? 0);
    const close = gap <= (tiePct / 100) * Math.max(Math.abs(v), Math.abs(l)) || gap <= noise;
    return close ? [options[i]!] : [];
  });
  return tied.length > 1 ? { best: null, tied } : { best: options[lead]! };
}

/** The value a link's preset (the paper's experiment) gives a knob, else its default. */
function paperValue(model: ModelDefinition, params: ParamValues, spec: NumberParamSpec): number {
  const presetId = model.presetParam === undefined ? undefined : params[model.presetParam];
  const preset = model.presets.find((p) => p.id === presetId);
  const v = preset?.params[spec.key];
  return typeof v === 'number' ? v : spec.default;
}

export function planMap(model: ModelDefinition, params: ParamValues, req: MapRequest): MapPlan {
  const x = numberParam(model, req.x, 'x');
  const y = numberParam(model, req.y, 'y');
  if (x.key === y.key) throw new MapError('x and y must be two different parameters.');
  const n = req.n ?? 12;
  if (!Number.isInteger(n) || n < 2 || n > MAX_GRID)
    throw new MapError(`n must be a whole number from 2 to ${MAX_GRID}.`);

  const compare = comparedOptions(model, req);

  const first = model.tables(params, { intervals: false });
  const chosen = req.table || req.column ? null : chooseCell(model, params, x, y);
  const tableId = req.table ?? chosen?.table ?? first[0]?.id ?? '';
  const table = first.find((t) => t.id === tableId);
  if (!table)
    throw new MapError(
      `table=${tableId}: not a table of this scenario; tables: ${first.map((t) => t.id).join(', ')}.`,
    );
  const columnKey =
    req.column ?? chosen?.column ?? table.chartColumns?.[0] ?? table.columns[0]?.key ?? '';
  const column = table.columns.find((c) => c.key === columnKey);
  if (!column)
    throw new MapError(
      `column=${columnKey}: not a column of ${table.id}; columns: ${table.columns.map((c) => c.key).join(', ')}.`,
    );
  if (req.row && !table.rows.some((r) => r.label === req.row))
    throw new MapError(`row=${req.row}: not a row of ${table.id}.`);
  const better = req.better ?? (TIME_UNITS.has(column.unit) ? 'lower' : 'higher');
  const tiePct = req.tiePct ?? DEFAULT_TIE_PCT;
  if (!Number.isFinite(tiePct) || tiePct < 0 || tiePct > 50)
    throw new MapError(`tie must be a per cent from 0 to 50 (got ${tiePct}).`);
  // OPT knows the future: it wins by definition, so it competes only when asked.
  const excluded = compare || req.includeOptimum ? [] : table.rows.filter((r) => r.optimum);
  const rowLabels = table.rows
    .filter((r) => !excluded.includes(r))
    .map((r) => r.label)
    .slice(0, 16);
  const seeds = mapSeeds(model, params, req, [x.key, y.key], first);
  const rowIndex = req.row ? table.rows.findIndex((r) => r.label === req.row) : 0;
  const options = compare ? compare.options.map((o) => `${compare.spec.key}=${o}`) : rowLabels;
  const axis = (s: NumberParamSpec): MapAxis => ({
    param: s.key,
    label: s.label,
    unit: s.unit,
    scale: s.scale === 'log' || s.scale === 'pow2' ? 'log' : 'linear',
    integer: s.integer,
    values: gridValues(s, n),
  });
  return {
    frame: {
      table: table.id,
      column: column.key,
      columnLabel: column.label,
      unit: column.unit,
      better,
      options,
      x: axis(x),
      y: axis(y),
      tiePct,
      seeds,
      excluded: excluded.map((r) => r.label),
      scenario: { x: Number(params[x.key] ?? x.default), y: Number(params[y.key] ?? y.default) },
      paper: { x: paperValue(model, params, x), y: paperValue(model, params, y) },
    },
    compare: compare ? { param: compare.spec.key, options: compare.options } : null,
    rowIndex,
    rowLabels,
  };
}

/** The cells of rows `from` ≤ j < `to` of a planned map (at y.values[j]); `onCell` after each. */
export function mapRows(
  model: ModelDefinition,
  params: ParamValues,
  plan: MapPlan,
  from: number,
  to: number,
  onCell?: () => void,
): RegimeMap['cells'] {
  const { frame, compare, rowIndex, rowLabels } = plan;
  const cell = { table: frame.table, column: frame.column };
  const finite = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? v : null);
  const seedKey = seedSpec(model)?.key ?? 'seed';
  const seeds: (number | undefined)[] = frame.seeds.length > 0 ? frame.seeds : [undefined];
  const run = (base: ParamValues): (number | null)[] =>
    compare
      ? compare.options.map((o) =>
          // The row by its place: an option may rename it ("Your configuration: RPC, …").
          finite(
            cellValue(model.tables({ ...base, [compare.param]: o }, { intervals: false }), cell)[
              rowIndex
            ],
          ),
        )
      : (() => {
          const t = model.tables(base, { intervals: false }).find((tt) => tt.id === cell.table);
          return rowLabels.map((label) =>
            finite(t?.rows.find((r) => r.label === label)?.values[cell.column]),
          );
        })();
  return frame.y.values.slice(from, to).map((yv) =>
    frame.x.values.map((xv) => {
      const base = { ...params, [frame.x.param]: xv, [frame.y.param]: yv };
      const runs = seeds.map((s) => run(s === undefined ? base : { ...base, [seedKey]: s }));
      const values = frame.options.map((_, k) => {
        const vs = runs.map((r) => r[k] ?? null);
        return vs.some((v) => v === null)
          ? null
          : vs.reduce((sum: number, v) => sum + v!, 0) / vs.length;
      });
      const spread =
        runs.length > 1
          ? frame.options.map((_, k) => {
              const vs = runs.map((r) => r[k] ?? null);
              return vs.some((v) => v === null)
                ? null
                : Math.max(...(vs as number[])) - Math.min(...(vs as number[]));
            })
          : undefined;
      onCell?.();
      return {
        values,
        ...decideCell(frame.options, values, frame.better, frame.tiePct, spread),
        ...(spread ? { spread } : {}),
      };
    }),
  );
}

/** The map from its plan and its rows in order (chunks concatenated). */
export function assembleMap(plan: MapPlan, cells: RegimeMap['cells']): RegimeMap {
  const { scenario, paper, ...head } = plan.frame;
  return { ...head, cells, scenario, paper };
}

/** Row ranges [from, to) of `per` rows each, covering `rows` rows: the page's chunks. */
export function rowChunks(rows: number, per = 1): [number, number][] {
  const step = Math.max(1, Math.floor(per));
  return Array.from({ length: Math.ceil(rows / step) }, (_, k) => [
    k * step,
    Math.min(rows, (k + 1) * step),
  ]);
}

/** The whole map in one go (the CLI); `onProgress` after each cell. */
export function regimeMap(
  model: ModelDefinition,
  params: ParamValues,
  req: MapRequest,
  onProgress?: (done: number, total: number) => void,
): RegimeMap {
  const plan = planMap(model, params, req);
  const total = plan.frame.x.values.length * plan.frame.y.values.length;
  let done = 0;
  const cells = mapRows(model, params, plan, 0, plan.frame.y.values.length, () =>
    onProgress?.(++done, total),
  );
  return assembleMap(plan, cells);
}
