import { useCallback, useId, useState } from 'react';
import type { Remote } from 'comlink';
import type { PageReplacementLongApi } from '../workers/page-replacement-long.worker';
import type { LongRunResult } from '../long';
import { scenarioHash } from '../../../state/scenarioLink';
import { LiveRun } from '../../../views/LiveRunStatus';
import { useLiveRun, type LiveProgress } from '../../../state/useLiveRun';
import type { ExtraPanelProps } from '../../../views/extraPanel';
import { formatValue } from '../../../format';
import { RecordTable, type Column } from '../../../views/RecordTable';
import { useT, type Translate } from '../../../i18n/LangContext';

const LENGTHS = [100_000, 1_000_000, 10_000_000];

function makeWorker(): Worker {
  return new Worker(new URL('../workers/page-replacement-long.worker.ts', import.meta.url), {
    type: 'module',
    name: 'page-replacement-long',
  });
}

/**
 * Long runs: the scenario's generated string at up to ten million references, every policy
 * in turn, in a worker of its own, with progress and cancel. The counts come from the same
 * model code as the tables; the times are this machine's.
 */
export default function LongRunPanel({ scenario }: ExtraPanelProps) {
  const t = useT();
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
      <h2 id={headingId}>{t('panel.long.title')}</h2>
      <p>{t('panel.long.lede', { explicit: String(explicit) })}</p>
      <LiveRun
        state={state}
        start={() => start(hash)}
        cancel={cancel}
        words="panel.long"
        testId="long"
        partial={(r) => Boolean(r?.cancelled)}
      >
        <label htmlFor={lengthId}>{t('panel.long.refs')}</label>{' '}
        <select
          id={lengthId}
          value={refs}
          disabled={busy}
          onChange={(e) => setRefs(Number(e.currentTarget.value))}
        >
          {LENGTHS.map((n) => (
            <option key={n} value={n}>
              {formatValue(n)}
            </option>
          ))}
        </select>
      </LiveRun>
      {state.result && <LongRunTable result={state.result} stale={stale} />}
    </section>
  );
}

const columns = (t: Translate): Column<LongRunResult['rows'][number]>[] => [
  { label: t('panel.long.policy'), cell: (r) => r.policy },
  {
    label: t('panel.long.misses'),
    num: true,
    className: 'model',
    testId: (r) => `long-misses-${r.policy}`,
    cell: (r) => formatValue(r.misses),
  },
  { label: t('panel.long.hitRate'), num: true, cell: (r) => formatValue(r.hitRatePct) },
  { label: t('panel.long.time'), num: true, cell: (r) => formatValue(r.ms) },
  { label: t('panel.long.speed'), num: true, cell: (r) => formatValue(r.refsPerSecond / 1e6) },
];

function LongRunTable({ result, stale }: { result: LongRunResult; stale: boolean }) {
  const t = useT();
  const { refs, distinctPages: pages, frames } = result;
  return (
    <div data-testid="long-results" data-stale={stale}>
      {stale && <p className="calm-note">{t('panel.long.stale')}</p>}
      <RecordTable
        caption={
          <>
            <span className="caption-title">
              {t('panel.long.caption', { refs, pages, frames })}
            </span>{' '}
            <span className="caption-source">
              {t('panel.long.captionSource', { ms: formatValue(result.generateMs) })}
            </span>
          </>
        }
        columns={columns(t)}
        rows={result.rows}
        rowKey={(r) => r.policy}
      />
    </div>
  );
}
