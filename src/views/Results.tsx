import { memo } from 'react';
import type { ChartData } from '../models/types';
import type { ScenarioResults } from '../state/useScenarioResults';
import { LineChart } from '../charts/LineChart';
import { ModelVsPaperChart } from '../charts/ModelVsPaperChart';
import { StackedBarChart } from '../charts/StackedBarChart';
import { TimelineChart } from '../charts/TimelineChart';
import { ComparedTableView } from './ComparedTableView';
import { ErrorBoundary } from './ErrorBoundary';

/**
 * The compared tables and the charts for the scenario. `data-rendered-hash` says which
 * scenario (as its location hash) the tables on screen belong to; it changes only when they do.
 *
 * A worker that fails or hangs (src/state/workerClient.ts stops it; the next request starts a
 * fresh one) shows an alert with a Retry button in its own area: the tables' in place of the
 * tables, the charts' in the charts section, which keeps the tables. Each chart has its own
 * error boundary, so one that throws while drawing leaves a short message and the rest stays.
 */
export function Results({ results }: { results: ScenarioResults }) {
  const { tables, charts, status, error, chartsUpdating, chartsError, retry } = results;
  const { intervalsPending, intervalsError } = results;
  const busy = status === 'loading';
  return (
    <div
      className="results"
      data-testid="results"
      data-rendered-hash={tables?.hash ?? ''}
      data-rendered-charts-hash={charts?.hash ?? ''}
      data-intervals={intervalsPending ? 'pending' : ''}
      data-status={status}
      aria-busy={busy}
    >
      <div className="status-line" role="status">
        {busy
          ? tables
            ? 'Computing…'
            : 'Computing the tables…'
          : intervalsError
            ? `The prediction intervals could not be computed: ${intervalsError.message}`
            : intervalsPending
              ? 'Computing the prediction intervals…'
              : ''}
      </div>
      {error && (
        <div className="error-box" role="alert" data-testid="tables-error">
          <p>
            <strong>The tables could not be computed.</strong> {error.message}
          </p>
          <p>The controls and the link still work. Retry starts a fresh worker.</p>
          <button type="button" onClick={retry}>
            Retry
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
          <div className="error-box" role="alert" data-testid="charts-error">
            <p>
              <strong>The charts could not be computed.</strong> {chartsError.message}
            </p>
            <button type="button" onClick={retry}>
              Retry
            </button>
          </div>
        )}
        {tables?.value.tables[0] && (
          <ErrorBoundary
            resetKey={tables.hash}
            part={`the chart of “${tables.value.tables[0].title}”`}
          >
            <ModelVsPaperChart table={tables.value.tables[0]} />
          </ErrorBoundary>
        )}
        {charts ? (
          <ChartList charts={charts.value} hash={charts.hash} />
        ) : (
          !chartsError && <p className="chart-placeholder">Computing the sweeps…</p>
        )}
      </section>
    </div>
  );
}

const ChartList = memo(function ChartList({ charts, hash }: { charts: ChartData[]; hash: string }) {
  return (
    <>
      {charts.map((c) => (
        // Charts for another scenario give a chart that failed another chance.
        <ErrorBoundary key={c.id} resetKey={hash} part={`the chart “${c.title}”`}>
          {c.kind === 'line' ? (
            <LineChart data={c} />
          ) : c.kind === 'stacked-bar' ? (
            <StackedBarChart data={c} />
          ) : (
            <TimelineChart data={c} />
          )}
        </ErrorBoundary>
      ))}
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
