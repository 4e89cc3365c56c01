import { useCallback, useId, useState } from 'react';
import type { Remote } from 'comlink';
import type { PageReplacementLongApi } from '../../../../workers/page-replacement-long.worker';
import type { LongRunResult } from '../long';
import { scenarioHash } from '../../../state/scenarioLink';
import { LiveRunStatus, type LiveRunWords } from '../../../views/LiveRunStatus';
import { useLiveRun, type LiveProgress } from '../../../state/useLiveRun';
import type { ExtraPanelProps } from '../../../views/extraPanel';
import { formatValue } from '../../../format';
import { RecordTable, type Column } from '../../../views/RecordTable';

const LENGTHS = [100_000, 1_000_000, 10_000_000];

const WORDS: LiveRunWords<LongRunResult> = {
  progressLabel: 'Long-run progress',
  starting: 'Generating the string…',
  running: (p) => `Step ${p.done} of ${p.total} done…`,
  cancelling: 'Cancelling after the current policy…',
  cancelled: (result) =>
    result?.cancelled
      ? 'Cancelled: the rows below are the policies finished by then.'
      : 'Cancelled.',
  failed: 'The run failed:',
};

function makeWorker(): Worker {
  return new Worker(
    new URL('../../../../workers/page-replacement-long.worker.ts', import.meta.url),
    {
      type: 'module',
      name: 'page-replacement-long',
    },
  );
}

/**
 * Long runs: the scenario's generated string at up to ten million references, every policy
 * in turn, in a worker of its own, with progress and cancel. The counts come from the same
 * model code as the tables; the times are this machine's.
 */
export default function LongRunPanel({ scenario }: ExtraPanelProps) {
  const headingId = useId();
  const lengthId = useId();
  const hash = scenarioHash(scenario);
  const { params } = scenario;
  const [refs, setRefs] = useState(LENGTHS[1]!);
  const call = useCallback(
    (api: Remote<PageReplacementLongApi>, onProgress: (p: LiveProgress) => boolean) =>
      api.run(params, refs, onProgress),
    [params, refs],
  );
  // A cancelled run stops after the policy in progress (about a second at 10 M references).
  const { state, start, cancel } = useLiveRun<PageReplacementLongApi, LongRunResult>(
    makeWorker,
    call,
    { name: 'long-run', cancelGraceMs: 5_000 },
  );
  const busy = state.status === 'running' || state.status === 'cancelling';
  const stale = state.result !== null && state.hash !== hash;
  const explicit = params['refs'] !== '' || params['refsPreset'] !== 'generated';

  return (
    <section className="live-panel" aria-labelledby={headingId} data-testid="long-run-panel">
      <h2 id={headingId}>Long runs</h2>
      <p>
        The tables above keep strings short so they follow the sliders. Here the same generated
        string — this scenario’s pattern, seed and memory size — runs at up to ten million
        references, every policy in turn, in a worker of its own.
        {explicit && ' (It uses the generated pattern: an explicit or classic string is short.)'}
      </p>
      <div className="live-actions">
        <label htmlFor={lengthId}>References</label>{' '}
        <select
          id={lengthId}
          value={refs}
          disabled={busy}
          onChange={(e) => setRefs(Number(e.currentTarget.value))}
        >
          {LENGTHS.map((n) => (
            <option key={n} value={n}>
              {n.toLocaleString('en-US')}
            </option>
          ))}
        </select>{' '}
        <button type="button" onClick={() => start(hash)} disabled={busy} data-testid="long-run">
          Run every policy
        </button>
        <button type="button" onClick={cancel} disabled={!busy} data-testid="long-cancel">
          Cancel
        </button>
      </div>
      <LiveRunStatus state={state} words={WORDS} testId="long-status" />
      {state.result && <LongRunTable result={state.result} stale={stale} />}
    </section>
  );
}

const COLUMNS: Column<LongRunResult['rows'][number]>[] = [
  { label: 'Policy', cell: (r) => r.policy },
  {
    label: 'Misses',
    num: true,
    className: 'model',
    testId: (r) => `long-misses-${r.policy}`,
    cell: (r) => formatValue(r.misses),
  },
  { label: 'Hit rate (%)', num: true, cell: (r) => formatValue(r.hitRatePct) },
  { label: 'Time (ms)', num: true, cell: (r) => formatValue(r.ms) },
  { label: 'Speed (M refs/s)', num: true, cell: (r) => formatValue(r.refsPerSecond / 1e6) },
];

function LongRunTable({ result, stale }: { result: LongRunResult; stale: boolean }) {
  return (
    <div data-testid="long-results" data-stale={stale}>
      {stale && <p className="calm-note">Run for another setting of the parameters: run again.</p>}
      <RecordTable
        caption={
          <>
            <span className="caption-title">
              {result.refs.toLocaleString('en-US')} references to{' '}
              {result.distinctPages.toLocaleString('en-US')} pages in {result.frames} frames
            </span>{' '}
            <span className="caption-source">
              counts: the model; times: this machine (string generated in{' '}
              {formatValue(result.generateMs)} ms)
            </span>
          </>
        }
        columns={COLUMNS}
        rows={result.rows}
        rowKey={(r) => r.policy}
      />
    </div>
  );
}
