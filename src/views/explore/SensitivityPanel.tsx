import { useId, useState } from 'react';
import type { ParamValues } from '../../models/types';
import { TornadoChart } from '../../charts/TornadoChart';
import { useSensitivity } from '../../state/useSensitivity';
import './exploreText';
import { useT } from '../../i18n/LangContext';

/**
 * The tornado chart of one table's elasticities (src/compare/sensitivity.ts, computed on the
 * worker pool), with a choice of table. What it shows is for the scenario above; while a new
 * answer is computed the last one stays, marked as updating.
 */
export function SensitivityPanel({ modelId, params }: { modelId: string; params: ParamValues }) {
  const tr = useT();
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
      <p className="calm-note">{tr('explore.sens.intro')}</p>
      {error && (
        <p role="alert" className="status-line">
          {tr('explore.sens.failed', { error: error.message })}
        </p>
      )}
      {!tables && !error && <p className="status-line">{tr('explore.sens.computing')}</p>}
      {tables && withParams.length === 0 && (
        <p className="status-line">{tr('explore.sens.none')}</p>
      )}
      {withParams.length > 1 && (
        <p>
          <label htmlFor={selectId}>{tr('explore.sens.table')} </label>
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
      {updating && tables && <p className="status-line">{tr('explore.sens.updating')}</p>}
      {shown && <TornadoChart data={shown} />}
      {shown && shown.atZero.length > 0 && (
        <p className="status-line">
          {tr('explore.sens.atZero', { params: shown.atZero.join(', ') })}
        </p>
      )}
    </div>
  );
}
