import { memo, useEffect, useId, useMemo, useState, type ComponentProps } from 'react';
import { SweepPlot } from '../../charts/SweepPlot';
import { headlineColumn } from '../../compare/knobSweep';
import type { ComparedTable } from '../../compare/types';
import { formatError, formatValue, labelWithUnit, withUnit } from '../../format';
import type { LineChartData, ModelInfo, NumberParamSpec } from '../../models/types';
import { formatParamValue, type Scenario } from '../../scenario';
import { scenarioHash } from '../../state/scenarioLink';
import { useKnobSweep } from '../../state/useKnobSweep';
import type { ScenarioResults } from '../../state/useScenarioResults';
import { NumberControl, type ChangeParam } from '../Controls';
import { errClass, errWords } from '../otherExperiment';
import { errorText } from '../../i18n/errorText';
import { isShown } from '../paramSections';
import type { ChangeBase } from '../../state/useChangeBase';
import { ChangePct, knobChanges, useChangeStory } from './ChangeSummary';
import './explore.css';
import { ENGLISH } from './exploreText';
import { useT, type Translate } from '../../i18n/LangContext';
import { localTable } from '../../charts/chartText';
import { paramName as paramLabel, seriesName } from '../../i18n/modelText';
import { columnLabel, rowLabel } from '../modelText';

/** The strip's compact table: the explored table's first rows, as many as the sweep draws. */
const CELL_ROWS = 8;

/**
 * One sentence for a gesture's end: "Prefetch distance 128 records: FreadDir elapsed 41.6 s,
 * paper 36.6 s, +13.7 %" — the knob's value and the explored table's first headline cell.
 */
export function gestureSentence(
  model: ModelInfo,
  key: string,
  params: Scenario['params'],
  table: ComparedTable | undefined,
  t: Translate = ENGLISH,
): string {
  const spec = model.params.find((p) => p.key === key);
  if (!spec || params[key] === undefined) return '';
  const knob = `${paramLabel(t, model.id, spec)} ${formatParamValue(spec, params[key])}`;
  const row = table?.rows[0];
  if (!table || !row) return `${knob}.`;
  const column = headlineColumn(table);
  const col = table.columns.find((c) => c.key === column);
  const unit = col?.unit ?? '';
  const other = table.otherExperiment !== undefined;
  const paper = row.paper?.[column] ?? null;
  const err = (other ? row.vsPaperRunPct?.[column] : row.errorPct[column]) ?? null;
  const model_ = withUnit(formatValue(row.model[column]), unit);
  const paperText =
    paper === null
      ? ''
      : t('explore.said.paper', {
          other: String(other),
          value: withUnit(formatValue(paper), unit),
        }) + (err === null ? '' : `, ${errWords(err, other, col?.errorUnit ?? '%')}`);
  return t('explore.said.cell', {
    knob,
    row: row.label,
    column: (col?.label ?? column).toLowerCase(),
    model: model_,
    paper: paperText,
  });
}

/** Whether a media query matches, following it as the window changes. */
function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(
    () => typeof matchMedia === 'function' && matchMedia(query).matches,
  );
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const list = matchMedia(query);
    const change = () => setMatches(list.matches);
    change();
    list.addEventListener('change', change);
    return () => list.removeEventListener('change', change);
  }, [query]);
  return matches;
}

/**
 * The sentence to say once a slider is let go (pointer up, key up) and the tables for the
 * scenario it left are on screen: one per gesture, never one per step.
 */
function useGestureSentence(model: ModelInfo, scenario: Scenario, results: ScenarioResults) {
  const tr = useT();
  const [ended, setEnded] = useState<{ key: string; n: number } | null>(null);
  const [said, setSaid] = useState('');
  useEffect(() => {
    let n = 0;
    const end = (e: Event) => {
      const t = e.target;
      if (t instanceof HTMLInputElement && t.type === 'range' && t.dataset.param)
        setEnded({ key: t.dataset.param, n: ++n });
    };
    document.addEventListener('pointerup', end, true);
    document.addEventListener('keyup', end, true);
    return () => {
      document.removeEventListener('pointerup', end, true);
      document.removeEventListener('keyup', end, true);
    };
  }, []);
  const tables = results.tables;
  const current = tables !== null && tables.hash === scenarioHash(scenario);
  useEffect(() => {
    if (!ended || !current) return;
    const first = tables.value.tables[0];
    const table = first && localTable(first, tr, model.id);
    setSaid(gestureSentence(model, ended.key, scenario.params, table, tr));
    setEnded(null);
  }, [ended, current, model, scenario.params, tables, tr]);
  return said;
}

/** The strip's own slider and exact box, named after its knob. */
function StripKnob({
  model,
  spec,
  value,
  onChange,
}: {
  model: ModelInfo;
  spec: NumberParamSpec;
  value: number;
  onChange: ChangeParam;
}) {
  const t = useT();
  return (
    <div className="explore-knob" data-testid="explore-knob">
      <NumberControl
        key={spec.key}
        spec={spec}
        value={value}
        onChange={onChange}
        labels={{
          // Named after its knob; "Explore:" tells it from the parameters' own slider.
          slider: t('explore.strip.slider', {
            knob: labelWithUnit(paramLabel(t, model.id, spec), spec.unit),
          }),
          exact: spec.unit
            ? t('explore.strip.exactIn', { unit: spec.unit })
            : t('explore.strip.exact'),
        }}
      />
    </div>
  );
}

/**
 * Drag and watch, on one screen: a strip along the foot of the window with the knob being
 * explored (the last one touched in the parameters, or chosen here), the headline table's
 * leading column as it is now, and that column swept across the knob's whole range with the
 * knob's value marked. Wherever the page is scrolled, the knob, the cells and the chart are
 * in view together. The sweep is computed on the worker pool and only when another parameter
 * changes; dragging the knob moves its "now" line at once.
 */
export function ExploreStrip({
  model,
  scenario,
  results,
  knob,
  onKnob,
  onChange,
  change = null,
  shownParams = scenario.params,
}: {
  model: ModelInfo;
  /** The scenario in hand: the knob and the chart's "now" follow it at each step. */
  scenario: Scenario;
  /**
   * The parameters of the tables on screen (the page's): the cells and their story follow
   * them, so that a step re-renders the knob and the chart, and the cells once its tables come.
   */
  shownParams?: Scenario['params'];
  results: ScenarioResults;
  knob: string;
  onKnob: (key: string) => void;
  onChange: ChangeParam;
  /** Where the current gesture began: each cell says how far it has moved since. */
  change?: ChangeBase | null;
}) {
  // The knobs the parameters show for this scenario (a knob this table never reads is not),
  // and never a random seed: it names a run, there is nothing to explore along it.
  const numbers = useMemo(
    () =>
      model.params.filter(
        (p): p is NumberParamSpec =>
          p.kind === 'number' && !p.seed && isShown(model, p, scenario.params),
      ),
    [model, scenario.params],
  );
  const spec = numbers.find((p) => p.key === knob) ?? numbers[0];
  const t = useT();
  const [open, setOpen] = useState(true);
  const pickId = useId();
  const said = useGestureSentence(model, scenario, results);
  if (!spec) return null;
  const value = Number(scenario.params[spec.key] ?? spec.default);
  return (
    <section
      className={`explore-strip${open ? '' : ' is-closed'}`}
      aria-label={t('explore.strip.label')}
      data-testid="explore-strip"
    >
      <div className="explore-head">
        <label htmlFor={pickId}>{t('explore.strip.explore')}</label>
        <select id={pickId} value={spec.key} onChange={(e) => onKnob(e.currentTarget.value)}>
          {numbers.map((p) => (
            <option key={p.key} value={p.key}>
              {paramLabel(t, model.id, p)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="small-button"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t('explore.strip.hide') : t('explore.strip.show')}
        </button>
      </div>
      {open && (
        <>
          <StripKnob model={model} spec={spec} value={value} onChange={onChange} />
          <ExploreCells
            model={model}
            params={shownParams}
            results={results}
            change={change}
            titleId={`${pickId}-cells`}
          />
          <ExploreChart
            model={model}
            params={scenario.params}
            spec={spec}
            value={value}
            table={results.tables?.value.tables[0]}
          />
        </>
      )}
      <p className="visually-hidden" aria-live="polite" data-testid="explore-said">
        {said}
      </p>
    </section>
  );
}

/**
 * The explored table's first rows in its headline column: model, paper (or the paper's run)
 * and error (or Δ), and how far each has moved since the gesture began.
 */
const ExploreCells = memo(function ExploreCells({
  model,
  params,
  results,
  change,
  titleId,
}: {
  model: ModelInfo;
  params: Scenario['params'];
  results: ScenarioResults;
  change: ChangeBase | null;
  titleId: string;
}) {
  const t = useT();
  const knobs = change ? knobChanges(model, change, params, t) : '';
  const story = useChangeStory(change, results.tables?.value.tables ?? null, knobs);
  const given = results.tables?.value.tables[0];
  // In the page's words, as the story's rows are (they pair by label).
  const table = useMemo(() => given && localTable(given, t, model.id), [given, t, model.id]);
  const column = table ? headlineColumn(table) : '';
  const columnSpec = table?.columns.find((c) => c.key === column);
  const moved = story?.column.key === column ? story : null;
  const other = table?.otherExperiment !== undefined;
  return (
    <div
      className="explore-cells"
      data-testid="explore-cells"
      // A region that may scroll takes focus, so that the keyboard can scroll it.
      tabIndex={0}
      role="region"
      aria-labelledby={titleId}
    >
      <p id={titleId} className="explore-cells-title">
        {table && columnSpec
          ? `${table.title}: ${labelWithUnit(columnSpec.label, columnSpec.unit)}`
          : t('explore.cells.title')}
      </p>
      {table && columnSpec ? (
        <table aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col" className="visually-hidden">
                {t('explore.cells.row')}
              </th>
              <th scope="col">{t('explore.cells.model')}</th>
              <th scope="col">{t('explore.cells.paper', { other: String(other) })}</th>
              <th scope="col">{t('explore.cells.error', { other: String(other) })}</th>
              {moved && (
                <th scope="col" className="explore-change">
                  <span className="visually-hidden">{t('explore.cells.change')}</span>
                  <span aria-hidden="true">{t('explore.cells.moved')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {table.rows.slice(0, CELL_ROWS).map((r) => (
              <CellRow
                key={r.label}
                row={r}
                column={column}
                other={other}
                errorUnit={columnSpec.errorUnit ?? '%'}
                moved={
                  moved && {
                    cell: moved.cells.find((c) => c.row === r.label),
                    unit: columnSpec.unit,
                  }
                }
              />
            ))}
          </tbody>
        </table>
      ) : null}
      {table && columnSpec && moved && change ? (
        <p className="explore-why" data-testid="explore-why">
          {t('explore.cells.since', { knobs, reason: moved.reasons[0] ?? '' })}
        </p>
      ) : null}
      {table && columnSpec ? null : <p className="status-line">{t('explore.cells.computing')}</p>}
    </div>
  );
});

/** One row of the strip's cells. */
function CellRow({
  row: r,
  column,
  other,
  errorUnit,
  moved,
}: {
  row: ComparedTable['rows'][number];
  column: string;
  other: boolean;
  errorUnit: '%' | 'pp';
  moved: { cell: ComponentProps<typeof ChangePct>['cell']; unit: string } | null;
}) {
  const err = (other ? r.vsPaperRunPct?.[column] : r.errorPct[column]) ?? null;
  return (
    <tr>
      <th scope="row">
        <span className="explore-row-name">
          {r.short ? <abbr title={r.label}>{r.short}</abbr> : r.label}
        </span>
      </th>
      <td className="model">{formatValue(r.model[column])}</td>
      <td className="paper">{formatValue(r.paper?.[column] ?? null)}</td>
      <td className={`err ${errClass(err, other)}`}>{formatError(err, errorUnit)}</td>
      {moved && (
        <td className="explore-change">
          <ChangePct cell={moved.cell} unit={moved.unit} />
        </td>
      )}
    </tr>
  );
}

/**
 * The sweep (src/compare/knobSweep.ts, in English) in the page's words: its title, axes and
 * caption rebuilt from the knob's and the column's names, its rows as the table names them.
 */
function localSweep(
  t: Translate,
  model: string,
  knob: string,
  chart: LineChartData,
  table: ComparedTable | undefined,
): LineChartData {
  if (t.lang === 'en') return chart;
  const column = table?.columns.find((c) => c.label === chart.yLabel);
  const y = table && column ? columnLabel(t, table.id, column) : chart.yLabel;
  const row = (name: string) => {
    const own = table ? rowLabel(t, table.id, name) : name;
    return own !== name ? own : seriesName(t, model, name);
  };
  const still = chart.caption?.startsWith('Left out')
    ? chart.caption.slice(chart.caption.indexOf(': ') + 2, -1)
    : null;
  const caption =
    chart.caption === undefined
      ? undefined
      : still !== null
        ? t('explore.sweep.leftOut', {
            knob: knob.toLowerCase(),
            rows: still
              .split(', ')
              .map((r) => row(r))
              .join(', '),
          })
        : t('explore.sweep.noneMoves', { knob });
  return {
    ...chart,
    title: t('explore.sweep.title', { column: y, knob: knob.toLowerCase() }),
    xLabel: knob,
    yLabel: y,
    series: chart.series.map((s) => ({ ...s, name: row(s.name), styleOf: s.styleOf ?? s.name })),
    ...(caption === undefined ? {} : { caption }),
  };
}

/** The headline column swept across the knob's whole range, the knob's value marked. */
function ExploreChart({
  model,
  params,
  spec,
  value,
  table,
}: {
  model: ModelInfo;
  params: Scenario['params'];
  spec: NumberParamSpec;
  value: number;
  /** The results' first table, the one swept: its column's name in the page's words. */
  table: ComparedTable | undefined;
}) {
  const t = useT();
  const label = paramLabel(t, model.id, spec);
  const sweep = useKnobSweep(model.id, params, spec.key);
  const given = sweep.chart?.id === `explore-${spec.key}` ? sweep.chart : null;
  const chart = useMemo(
    () => given && localSweep(t, model.id, label, given, table),
    [t, model.id, label, given, table],
  );
  // A phone's sheet and a short window keep the chart small; the tables need the height.
  const phone = useMedia('(max-width: 600px)');
  const short = useMedia('(max-height: 820px)');
  const chartHeight = phone ? 120 : short ? 160 : 170;
  return (
    <div
      className="explore-chart"
      data-testid="explore-chart"
      data-knob={chart ? spec.key : undefined}
      aria-busy={sweep.updating || !chart}
      role="region"
      aria-label={t('explore.chart.label', { knob: label })}
    >
      {chart ? (
        <SweepPlot data={chart} now={value} height={chartHeight} />
      ) : sweep.error ? (
        <p className="status-line">
          {t('explore.chart.failed', { error: errorText(t, sweep.error) })}
        </p>
      ) : (
        <p className="status-line">{t('explore.chart.sweeping', { knob: label.toLowerCase() })}</p>
      )}
    </div>
  );
}
