import { useId, useState } from 'react';
import type { ParamValues } from '../../models/types';
import { TornadoChart } from '../../charts/TornadoChart';
import { useSensitivity } from '../../state/useSensitivity';

/**
 * The tornado chart of one table's elasticities (src/compare/sensitivity.ts, computed on the
 * worker pool), with a choice of table. What it shows is for the scenario above; while a new
 * answer is computed the last one stays, marked as updating.
 */
export function SensitivityPanel({ modelId, params }: { modelId: string; params: ParamValues }) {
  const { tables, updating, error } = useSensitivity(modelId, params);
  const [chosen, setChosen] = useState<string | null>(null);
  const selectId = useId();
  const withParams = (tables ?? []).filter((t) => t.params.length > 0);
  const shown = withParams.find((t) => t.table === chosen) ?? withParams[0];
  return (
    <div
      className="sensitivity-panel"
      data-testid="sensitivity-panel"
      data-status={tables ? (updating ? 'updating' : 'ready') : error ? 'error' : 'computing'}
      aria-busy={updating}
    >
      <p className="calm-note">
        How much each parameter moves a table’s headline cells, at this scenario: the elasticity d
        ln(cell) / d ln(parameter), the per cent a cell moves for 1 % more of the parameter. Large
        bars are the parameters to know well; a bar near 0 barely matters here.
      </p>
      {error && (
        <p role="alert" className="status-line">
          The sensitivities could not be computed: {error.message}
        </p>
      )}
      {!tables && !error && <p className="status-line">Computing the sensitivities…</p>}
      {tables && withParams.length === 0 && (
        <p className="status-line">No parameter moves the headline cells of these tables.</p>
      )}
      {withParams.length > 1 && (
        <p>
          <label htmlFor={selectId}>Table </label>
          <select
            id={selectId}
            value={shown?.table}
            onChange={(e) => setChosen(e.currentTarget.value)}
            data-testid="sensitivity-table"
          >
            {withParams.map((t) => (
              <option key={t.table} value={t.table}>
                {t.title}
              </option>
            ))}
          </select>
        </p>
      )}
      {updating && tables && <p className="status-line">Updating for the new scenario…</p>}
      {shown && <TornadoChart data={shown} />}
      {shown && shown.atZero.length > 0 && (
        <p className="status-line">
          Not shown: parameters at 0, where a relative change does not exist (
          {shown.atZero.join(', ')}).
        </p>
      )}
    </div>
  );
}
