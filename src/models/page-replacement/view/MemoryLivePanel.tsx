import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { Remote } from 'comlink';
import type {
  MemoryLiveOptions,
  MemoryLiveResult,
  PageReplacementLiveApi,
} from '../workers/page-replacement-live.worker';
import { PAGE_OPTIONS, scenarioMemoryBytes, STRIDE_OPTIONS } from '../live';
import { scenarioHash } from '../../../state/scenarioLink';
import { useLiveRun, type LiveProgress } from '../../../state/useLiveRun';
import type { ExtraPanelProps } from '../../../views/extraPanel';
import { LiveRun } from '../../../views/LiveRunStatus';
import { useT } from '../../../i18n/LangContext';
import { formatBytes, MemoryResults } from './MemoryResults';

export { formatBytes } from './MemoryResults';

const MB = 2 ** 20;

/** The sweeps offered: a check (for a first look and the tests), the default, and the full one. */
const SWEEPS = {
  check: { maxBytes: MB, pointsPerOctave: 1, rounds: 3 },
  default: { maxBytes: 64 * MB, pointsPerOctave: 1, rounds: 5 },
  full: { maxBytes: 256 * MB, pointsPerOctave: 2, rounds: 7 },
} as const;
type SweepKey = keyof typeof SWEEPS;

function makeWorker(): Worker {
  return new Worker(new URL('../workers/page-replacement-live.worker.ts', import.meta.url), {
    type: 'module',
    name: 'page-replacement-live',
  });
}

/**
 * “Live: this machine — the memory cliff”. A dependent-load pointer chase in a worker
 * (src/models/page-replacement/live.ts): ns per load against working-set size, dense and one
 * element per page, with its steps named; beside it, the model's miss-rate cliff for a loop
 * over the same sizes in this scenario's memory.
 */
export default function MemoryLivePanel({ scenario }: ExtraPanelProps) {
  const t = useT();
  const headingId = useId();
  const hash = scenarioHash(scenario);
  const { params } = scenario;
  const [strideBytes, setStride] = useState<number>(64);
  const [pageBytes, setPage] = useState<number>(4096);
  const [sweep, setSweep] = useState<SweepKey>('default');
  const options: MemoryLiveOptions = useMemo(() => {
    const s = SWEEPS[sweep];
    return {
      strideBytes,
      pageBytes,
      maxBytes: s.maxBytes,
      pointsPerOctave: s.pointsPerOctave,
      rounds: s.rounds,
    };
  }, [strideBytes, pageBytes, sweep]);
  const call = useCallback(
    (api: Remote<PageReplacementLiveApi>, onProgress: (p: LiveProgress) => boolean) =>
      api.run(params, options, onProgress),
    [params, options],
  );
  const { state, start, cancel } = useLiveRun<PageReplacementLiveApi, MemoryLiveResult>(
    makeWorker,
    call,
    // Cancel is heard every 50 ms at most; past 150 ms the worker is terminated.
    { name: 'memory sweep', cancelGraceMs: 150 },
  );
  // The previous run stays on the chart (dashed) so a change of page size can be compared.
  const [shown, setShown] = useState<{
    now: MemoryLiveResult | null;
    before: MemoryLiveResult | null;
  }>({
    now: null,
    before: null,
  });
  useEffect(() => {
    const r = state.result;
    if (r && r.sweep.dense.length) setShown((s) => (s.now === r ? s : { now: r, before: s.now }));
  }, [state.result]);

  const busy = state.status === 'running' || state.status === 'cancelling';
  const stale = shown.now !== null && state.hash !== hash;
  const isolated = globalThis.crossOriginIsolated === true;

  return (
    <section className="live-panel" aria-labelledby={headingId} data-testid="memory-live-panel">
      <h2 id={headingId}>{t('panel.mem.title')}</h2>
      <p>{t.rich('panel.mem.lede', { code: (c) => <code>{c}</code>, em: (c) => <em>{c}</em> })}</p>
      <p data-testid="memory-live-isolation" data-isolated={isolated}>
        {t('panel.mem.isolated', { isolated: String(isolated), tick: 100, ticks: 50 })}
      </p>
      <SweepChoices
        busy={busy}
        strideBytes={strideBytes}
        setStride={setStride}
        pageBytes={pageBytes}
        setPage={setPage}
        sweep={sweep}
        setSweep={setSweep}
      />
      <LiveRun
        state={state}
        start={() => start(hash)}
        cancel={cancel}
        words="panel.mem"
        testId="memory-live"
        again={shown.now !== null}
        partial={(r) => Boolean(r?.sweep.dense.length)}
      />
      {shown.now && (
        <MemoryResults
          result={shown.now}
          before={shown.before}
          stale={stale}
          memoryBytes={scenarioMemoryBytes({
            memoryKB: Number(params['memoryKB']),
            pageBytes: Number(params['pageBytes']),
          })}
        />
      )}
    </section>
  );
}

/** The chase's choices: the dense chain's stride, the per-page chain's page, the sizes. */
function SweepChoices(props: {
  busy: boolean;
  strideBytes: number;
  setStride: (b: number) => void;
  pageBytes: number;
  setPage: (b: number) => void;
  sweep: SweepKey;
  setSweep: (k: SweepKey) => void;
}) {
  const { busy, strideBytes, setStride, pageBytes, setPage, sweep, setSweep } = props;
  const strideId = useId();
  const pageId = useId();
  const sweepId = useId();
  const t = useT();
  return (
    <div className="live-actions">
      <label htmlFor={strideId}>{t('panel.mem.stride')}</label>
      <select
        id={strideId}
        value={strideBytes}
        disabled={busy}
        onChange={(e) => setStride(Number(e.currentTarget.value))}
      >
        {STRIDE_OPTIONS.map((b) => (
          <option key={b} value={b}>
            {b} B
          </option>
        ))}
      </select>
      <label htmlFor={pageId}>{t('panel.mem.page')}</label>
      <select
        id={pageId}
        value={pageBytes}
        disabled={busy}
        onChange={(e) => setPage(Number(e.currentTarget.value))}
      >
        {PAGE_OPTIONS.map((b) => (
          <option key={b} value={b}>
            {formatBytes(b)}
          </option>
        ))}
      </select>
      <label htmlFor={sweepId}>{t('panel.mem.sizes')}</label>
      <select
        id={sweepId}
        value={sweep}
        disabled={busy}
        onChange={(e) => setSweep(e.currentTarget.value as SweepKey)}
      >
        {(Object.keys(SWEEPS) as SweepKey[]).map((k) => (
          <option key={k} value={k}>
            {t(`panel.mem.sweep.${k}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
