import { memo } from 'react';
import type { ChartData } from '../models/types';
import type { ScenarioResults } from '../state/useScenarioResults';
import { LineChart } from '../charts/LineChart';
import { ModelVsPaperChart } from '../charts/ModelVsPaperChart';
import { StackedBarChart } from '../charts/StackedBarChart';
import { TimelineChart } from '../charts/TimelineChart';
import { ComparedTableView } from './ComparedTableView';

/**
 * The compared tables and the charts for the scenario. `data-rendered-hash` says which
 * scenario (as its location hash) the tables on screen belong to; it changes only when they do.
 */
export function Results({ results }: { results: ScenarioResults }) {
  const { tables, charts, status, error, chartsUpdating, chartsError, retry } = results;
  const busy = status === 'loading';
  return (
    <div
      className="results"
      data-testid="results"
      data-rendered-hash={tables?.hash ?? ''}
      data-rendered-charts-hash={charts?.hash ?? ''}
      data-status={status}
      aria-busy={busy}
    >
      <div className="status-line" role="status">
        {busy ? (tables ? 'Computing…' : 'Computing the tables…') : ''}
      </div>
      {error && (
        <div className="error-box" role="alert">
          <p>
            <strong>The model could not run.</strong> {error.message}
          </p>
          <button type="button" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {tables ? (
        <section aria-label="Tables" className="tables">
          {tables.value.tables.map((t) => (
            <ComparedTableView key={t.id} table={t} />
          ))}
        </section>
      ) : (
        !error && <TableSkeleton />
      )}
      <section
        aria-label="Charts"
        className={`charts ${chartsUpdating ? 'updating' : ''}`}
        aria-busy={chartsUpdating}
      >
        <h2 className="charts-heading">
          Charts {chartsUpdating && charts && <span className="updating-note">updating…</span>}
        </h2>
        {chartsError && (
          <p className="error-box" role="alert">
            The charts could not be computed: {chartsError.message}
          </p>
        )}
        {tables?.value.tables[0] && <ModelVsPaperChart table={tables.value.tables[0]} />}
        {charts ? (
          <ChartList charts={charts.value} />
        ) : (
          !chartsError && <p className="chart-placeholder">Computing the sweeps…</p>
        )}
      </section>
    </div>
  );
}

const ChartList = memo(function ChartList({ charts }: { charts: ChartData[] }) {
  return (
    <>
      {charts.map((c) =>
        c.kind === 'line' ? (
          <LineChart key={c.id} data={c} />
        ) : c.kind === 'stacked-bar' ? (
          <StackedBarChart key={c.id} data={c} />
        ) : (
          <TimelineChart key={c.id} data={c} />
        ),
      )}
    </>
  );
});

function TableSkeleton() {
  return (
    <div className="skeleton" aria-hidden="true">
      <div className="skeleton-caption" />
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="skeleton-row" />
      ))}
    </div>
  );
}
