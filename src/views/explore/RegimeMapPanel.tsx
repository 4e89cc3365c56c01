import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { RegimeMapPlot } from '../../charts/RegimeMapPlot';
import { DEFAULT_TIE_PCT, type MapRequest, type RegimeMap } from '../../compare/regimeMap';
import type { EnumParamSpec, ModelInfo } from '../../models/types';
import type { Scenario } from '../../scenario';
import type { ScenarioResults } from '../../state/useScenarioResults';
import type { ChangeParam } from '../Controls';
import { mapDefaults, numberParams, type MapDefaults } from './regimeDefaults';
import { useRegimeMap, type MapRun } from './useRegimeMap';
import './exploreText';
import { useT, type Translate } from '../../i18n/LangContext';
import { formatValue } from '../../format';
import {
  columnLabel,
  labelWithUnitWord,
  optionLabel,
  paramLabel,
  rowLabel,
  tableTitle,
} from '../modelText';
import { paramName } from '../../i18n/modelText';

export const RESOLUTIONS = [8, 12, 16, 24] as const;
/** Tie thresholds offered: options closer than this (per cent of the best) tie. */
export const TIES = [0, 1, 2, 5, 10] as const;
/** The selects' options, [value, label]. */
const SIDES = RESOLUTIONS.map((n) => [n, `${n} × ${n}`] as const);
const tieOptions = (t: Translate) =>
  TIES.map(
    (k) =>
      [
        k,
        k === 0 ? t('explore.map.tieEqual') : t('explore.map.tieOf', { pct: formatValue(k) }),
      ] as const,
  );
const better = (t: Translate) =>
  [
    ['', t('explore.map.betterAuto')],
    ['lower', t('explore.map.lower')],
    ['higher', t('explore.map.higher')],
  ] as const;

type Show = 'wins' | number;

interface Form extends MapDefaults {
  n: number;
  row: string;
  better: '' | 'lower' | 'higher';
  tiePct: number;
  includeOptimum: boolean;
}

/** The options' names for people: a row's label, or an enum option's (`transport=SM` → Shared memory). */
function optionLabels(t: Translate, model: ModelInfo, map: RegimeMap): string[] {
  return map.options.map((o) => {
    const eq = o.indexOf('=');
    const spec = eq > 0 ? model.params.find((p) => p.key === o.slice(0, eq)) : undefined;
    if (spec?.kind !== 'enum') return rowLabel(t, map.table, o);
    const option = spec.options.find((v) => v.value === o.slice(eq + 1));
    return option ? optionLabel(t, model.id, spec, option) : o;
  });
}

/** The map in the page's words: its knobs' and its quantity's names (the plot says them). */
function localMap(t: Translate, model: string, map: RegimeMap): RegimeMap {
  if (t.lang === 'en') return map;
  const axis = (a: RegimeMap['x']) => ({
    ...a,
    label: paramName(t, model, { key: a.param, ...a }),
  });
  return {
    ...map,
    x: axis(map.x),
    y: axis(map.y),
    columnLabel: columnLabel(t, map.table, { key: map.column, label: map.columnLabel }),
  };
}

function statusText(t: Translate, run: MapRun): string {
  switch (run.status) {
    case 'idle':
      return t('explore.map.idle');
    case 'planning':
      return t('explore.map.planning');
    case 'running':
      return t('explore.map.running', { row: Math.min(run.done + 1, run.total), total: run.total });
    case 'done':
      return t('explore.map.done', { total: run.total });
    case 'cancelled':
      return t('explore.map.cancelled', {
        when: run.total ? 'after' : 'before',
        done: run.done,
        total: run.total,
        kept: String(run.map !== null && run.map !== undefined),
      });
    case 'error':
      return t('explore.map.error', { error: run.error ?? t('explore.map.unknownError') });
  }
}

const busyOf = (run: MapRun) => run.status === 'planning' || run.status === 'running';

type Options = readonly (readonly [string | number, ReactNode, boolean?])[];

/** A labelled select of `options` ([value, label, disabled]), after `first` (an option, groups). */
const choice = (
  uid: string,
  label: string,
  value: string | number,
  options: Options,
  onChange: (value: string) => void,
  first?: ReactNode,
) => (
  <div className="regime-field">
    <label htmlFor={`${uid}-${label}`}>{label}</label>
    <select id={`${uid}-${label}`} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
      {first}
      {options.map(([v, text, off]) => (
        <option key={v} value={v} disabled={off}>
          {text}
        </option>
      ))}
    </select>
  </div>
);

/**
 * The map asked for: the model's defaults (./regimeDefaults.ts) under the user's choices, the
 * knobs and option parameters it may use, and the table and competitors it names.
 */
function useMapForm(model: ModelInfo, results: ScenarioResults) {
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
  const optimumTable = table ?? (form.cell ? undefined : tables[0]);
  const optimumRows = optimumTable?.rows.filter((r) => r.optimum).map((r) => r.label);
  const request = (): MapRequest => {
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
    return req;
  };
  return {
    form,
    set,
    defaults,
    numbers,
    enums,
    tables,
    table,
    compareSpec,
    optimumTable,
    optimumRows,
    request,
  };
}

/** The form: the two knobs, the resolution, what to map and how to judge it; Compute, Cancel. */
function MapForm({
  uid,
  model,
  f,
  run,
  onSubmit,
  onCancel,
}: {
  uid: string;
  model: ModelInfo;
  f: ReturnType<typeof useMapForm>;
  run: MapRun;
  onSubmit: (e: FormEvent) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const { form, set, defaults, table, compareSpec, optimumRows } = f;
  const knobs = (other: string) =>
    f.numbers.map(
      (p) =>
        [p.key, labelWithUnitWord(t, paramLabel(t, model.id, p), p.unit), p.key === other] as const,
    );
  const competing: Options = [
    ['', t('explore.map.tableRows')],
    ...f.enums.map((p) => {
      const only = p.key === defaults.compare && defaults.only.length ? defaults.only : null;
      const names = p.options.filter((o) => !only || only.includes(o.value));
      const said = names.map((o) => optionLabel(t, model.id, p, o)).join(t('explore.map.vs'));
      return [p.key, `${paramLabel(t, model.id, p)}: ${said}`] as const;
    }),
  ];
  // The automatic choice, then each table's columns under the table's title.
  const quantities = (
    <>
      <option value="">{t('explore.map.automatic')}</option>
      {f.tables.map((table) => (
        <optgroup key={table.id} label={tableTitle(t, table)}>
          {table.columns.map((c) => (
            <option key={c.key} value={`${table.id}|${c.key}`}>
              {labelWithUnitWord(t, columnLabel(t, table.id, c), c.unit)}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
  return (
    <form className="regime-form" onSubmit={onSubmit} aria-label={t('explore.map.form')}>
      {choice(uid, t('explore.map.across'), form.x, knobs(form.y), (x) => set({ x }))}
      {choice(uid, t('explore.map.up'), form.y, knobs(form.x), (y) => set({ y }))}
      {choice(uid, t('explore.map.side'), form.n, SIDES, (n) => set({ n: Number(n) }))}
      {choice(
        uid,
        t('explore.map.quantity'),
        form.cell,
        [],
        (cell) => set({ cell, row: '' }),
        quantities,
      )}
      {choice(uid, t('explore.map.competes'), form.compare, competing, (compare) =>
        set({ compare, only: compare === defaults.compare ? defaults.only : [] }),
      )}
      {compareSpec &&
        table &&
        table.rows.length > 1 &&
        choice(
          uid,
          t('explore.map.row'),
          form.row,
          table.rows.map((r, i) => [i ? r.label : '', rowLabel(t, table.id, r.label)]),
          (row) => set({ row }),
        )}
      {choice(uid, t('explore.map.bestIs'), form.better, better(t), (v) =>
        set({ better: v as Form['better'] }),
      )}
      {choice(uid, t('explore.map.tieWithin'), form.tiePct, tieOptions(t), (v) =>
        set({ tiePct: Number(v) }),
      )}
      {!compareSpec && optimumRows && optimumRows.length > 0 && (
        <div className="regime-field regime-check">
          <label>
            <input
              type="checkbox"
              checked={form.includeOptimum}
              onChange={(e) => set({ includeOptimum: e.currentTarget.checked })}
            />{' '}
            {t('explore.map.letCompete', {
              rows: optimumRows.map((r) => rowLabel(t, f.optimumTable?.id ?? '', r)).join(', '),
            })}
          </label>
        </div>
      )}
      <MapActions run={run} onCancel={onCancel} />
    </form>
  );
}

/** Compute, Cancel while a map is computing, and how far it has come. */
function MapActions({ run, onCancel }: { run: MapRun; onCancel: () => void }) {
  const t = useT();
  return (
    <div className="regime-actions">
      <button type="submit" className="regime-compute" data-testid="regime-compute">
        {t('explore.map.compute')}
      </button>
      {busyOf(run) && (
        <button
          type="button"
          className="small-button"
          onClick={onCancel}
          data-testid="regime-cancel"
        >
          {t('explore.map.cancel')}
        </button>
      )}
      <div className="regime-status" data-testid="regime-status" role="status">
        {run.status === 'running' && (
          <progress value={run.done} max={run.total} aria-label={t('explore.map.rows')} />
        )}
        <span>{statusText(t, run)}</span>
      </div>
    </div>
  );
}

/**
 * The map computed (`map`, for the parameters `run.mapParams`): its title, a note when the
 * scenario has moved since, what to show, the plot (a click moves both knobs) and a hint.
 */
function MapResult({
  uid,
  model,
  scenario,
  run,
  map,
  labels,
  show,
  onShow,
  tables,
  onChange,
}: {
  uid: string;
  model: ModelInfo;
  scenario: Scenario;
  run: MapRun;
  map: RegimeMap;
  labels: readonly string[];
  show: Show;
  onShow: (show: Show) => void;
  tables: ReturnType<typeof useMapForm>['tables'];
  onChange: ChangeParam;
}) {
  const t = useT();
  // What differs from the scenario the map was computed for (its own two knobs aside).
  const changed = model.params.filter(
    (p) =>
      p.key !== map.x.param &&
      p.key !== map.y.param &&
      run.mapParams?.[p.key] !== scenario.params[p.key],
  );
  const now = {
    x: Number(scenario.params[map.x.param] ?? map.scenario.x),
    y: Number(scenario.params[map.y.param] ?? map.scenario.y),
  };
  const mapTable = tables.find((x) => x.id === map.table);
  const quantity = labelWithUnitWord(
    t,
    columnLabel(t, map.table, { key: map.column, label: map.columnLabel }),
    map.unit,
  );
  const shows: Options = [
    ...(labels.length > 1 ? [['wins', t('explore.map.whichWins')] as const] : []),
    ...labels.map((l, k) => [k, `${quantity}: ${l}`] as const),
  ];
  return (
    <div className="regime-result" aria-busy={busyOf(run)} data-testid="regime-result">
      <h3 className="regime-title">
        {show === 'wins'
          ? t('explore.map.title', {
              options: labels.join(t('explore.map.or')),
              better: map.better,
              quantity,
            })
          : `${quantity}: ${labels[show] ?? ''}`}
        <span className="regime-subtitle">{mapTable ? tableTitle(t, mapTable) : map.table}</span>
      </h3>
      {changed.length > 0 && (
        <p className="calm-note" data-testid="regime-stale">
          {t('explore.map.stale', {
            params: changed.map((p) => paramLabel(t, model.id, p)).join(', '),
          })}
        </p>
      )}
      {choice(uid, t('explore.map.show'), String(show), shows, (v) =>
        onShow(v === 'wins' ? 'wins' : Number(v)),
      )}
      <RegimeMapPlot
        map={localMap(t, model.id, map)}
        show={show}
        optionLabels={labels}
        now={now}
        onPick={(x, y) => {
          onChange(map.x.param, x, { replace: false });
          onChange(map.y.param, y, { replace: false });
        }}
      />
      <p className="regime-hint">{t('explore.map.hint')}</p>
    </div>
  );
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
  const t = useT();
  const uid = useId();
  const f = useMapForm(model, results);
  const { run, compute, cancel } = useRegimeMap(model.id);
  const map = run.map;
  const labels = useMemo(() => (map ? optionLabels(t, model, map) : []), [t, model, map]);
  const [showPick, setShowPick] = useState<Show | null>(null);
  const show: Show =
    showPick !== null && (showPick === 'wins' || showPick < labels.length)
      ? showPick
      : f.form.wins || (map?.options.length ?? 0) > 1
        ? 'wins'
        : 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShowPick(null);
    compute(scenario.params, f.request());
  };
  return (
    <div className="regime-panel" data-testid="regime-panel" data-status={run.status}>
      <p className="regime-intro">{t('explore.map.intro')}</p>
      <MapForm uid={uid} model={model} f={f} run={run} onSubmit={submit} onCancel={cancel} />
      {map && (
        <MapResult
          uid={uid}
          model={model}
          scenario={scenario}
          run={run}
          map={map}
          labels={labels}
          show={show}
          onShow={setShowPick}
          tables={f.tables}
          onChange={onChange}
        />
      )}
    </div>
  );
}
