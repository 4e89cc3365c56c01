import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { RegimeMapPlot } from '../../charts/RegimeMapPlot';
import { DEFAULT_TIE_PCT, type MapRequest, type RegimeMap } from '../../compare/regimeMap';
import { labelWithUnit } from '../../format';
import type { EnumParamSpec, ModelInfo } from '../../models/types';
import type { Scenario } from '../../scenario';
import type { ScenarioResults } from '../../state/useScenarioResults';
import type { ChangeParam } from '../Controls';
import { mapDefaults, numberParams, type MapDefaults } from './regimeDefaults';
import { useRegimeMap, type MapRun } from './useRegimeMap';

export const RESOLUTIONS = [8, 12, 16, 24] as const;
/** Tie thresholds offered: options closer than this (per cent of the best) tie. */
export const TIES = [0, 1, 2, 5, 10] as const;

interface Form extends MapDefaults {
  n: number;
  row: string;
  better: '' | 'lower' | 'higher';
  tiePct: number;
  includeOptimum: boolean;
}

/** The options' names for people: a row's label, or an enum option's (`transport=SM` → Shared memory). */
function optionLabels(model: ModelInfo, map: RegimeMap): string[] {
  return map.options.map((o) => {
    const eq = o.indexOf('=');
    const spec = eq > 0 ? model.params.find((p) => p.key === o.slice(0, eq)) : undefined;
    return spec?.kind === 'enum'
      ? (spec.options.find((v) => v.value === o.slice(eq + 1))?.label ?? o)
      : o;
  });
}

function statusText(run: MapRun): string {
  switch (run.status) {
    case 'idle':
      return 'No map yet: choose two knobs and compute it.';
    case 'planning':
      return 'Planning the map…';
    case 'running':
      return `Computing row ${Math.min(run.done + 1, run.total)} of ${run.total}…`;
    case 'done':
      return `Done: ${run.total} rows.`;
    case 'cancelled':
      return `Cancelled ${run.total ? `after ${run.done} of ${run.total} rows` : 'before the first row'}${run.map ? '; the map below is the last one computed' : ''}.`;
    case 'error':
      return `This map could not be computed: ${run.error ?? 'unknown error'}`;
  }
}

/**
 * A regime map of the model (src/compare/regimeMap.ts, the CLI's `explore --map`): the user
 * picks two knobs, the resolution and what to map (a table's column: its rows compete, or an
 * option parameter's values do), and computes it on the maps' worker pool, a row per chunk,
 * with progress and Cancel. The map shows which option wins in each cell or one option's
 * value, with the paper's experiment and this scenario marked; a click moves both knobs.
 */
export function RegimeMapPanel({
  model,
  scenario,
  results,
  onChange,
}: {
  model: ModelInfo;
  scenario: Scenario;
  results: ScenarioResults;
  onChange: ChangeParam;
}) {
  const uid = useId();
  const numbers = useMemo(() => numberParams(model), [model]);
  const enums = useMemo(
    () =>
      model.params.filter(
        (p): p is EnumParamSpec =>
          p.kind === 'enum' && p.key !== model.presetParam && p.options.length > 1,
      ),
    [model],
  );
  const tables = useMemo(() => results.tables?.value.tables ?? [], [results.tables]);
  const defaults = useMemo(() => mapDefaults(model, tables), [model, tables]);
  const [edited, setEdited] = useState<Partial<Form>>({});
  // A table the scenario no longer has (another preset) falls back to the defaults' choice.
  const cellOk = (cell: string | undefined) =>
    cell !== undefined && (cell === '' || tables.some((t) => t.id === cell.split('|')[0]));
  const form: Form = {
    ...defaults,
    n: 12,
    row: '',
    better: '',
    tiePct: DEFAULT_TIE_PCT,
    includeOptimum: false,
    ...edited,
    ...(cellOk(edited.cell) ? {} : { cell: defaults.cell, row: '' }),
  };
  const set = (patch: Partial<Form>) => setEdited((e) => ({ ...e, ...patch }));
  const [tableId, columnKey] = form.cell ? form.cell.split('|') : [];
  const table = tables.find((t) => t.id === tableId);
  const compareSpec = enums.find((p) => p.key === form.compare);
  // Rows optimal by definition (OPT) in the table the map would use: offered to include.
  const optimumRows = (table ?? (form.cell ? undefined : tables[0]))?.rows
    .filter((r) => r.optimum)
    .map((r) => r.label);

  const { run, compute, cancel } = useRegimeMap(model.id);
  const map = run.map;
  const labels = useMemo(() => (map ? optionLabels(model, map) : []), [model, map]);
  const [showPick, setShowPick] = useState<'wins' | number | null>(null);
  const show: 'wins' | number =
    showPick !== null && (showPick === 'wins' || showPick < labels.length)
      ? showPick
      : form.wins || (map?.options.length ?? 0) > 1
        ? 'wins'
        : 0;
  const busy = run.status === 'planning' || run.status === 'running';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const req: MapRequest = { x: form.x, y: form.y, n: form.n };
    if (tableId && columnKey) Object.assign(req, { table: tableId, column: columnKey });
    if (compareSpec) {
      req.compare = compareSpec.key;
      if (form.only.length) req.only = form.only;
      if (form.row) req.row = form.row;
    }
    if (form.better) req.better = form.better;
    req.tiePct = form.tiePct;
    if (form.includeOptimum) req.includeOptimum = true;
    setShowPick(null);
    compute(scenario.params, req);
  };

  const field = (label: string, control: ReactNode) => (
    <div className="regime-field">
      <label htmlFor={`${uid}-${label}`}>{label}</label>
      {control}
    </div>
  );
  const knobSelect = (key: 'x' | 'y', other: string) => (
    <select
      id={`${uid}-${key === 'x' ? 'Across (x)' : 'Up (y)'}`}
      value={form[key]}
      onChange={(e) => set({ [key]: e.currentTarget.value })}
    >
      {numbers.map((p) => (
        <option key={p.key} value={p.key} disabled={p.key === other}>
          {labelWithUnit(p.label, p.unit)}
        </option>
      ))}
    </select>
  );

  // What differs from the scenario the map on screen was computed for (its own two knobs aside).
  const changed = map
    ? model.params.filter(
        (p) =>
          p.key !== map.x.param &&
          p.key !== map.y.param &&
          run.mapParams?.[p.key] !== scenario.params[p.key],
      )
    : [];
  const now = map
    ? {
        x: Number(scenario.params[map.x.param] ?? map.scenario.x),
        y: Number(scenario.params[map.y.param] ?? map.scenario.y),
      }
    : { x: 0, y: 0 };
  const mapTable = map ? tables.find((t) => t.id === map.table) : undefined;

  return (
    <div className="regime-panel" data-testid="regime-panel" data-status={run.status}>
      <p className="regime-intro">
        Each cell runs the model at one pair of values of two knobs, every other parameter as now:
        where does one option give way to another?
      </p>
      <form className="regime-form" onSubmit={submit} aria-label="The map to compute">
        {field('Across (x)', knobSelect('x', form.y))}
        {field('Up (y)', knobSelect('y', form.x))}
        {field(
          'Cells per side',
          <select
            id={`${uid}-Cells per side`}
            value={form.n}
            onChange={(e) => set({ n: Number(e.currentTarget.value) })}
          >
            {RESOLUTIONS.map((n) => (
              <option key={n} value={n}>
                {n} × {n}
              </option>
            ))}
          </select>,
        )}
        {field(
          'Quantity',
          <select
            id={`${uid}-Quantity`}
            value={form.cell}
            onChange={(e) => set({ cell: e.currentTarget.value, row: '' })}
          >
            <option value="">Automatic (moves with both knobs)</option>
            {tables.map((t) => (
              <optgroup key={t.id} label={t.title}>
                {t.columns.map((c) => (
                  <option key={c.key} value={`${t.id}|${c.key}`}>
                    {labelWithUnit(c.label, c.unit)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>,
        )}
        {field(
          'What competes',
          <select
            id={`${uid}-What competes`}
            value={form.compare}
            onChange={(e) =>
              set({
                compare: e.currentTarget.value,
                only: e.currentTarget.value === defaults.compare ? defaults.only : [],
              })
            }
          >
            <option value="">The table’s rows</option>
            {enums.map((p) => {
              const only =
                p.key === defaults.compare && defaults.only.length ? defaults.only : null;
              const names = p.options.filter((o) => !only || only.includes(o.value));
              return (
                <option key={p.key} value={p.key}>
                  {p.label}: {names.map((o) => o.label).join(' vs ')}
                </option>
              );
            })}
          </select>,
        )}
        {compareSpec &&
          table &&
          table.rows.length > 1 &&
          field(
            'Row',
            <select
              id={`${uid}-Row`}
              value={form.row}
              onChange={(e) => set({ row: e.currentTarget.value })}
            >
              <option value="">{table.rows[0]?.label}</option>
              {table.rows.slice(1).map((r) => (
                <option key={r.label}>{r.label}</option>
              ))}
            </select>,
          )}
        {field(
          'Best is',
          <select
            id={`${uid}-Best is`}
            value={form.better}
            onChange={(e) => set({ better: e.currentTarget.value as Form['better'] })}
          >
            <option value="">Lower for a time, else higher</option>
            <option value="lower">Lower</option>
            <option value="higher">Higher</option>
          </select>,
        )}
        {field(
          'Tie within',
          <select
            id={`${uid}-Tie within`}
            value={form.tiePct}
            onChange={(e) => set({ tiePct: Number(e.currentTarget.value) })}
          >
            {TIES.map((t) => (
              <option key={t} value={t}>
                {t === 0 ? 'only equal values' : `${t} % of the best`}
              </option>
            ))}
          </select>,
        )}
        {!compareSpec && optimumRows && optimumRows.length > 0 && (
          <div className="regime-field regime-check">
            <label>
              <input
                type="checkbox"
                checked={form.includeOptimum}
                onChange={(e) => set({ includeOptimum: e.currentTarget.checked })}
              />{' '}
              Let {optimumRows.join(', ')} compete (optimal by definition)
            </label>
          </div>
        )}
        <div className="regime-actions">
          <button type="submit" className="regime-compute" data-testid="regime-compute">
            Compute map
          </button>
          {busy && (
            <button
              type="button"
              className="small-button"
              onClick={cancel}
              data-testid="regime-cancel"
            >
              Cancel
            </button>
          )}
          <div className="regime-status" data-testid="regime-status" role="status">
            {run.status === 'running' && (
              <progress value={run.done} max={run.total} aria-label="Rows computed" />
            )}
            <span>{statusText(run)}</span>
          </div>
        </div>
      </form>

      {map && (
        <div className="regime-result" aria-busy={busy} data-testid="regime-result">
          <h3 className="regime-title">
            {show === 'wins'
              ? `${labels.join(' or ')}: which gives the ${map.better} ${labelWithUnit(map.columnLabel, map.unit)}?`
              : `${labelWithUnit(map.columnLabel, map.unit)}: ${labels[show] ?? ''}`}
            <span className="regime-subtitle">{mapTable?.title ?? map.table}</span>
          </h3>
          {changed.length > 0 && (
            <p className="calm-note" data-testid="regime-stale">
              Computed before you changed {changed.map((p) => p.label).join(', ')}: compute it again
              for this scenario.
            </p>
          )}
          {field(
            'Show',
            <select
              id={`${uid}-Show`}
              value={String(show)}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setShowPick(v === 'wins' ? 'wins' : Number(v));
              }}
            >
              {labels.length > 1 && <option value="wins">Which wins</option>}
              {labels.map((l, k) => (
                <option key={l} value={k}>
                  {labelWithUnit(map.columnLabel, map.unit)}: {l}
                </option>
              ))}
            </select>,
          )}
          <RegimeMapPlot
            map={map}
            show={show}
            optionLabels={labels}
            now={now}
            onPick={(x, y) => {
              onChange(map.x.param, x, { replace: false });
              onChange(map.y.param, y, { replace: false });
            }}
          />
          <p className="regime-hint">Click a cell to set both knobs to its values.</p>
        </div>
      )}
    </div>
  );
}
