import { useCallback, useId } from 'react';
import type { Remote } from 'comlink';
import type { DirectorySearchLiveApi } from '../../../../workers/directory-search-live.worker';
import type { LiveResult, LiveSearchKey } from '../live';
import { scenarioHash } from '../../../state/scenarioLink';
import { LiveRunStatus, type LiveRunWords } from '../../../views/LiveRunStatus';
import { useLiveRun, type LiveProgress } from '../../../state/useLiveRun';
import type { ExtraPanelProps, PaperTable } from '../../../views/extraPanel';
import { formatValue } from '../../../format';
import { RecordTable, type Column } from '../../../views/RecordTable';

/** The paper's savings per search (µs), for the rows that compare with them. */
function paperSavingUs(table: PaperTable | undefined, label: string): number | null {
  const row = table?.rows.find((r) => r.label === label);
  return row?.values['saving_us_per_search'] ?? null;
}

const WORDS: LiveRunWords<LiveResult> = {
  progressLabel: 'Timing progress',
  starting: 'Building the directory and warming up…',
  running: (p) => `Timing… batch ${p.done} of ${p.total}`,
  cancelling: 'Cancelling…',
  cancelled: (result) =>
    result
      ? 'Cancelled: the figures below are from the batches timed so far.'
      : 'Cancelled before any batch was timed.',
  failed: 'The measurement could not run:',
};

function makeWorker(): Worker {
  return new Worker(
    new URL('../../../../workers/directory-search-live.worker.ts', import.meta.url),
    {
      type: 'module',
      name: 'directory-search-live',
    },
  );
}

/**
 * “Live: this machine” — the scenario's directory built in the browser and searched with
 * DMKUDR's two algorithms in a worker, timed with performance.now(): ns per search here
 * beside the model's µs on the 1990 3083-J32.
 */
export default function LivePanel({ scenario, paperTable }: ExtraPanelProps) {
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
  const busy = state.status === 'running' || state.status === 'cancelling';
  const stale = state.result !== null && state.hash !== hash;

  return (
    <section className="live-panel" aria-labelledby={headingId} data-testid="live-panel">
      <h2 id={headingId}>Live: this machine</h2>
      <p>
        The same searches in your browser: a directory of this scenario’s shape (
        {Number(params['users']).toLocaleString('en-US')} user ids in the same creation order, same
        pages and profiles, 8-byte ids stored masked) is searched with DMKUDR’s linear scan and with
        the paper’s binary search, written in TypeScript and run in a worker. Each search is timed
        in batches long enough for the browser’s coarse clock.
      </p>
      <div className="live-actions">
        <button type="button" onClick={() => start(hash)} disabled={busy} data-testid="live-run">
          {state.result ? 'Run again' : 'Time the searches on this machine'}
        </button>
        <button type="button" onClick={cancel} disabled={!busy} data-testid="live-cancel">
          Cancel
        </button>
      </div>
      <LiveRunStatus state={state} words={WORDS} testId="live-status" />
      {state.result && (
        <LiveTable result={state.result} stale={stale} paper={paperTable('vmsp-directory')} />
      )}
    </section>
  );
}

type LiveRow = LiveResult['rows'][number];

const COLUMNS: Column<LiveRow>[] = [
  { label: 'Search', cell: (r) => r.label },
  { label: '1990, model (µs)', num: true, cell: (r) => formatValue(r.modelUs) },
  {
    label: 'This machine (ns)',
    num: true,
    className: 'model',
    testId: (r) => `live-ns-${r.key}`,
    cell: (r) => formatValue(r.nsPerSearch),
  },
  {
    label: 'Times faster',
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
  const row = (key: LiveSearchKey) => result.rows.find((r) => r.key === key);
  const unsorted = row('unsortedLinear');
  const savings = [
    { label: 'Sorted directory', other: row('sortedLinear') },
    { label: 'Binary search', other: row('sortedBinary') },
  ];
  return (
    <div data-testid="live-results" data-stale={stale}>
      {stale && (
        <p className="calm-note">
          Measured for another setting of the parameters: run again to time this one.
        </p>
      )}
      <RecordTable
        caption={
          <>
            <span className="caption-title">Average search, this machine beside 1990</span>{' '}
            <span className="caption-source">
              1990: the model’s time on the 3083-J32 (no absolute times are printed in the paper)
            </span>
          </>
        }
        columns={COLUMNS}
        rows={result.rows}
        rowKey={(r) => r.key}
      />
      <ul className="notes">
        {savings.map(({ label, other }) => {
          const paperUs = paperSavingUs(paper, label);
          const hereNs = unsorted && other ? unsorted.nsPerSearch - other.nsPerSearch : Number.NaN;
          const modelUs = unsorted && other ? unsorted.modelUs - other.modelUs : Number.NaN;
          return (
            <li key={label} data-testid={`live-saving-${label}`}>
              {label}, saving per search: paper{' '}
              {paperUs === null ? '—' : `${formatValue(paperUs)} µs`}, model {formatValue(modelUs)}{' '}
              µs, this machine {formatValue(hereNs)} ns.
            </li>
          );
        })}
        <li data-testid="live-timer-resolution">
          Timer resolution here: {formatValue(result.timerResolutionUs)} µs (the 3083’s TOD clock:
          0.125 µs). Batches of{' '}
          {result.rows.map((r) => r.batch.toLocaleString('en-US')).join(' / ')} searches (each
          search’s batch runs at least as long as the others), median of the rounds;{' '}
          {formatValue(result.elapsedMs / 1000)} s in all. Run again to see the spread: other work
          on this machine, or a tab in the background, moves these figures.
        </li>
      </ul>
    </div>
  );
}
