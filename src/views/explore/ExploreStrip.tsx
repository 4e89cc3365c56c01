import { useId, useMemo, useState } from 'react';
import { SweepPlot } from '../../charts/SweepPlot';
import { headlineColumn } from '../../compare/knobSweep';
import { formatValue } from '../../format';
import type { ModelInfo, NumberParamSpec } from '../../models/types';
import type { Scenario } from '../../scenario';
import { useKnobSweep } from '../../state/useKnobSweep';
import type { ScenarioResults } from '../../state/useScenarioResults';
import { NumberControl, type ChangeParam } from '../Controls';
import { isShown } from '../paramSections';
import type { ChangeBase } from '../../state/useChangeBase';
import { ChangePct, knobChanges, useChangeStory } from './ChangeSummary';
import './explore.css';

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
}: {
  model: ModelInfo;
  scenario: Scenario;
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
  const [open, setOpen] = useState(true);
  const pickId = useId();
  const knobs = change ? knobChanges(model, change, scenario.params) : '';
  const story = useChangeStory(change, results.tables?.value.tables ?? null, knobs);
  const sweep = useKnobSweep(model.id, scenario.params, spec?.key ?? '');
  if (!spec) return null;
  const value = Number(scenario.params[spec.key] ?? spec.default);
  const table = results.tables?.value.tables[0];
  const column = table ? headlineColumn(table) : '';
  const columnSpec = table?.columns.find((c) => c.key === column);
  const moved = story?.column.key === column ? story : null;
  const chart = sweep.chart?.id === `explore-${spec.key}` ? sweep.chart : null;

  return (
    <section
      className={`explore-strip${open ? '' : ' is-closed'}`}
      aria-label="Explore one knob"
      data-testid="explore-strip"
    >
      <div className="explore-head">
        <label htmlFor={pickId}>Explore</label>
        <select id={pickId} value={spec.key} onChange={(e) => onKnob(e.currentTarget.value)}>
          {numbers.map((p) => (
            <option key={p.key} value={p.key}>
              {p.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="small-button"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide' : 'Show'}
        </button>
      </div>
      {open && (
        <>
          <div className="explore-knob" data-testid="explore-knob">
            <NumberControl
              key={spec.key}
              spec={spec}
              value={value}
              onChange={onChange}
              labels={{
                slider: `Value${spec.unit ? ` (${spec.unit})` : ''}`,
                exact: `Exact value${spec.unit ? ` in ${spec.unit}` : ''}`,
              }}
            />
          </div>
          <div
            className="explore-cells"
            data-testid="explore-cells"
            aria-live="polite"
            // A region that may scroll takes focus, so that the keyboard can scroll it.
            tabIndex={0}
            role="region"
            aria-labelledby={`${pickId}-cells`}
          >
            <p id={`${pickId}-cells`} className="explore-cells-title">
              {table && columnSpec
                ? `${table.title}: ${columnSpec.label}${columnSpec.unit ? ` (${columnSpec.unit})` : ''}`
                : 'The headline cells'}
            </p>
            {table && columnSpec ? (
              <table aria-labelledby={`${pickId}-cells`}>
                <thead className="visually-hidden">
                  <tr>
                    <th scope="col">Row</th>
                    <th scope="col">Model</th>
                    {moved && <th scope="col">Change since before</th>}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.slice(0, 10).map((r) => (
                    <tr key={r.label}>
                      <th scope="row">{r.label}</th>
                      <td>{formatValue(r.model[column])}</td>
                      {moved && (
                        <td className="explore-change">
                          <ChangePct
                            cell={moved.cells.find((c) => c.row === r.label)}
                            unit={columnSpec.unit}
                          />
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {table && columnSpec && moved && change ? (
              <p className="explore-why" data-testid="explore-why">
                Since {knobs}: {moved.reasons[0]}
              </p>
            ) : null}
            {table && columnSpec ? null : <p className="status-line">Computing…</p>}
          </div>
          <div
            className="explore-chart"
            data-testid="explore-chart"
            data-knob={chart ? spec.key : undefined}
            aria-busy={sweep.updating || !chart}
            tabIndex={0}
            role="region"
            aria-label={`${spec.label} across its whole range`}
          >
            {chart ? (
              <SweepPlot data={chart} now={value} />
            ) : sweep.error ? (
              <p className="status-line">This sweep could not be computed: {sweep.error.message}</p>
            ) : (
              <p className="status-line">Sweeping {spec.label.toLowerCase()}…</p>
            )}
          </div>
        </>
      )}
    </section>
  );
}
