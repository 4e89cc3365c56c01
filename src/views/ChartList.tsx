import { memo, useContext } from 'react';
import type { ChartData } from '../models/types';
import { LineChart } from '../charts/LineChart';
import { StackedBarChart } from '../charts/StackedBarChart';
import { TimelineChart } from '../charts/TimelineChart';
import { ErrorBoundary } from './ErrorBoundary';
import { DownloadName } from '../charts/useWidth';
import { useT } from '../i18n/LangContext';
import { chartText } from '../i18n/modelText';

export { ModelVsPaperChart } from '../charts/ModelVsPaperChart';
// Compare mode's overlay of A's charts on B's, with the charts' code, not the first page's.
export { overlayCharts } from '../compare/pinned';

/** The model's charts for one scenario, each in its own error boundary. Loaded lazily. */
export const ChartList = memo(function ChartList({
  charts,
  hash,
}: {
  charts: ChartData[];
  hash: string;
}) {
  const t = useT();
  const model = useContext(DownloadName);
  return (
    <>
      {charts.map((c) => (
        // Charts for another scenario give a chart that failed another chance.
        <ErrorBoundary
          key={c.id}
          resetKey={hash}
          part={t('results.chartNamed', { title: chartText(t, model, c.id, 'title', c.title) })}
        >
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
