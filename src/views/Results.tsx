import { useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ScenarioResults } from '../state/useScenarioResults';
import { ComparedTableView } from './ComparedTableView';
import { ErrorBoundary } from './ErrorBoundary';
import { useT } from '../i18n/LangContext';
import { useModelText } from './useModelText';
import { errorText } from '../i18n/errorText';

type ChartsModule = typeof import('./ChartList');

/**
 * The charts' code (and d3) loads after the page's: the tables lead, and the sweeps come
 * from their own worker later anyway. One load for the page's life (again after a failure).
 */
let chartsModule: ChartsModule | null = null;
let chartsLoading: Promise<ChartsModule> | null = null;
function loadCharts(): Promise<ChartsModule> {
  chartsLoading ??= import('./ChartList').then(
    (m) => (chartsModule = m),
    (err: unknown) => {
      chartsLoading = null;
      throw err;
    },
  );
  return chartsLoading;
}

/** The charts' code once loaded, or the reason it could not be; `retry` tries again. */
function useChartsModule() {
  const [state, setState] = useState<{ module: ChartsModule | null; failed: boolean }>({
    module: chartsModule,
    failed: false,
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (state.module) return;
    let live = true;
    loadCharts().then(
      (module) => live && setState({ module, failed: false }),
      () => {
        if (!live) return;
        // Asked again and failed again: the browser may keep a failed module import for the
        // page's life (Chromium does), so only a new page can fetch it. The link holds the
        // scenario, so reloading loses nothing.
        if (attempt > 0) location.reload();
        else setState({ module: null, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [state.module, attempt]);
  return { ...state, retry: () => setAttempt((a) => a + 1) };
}

/**
 * Whether this page's results have settled: the charts drawn (or could not be) and the tables'
 * intervals in, which can widen a table. Once true, it stays true. What sits under the charts
 * waits for it, so that nothing arriving above pushes it down the page under a student's
 * pointer (a click on a fold there could land on a chart that arrived under it).
 */
export function useResultsSettled(results: ScenarioResults): boolean {
  const code = useChartsModule();
  const now =
    ((code.module !== null && results.charts !== null) ||
      results.chartsError !== null ||
      code.failed) &&
    !results.intervalsPending;
  const [drawn, setDrawn] = useState(now);
  if (now && !drawn) setDrawn(true);
  return drawn || now;
}

/**
 * The compared tables and the charts for the scenario. `data-rendered-hash` says which
 * scenario (as its location hash) the tables on screen belong to; it changes only when they do.
 *
 * A worker that fails or hangs (src/state/workerClient.ts stops it; the next request starts a
 * fresh one) shows an alert with a Retry button in its own area: the tables' in place of the
 * tables, the charts' in the charts section, which keeps the tables. Each chart has its own
 * error boundary, so one that throws while drawing leaves a short message and the rest stays.
 */
export function Results({
  results,
  pinned = null,
  afterTables = null,
}: {
  results: ScenarioResults;
  /** Compare mode: scenario A's results, whose charts are overlaid on B's. */
  pinned?: ScenarioResults | null;
  /** Notes that come and go with a change: under the tables, so they never push one down. */
  afterTables?: ReactNode;
}) {
  const { tables, charts, status, error, intervalsPending, intervalsError } = results;
  const pinnedCharts = pinned?.charts?.value ?? null;
  const busy = status === 'loading';
  const chartsCode = useChartsModule();
  const t = useT();
  return (
    <div
      className="results"
      data-testid="results"
      data-rendered-hash={tables?.hash ?? ''}
      // The charts on screen: only once their code is there to draw them.
      data-rendered-charts-hash={chartsCode.module ? (charts?.hash ?? '') : ''}
      data-overlaid={pinned ? (pinnedCharts && pinned.charts ? pinned.charts.hash : 'pending') : ''}
      data-intervals={intervalsPending ? 'pending' : ''}
      data-status={status}
      aria-busy={busy}
    >
      {/* Said aloud only when it matters (the first tables, a failure): a step of a drag is
          not announced, the explore strip says one sentence when the gesture ends. */}
      <div className="status-line">
        <span role="status">
          {busy && !tables
            ? t('results.computingTables')
            : intervalsError
              ? t('results.intervalsFailed', { message: errorText(t, intervalsError) })
              : ''}
        </span>
        {busy && tables
          ? t('results.computing')
          : !intervalsError && intervalsPending
            ? t('results.computingIntervals')
            : ''}
      </div>
      {error && (
        <div className="error-box" role="alert" data-testid="tables-error">
          <p>
            <strong>{t('results.tablesFailed')}</strong> {errorText(t, error)}
          </p>
          <p>{t('results.tablesFailedHint')}</p>
          <button type="button" onClick={results.retry}>
            {t('results.retry')}
          </button>
        </div>
      )}
      {tables ? (
        <section aria-label={t('results.tables')} className="tables">
          {tables.value.tables.map((t) => (
            <ComparedTableView
              key={t.id}
              table={t}
              intervalsComing={tables.value.intervalsLater === true && !intervalsError}
            />
          ))}
        </section>
      ) : (
        !error && <TableSkeleton />
      )}
      {afterTables}
      <ChartsSection results={results} pinned={pinned} chartsCode={chartsCode} />
    </div>
  );
}

/**
 * The charts: the first table's model-vs-paper chart and the sweeps (compare mode: A's curves
 * overlaid on B's), each in its own error boundary, or why they are not there.
 */
function ChartsSection({
  results,
  pinned,
  chartsCode,
}: {
  results: ScenarioResults;
  pinned: ScenarioResults | null;
  chartsCode: ReturnType<typeof useChartsModule>;
}) {
  const { charts, chartsUpdating, chartsError, retry } = results;
  // The model-vs-paper chart follows the tables in a render of its own, right after theirs:
  // a step's tables are committed first (issue #31).
  const tables = useDeferredValue(results.tables);
  const pinnedCharts = pinned?.charts?.value ?? null;
  const bCharts = charts?.value ?? null;
  const Charts = chartsCode.module;
  // A's charts over B's (compare mode), by the charts' code: nothing is drawn before it is in.
  const shownCharts = useMemo(
    () =>
      bCharts && pinnedCharts && Charts ? Charts.overlayCharts(pinnedCharts, bCharts) : bCharts,
    [bCharts, pinnedCharts, Charts],
  );
  // A's charts still coming: B's are shown alone meanwhile, and the page says so.
  const pinnedChartsPending = pinned !== null && pinnedCharts === null;
  const t = useT();
  const texts = useModelText();
  return (
    <section
      aria-label={t('results.charts')}
      className={`charts ${chartsUpdating ? 'updating' : ''}`}
      aria-busy={chartsUpdating}
    >
      <h2 className="charts-heading">
        {t('results.charts')}{' '}
        {chartsUpdating && charts && <span className="updating-note">{t('results.updating')}</span>}
        {pinnedChartsPending && <span className="updating-note">{t('results.aCurves')}</span>}
      </h2>
      {chartsError && (
        <div className="error-box" role="alert" data-testid="charts-error">
          <p>
            <strong>{t('results.chartsFailed')}</strong> {errorText(t, chartsError)}
          </p>
          <button type="button" onClick={retry}>
            {t('results.retry')}
          </button>
        </div>
      )}
      {chartsCode.failed && (
        <div className="error-box" role="alert" data-testid="charts-code-error">
          <p>
            <strong>{t('results.chartsCodeFailed')}</strong> {t('results.tablesUnaffected')}
          </p>
          <button type="button" onClick={chartsCode.retry}>
            {t('results.retry')}
          </button>
        </div>
      )}
      {!Charts ? (
        !chartsCode.failed && <p className="chart-placeholder">{t('results.loadingCharts')}</p>
      ) : (
        <>
          {tables?.value.tables[0] && (
            <ErrorBoundary
              resetKey={tables.hash}
              part={t('results.chartOf', {
                title: texts?.tableTitle(t, tables.value.tables[0]) ?? tables.value.tables[0].title,
              })}
            >
              <Charts.ModelVsPaperChart table={tables.value.tables[0]} />
            </ErrorBoundary>
          )}
          {charts && shownCharts ? (
            <Charts.ChartList
              charts={shownCharts}
              hash={`${charts.hash}|${pinned?.charts?.hash ?? ''}`}
            />
          ) : (
            !chartsError && <p className="chart-placeholder">{t('results.computingSweeps')}</p>
          )}
        </>
      )}
    </section>
  );
}

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
