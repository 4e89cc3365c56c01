import { useCallback, useId } from 'react';
import type { Remote } from 'comlink';
import type { DirectorySearchLiveApi } from '../workers/directory-search-live.worker';
import type { LiveResult, LiveSearchKey } from '../live';
import { scenarioHash } from '../../../state/scenarioLink';
import { LiveRun } from '../../../views/LiveRunStatus';
import { useLiveRun, type LiveProgress } from '../../../state/useLiveRun';
import type { ExtraPanelProps, PaperTable } from '../../../views/extraPanel';
import { formatValue } from '../../../format';
import { RecordTable, type Column } from '../../../views/RecordTable';
import { useT, type Translate } from '../../../i18n/LangContext';

/** The paper's savings per search (µs), for the rows that compare with them. */
function paperSavingUs(table: PaperTable | undefined, label: string): number | null {
  const row = table?.rows.find((r) => r.label === label);
  return row?.values['saving_us_per_search'] ?? null;
}

function makeWorker(): Worker {
  return new Worker(new URL('../workers/directory-search-live.worker.ts', import.meta.url), {
    type: 'module',
    name: 'directory-search-live',
  });
}

/**
 * “Live: this machine” — the scenario's directory built in the browser and searched with
 * DMKUDR's two algorithms in a worker, timed with performance.now(): ns per search here
 * beside the model's µs on the 1990 3083-J32.
 */
export default function LivePanel({ scenario, paperTable }: ExtraPanelProps) {
  const t = useT();
  const headingId = useId();
  const hash = scenarioHash(scenario);
  const { params } = scenario;
  const call = useCallback(
    (api: Remote<DirectorySearchLiveApi>, onProgress: (p: LiveProgress) => boolean) =>
      api.run(params, onProgress),
    [params],
  );
  const { state, start, cancel } = useLiveRun<DirectorySearchLiveApi, LiveResult>(
    makeWorker,
    call,
    {
      name: 'directory-search measurement',
    },
  );
  const stale = state.result !== null && state.hash !== hash;

  return (
    <section className="live-panel" aria-labelledby={headingId} data-testid="live-panel">
      <h2 id={headingId}>{t('panel.dir.title')}</h2>
      <p>{t('panel.dir.lede', { users: Number(params['users']) })}</p>
      <LiveRun
        state={state}
        start={() => start(hash)}
        cancel={cancel}
        words="panel.dir"
        testId="live"
      />
      {state.result && (
        <LiveTable result={state.result} stale={stale} paper={paperTable('vmsp-directory')} />
      )}
    </section>
  );
}

type LiveRow = LiveResult['rows'][number];

const columns = (t: Translate): Column<LiveRow>[] => [
  { label: t('panel.dir.search'), cell: (r) => t(`panel.dir.search.${r.key}`) },
  { label: t('panel.dir.model'), num: true, cell: (r) => formatValue(r.modelUs) },
  {
    label: t('panel.dir.here'),
    num: true,
    className: 'model',
    testId: (r) => `live-ns-${r.key}`,
    cell: (r) => formatValue(r.nsPerSearch),
  },
  {
    label: t('panel.dir.faster'),
    num: true,
    cell: (r) => formatValue((r.modelUs * 1000) / r.nsPerSearch),
  },
];

function LiveTable({
  result,
  stale,
  paper,
}: {
  result: LiveResult;
  stale: boolean;
  /** The paper's directory table, for its savings. */
  paper: PaperTable | undefined;
}) {
  const t = useT();
  const row = (key: LiveSearchKey) => result.rows.find((r) => r.key === key);
  const unsorted = row('unsortedLinear');
  const savings = [
    { label: 'Sorted directory', id: 'sorted', other: row('sortedLinear') },
    { label: 'Binary search', id: 'binary', other: row('sortedBinary') },
  ] as const;
  return (
    <div data-testid="live-results" data-stale={stale}>
      {stale && <p className="calm-note">{t('panel.dir.stale')}</p>}
      <RecordTable
        caption={
          <>
            <span className="caption-title">{t('panel.dir.caption')}</span>{' '}
            <span className="caption-source">{t('panel.dir.captionSource')}</span>
          </>
        }
        columns={columns(t)}
        rows={result.rows}
        rowKey={(r) => r.key}
      />
      <ul className="notes">
        {savings.map(({ label, id, other }) => {
          const paperUs = paperSavingUs(paper, label);
          const hereNs = unsorted && other ? unsorted.nsPerSearch - other.nsPerSearch : Number.NaN;
          const modelUs = unsorted && other ? unsorted.modelUs - other.modelUs : Number.NaN;
          return (
            <li key={label} data-testid={`live-saving-${label}`}>
              {t('panel.dir.saving', {
                label: t(`panel.dir.saving.${id}`),
                paper: paperUs === null ? '—' : `${formatValue(paperUs)} µs`,
                model: formatValue(modelUs),
                here: formatValue(hereNs),
              })}
            </li>
          );
        })}
        <li data-testid="live-timer-resolution">
          {t('panel.dir.timer', {
            res: formatValue(result.timerResolutionUs),
            tod: 0.125,
            batches: result.rows.map((r) => formatValue(r.batch)).join(' / '),
            s: formatValue(result.elapsedMs / 1000),
          })}
        </li>
      </ul>
    </div>
  );
}
