import { lazy, Suspense, useMemo } from 'react';
import { overlayCharts } from '../../compare/pinned';
import type { EmbedPart } from '../../scenario';
import type { ScenarioResults } from '../../state/useScenarioResults';
import { ComparedTableView } from '../ComparedTableView';
import { ErrorBoundary } from '../ErrorBoundary';
import { errorText } from '../../i18n/errorText';
import '../../i18n/parts/model';
import '../../i18n/parts/embed';
import { useT, type Translate } from '../../i18n/LangContext';

/** The chart every model page draws above its sweeps: the first table, model against paper. */
export const MODEL_VS_PAPER = 'model-vs-paper';

// The charts' code (and d3) only for a chart embed.
const ChartList = lazy(() => import('../ChartList').then((m) => ({ default: m.ChartList })));
const ModelVsPaperChart = lazy(() =>
  import('../ChartList').then((m) => ({ default: m.ModelVsPaperChart })),
);

/**
 * What an embed link's part names that the scenario does not show, in words (with the ids it
 * does show); null while that is not known yet (the results are coming) or when it is there.
 */
export function missingPart(
  part: EmbedPart,
  results: ScenarioResults,
  t: Translate,
): string | null {
  const tables = results.tables?.value.tables;
  if (part.kind === 'chart' && part.id === MODEL_VS_PAPER) {
    if (!tables || tables[0]) return null;
  } else if (part.kind === 'table') {
    if (!tables || tables.some((t) => t.id === part.id)) return null;
  } else {
    const charts = results.charts?.value;
    if (!charts || charts.some((c) => c.id === part.id)) return null;
  }
  const ids =
    part.kind === 'table'
      ? (tables ?? []).map((t) => t.id)
      : [MODEL_VS_PAPER, ...(results.charts?.value ?? []).map((c) => c.id)];
  return t('embed.missing', {
    kind: part.kind,
    id: part.id,
    ids: ids.join(', ') || t('embed.none'),
  });
}

/**
 * One table or one chart of the scenario, alone (`embed=table:<id>`, `embed=chart:<id>`):
 * `data-ready` says when it is on screen. In compare mode a chart has A's curves overlaid.
 */
export function EmbedPartView({
  part,
  results,
  pinned,
}: {
  part: EmbedPart;
  results: ScenarioResults;
  pinned: ScenarioResults | null;
}) {
  const t = useT();
  const { tables, charts, error, chartsError, retry } = results;
  // The model-against-paper chart draws the first table.
  const modelVsPaper = part.kind === 'chart' && part.id === MODEL_VS_PAPER;
  const table = modelVsPaper
    ? tables?.value.tables[0]
    : tables?.value.tables.find((t) => t.id === part.id);
  const pinnedCharts = pinned?.charts?.value ?? null;
  const chart = useMemo(() => {
    const shown =
      charts && pinnedCharts ? overlayCharts(pinnedCharts, charts.value) : charts?.value;
    return shown?.find((c) => c.id === part.id) ?? null;
  }, [charts, pinnedCharts, part.id]);
  const failure = part.kind === 'table' || modelVsPaper ? error : chartsError;
  const ready = part.kind === 'table' || modelVsPaper ? Boolean(table) : Boolean(chart);
  const loading = <p className="chart-placeholder">{t('embed.computing', { kind: part.kind })}</p>;
  return (
    <div
      className="embed-part"
      data-testid="embed-part"
      data-part={`${part.kind}:${part.id}`}
      data-ready={ready && !failure}
      aria-busy={!ready}
    >
      {failure && (
        <div className="error-box" role="alert">
          <p>
            <strong>{t('embed.failed', { kind: part.kind })}</strong> {errorText(t, failure)}
          </p>
          <button type="button" onClick={retry}>
            {t('results.retry')}
          </button>
        </div>
      )}
      {part.kind === 'table' ? (
        table ? (
          <ComparedTableView table={table} />
        ) : (
          !failure && loading
        )
      ) : (
        <ErrorBoundary
          resetKey={charts?.hash ?? tables?.hash ?? ''}
          part={t('embed.chartPart', { id: part.id })}
        >
          <Suspense fallback={<p className="chart-placeholder">{t('embed.loadingChart')}</p>}>
            {modelVsPaper && table ? (
              <ModelVsPaperChart table={table} />
            ) : chart ? (
              <ChartList
                charts={[chart]}
                hash={`${charts?.hash ?? ''}|${pinned?.charts?.hash ?? ''}`}
              />
            ) : (
              !failure && loading
            )}
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}
