import { useId, useMemo, useState } from 'react';
import type { TableSensitivity } from '../../compare/sensitivity';
import type { ParamValues } from '../../models/types';
import { TornadoChart } from '../../charts/TornadoChart';
import { useSensitivity } from '../../state/useSensitivity';
import './exploreText';
import { errorText } from '../../i18n/errorText';
import { useT, type Translate } from '../../i18n/LangContext';
import { paramName } from '../../i18n/modelText';
import { columnLabel, rowLabel, tableTitle } from '../modelText';

/** A table's elasticities in the page's words: its title, column, rows and parameters. */
function localSensitivity(t: Translate, model: string, s: TableSensitivity): TableSensitivity {
  if (t.lang === 'en') return s;
  return {
    ...s,
    title: tableTitle(t, { id: s.table, title: s.title }),
    columnLabel: columnLabel(t, s.table, { key: s.column, label: s.columnLabel }),
    rows: s.rows.map((r) => rowLabel(t, s.table, r)),
    params: s.params.map((p) => ({
      ...p,
      label: paramName(t, model, p),
      row: rowLabel(t, s.table, p.row),
    })),
  };
}

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
  const given = withParams.find((t) => t.table === chosen) ?? withParams[0];
  const shown = useMemo(() => given && localSensitivity(tr, modelId, given), [given, tr, modelId]);
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
          {tr('explore.sens.failed', { error: errorText(tr, error) })}
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
                {tableTitle(tr, { id: t.table, title: t.title })}
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
