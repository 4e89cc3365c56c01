/**
 * Your machine: each paper's claim re-asked here. For each claim, a short calibration; the
 * paper's model predicts the experiment on this machine with a 95 % interval; the prediction
 * is STORED in the ledger and PAINTED before the measurement starts (runClaim waits for
 * `onPredicted`, which resolves only after the rows are on screen); then the measurement
 * fills the rows in. The ledger is kept in IndexedDB, exported as JSON and CSV.
 */
import { limitText, outcomeText, rowText } from './machineText';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { HostedClaim, RunSize } from '../../machine/claims/claim';
import { cothreadsClaim } from '../../machine/claims/cothreads';
import { crossBoundaryClaim } from '../../machine/claims/crossBoundary';
import { openIdbStore } from '../../machine/idbStore';
import {
  Ledger,
  ledgerCsv,
  ledgerJson,
  MemoryStore,
  scoreOf,
  type LedgerEntry,
} from '../../machine/ledger';
import { runClaim, type RunPhase } from '../../machine/run';
import { machineFile } from '../../machine/fileFormat';
import type { Calibration, ClaimId, ClaimOutcome } from '../../machine/types';
import { downloadBlob } from '../../charts/download';
import { browserMachineReport, hostOf, inWorker } from './hosts';
import { ClassSend } from './ClassSend';
import './MachinePage.css';
import '../../i18n/pageMessages';
import { useT } from '../../i18n/LangContext';
import type { MessageId } from '../../i18n/catalog';

const BUILD =
  (import.meta.env.VITE_BUILD_LABEL as string | undefined) ??
  (import.meta.env.PROD ? 'production build' : 'development');

interface Panel {
  def: HostedClaim<unknown>;
  env: () => { env: unknown; close?: () => void };
}

const PANELS: Panel[] = [
  { def: inWorker('memory') as HostedClaim<unknown>, env: () => ({ env: null }) },
  { def: crossBoundaryClaim as HostedClaim<unknown>, env: hostOf('crossBoundary') },
  { def: cothreadsClaim as HostedClaim<unknown>, env: hostOf('cothreads') },
  { def: inWorker('directory') as HostedClaim<unknown>, env: () => ({ env: null }) },
];

interface PanelState {
  phase: RunPhase | 'idle' | 'failed' | 'cancelled';
  size: RunSize;
  rows: LedgerEntry[];
  outcome: ClaimOutcome | null;
  error: string | null;
}

const IDLE: PanelState = { phase: 'idle', size: 'short', rows: [], outcome: null, error: null };

/** Resolves once what React has been given is painted (two animation frames). */
const painted = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );

const num = (x: number | undefined) =>
  x === undefined || !Number.isFinite(x)
    ? '—'
    : Number(x.toPrecision(3)).toLocaleString('en-US', { maximumFractionDigits: 3 });

class Cancelled extends Error {}

/** `#/machine?size=test`: the smallest runs (the browser test's); the short run otherwise. */
const shortSize = (): RunSize =>
  /[?&]size=test\b/.test(typeof location === 'undefined' ? '' : location.hash) ? 'test' : 'short';

/** Opens the ledger (IndexedDB, or memory with the reason why) and loads its entries. */
function useLedger() {
  const ledger = useRef<Ledger | null>(null);
  const [entries, setEntries] = useState<LedgerEntry[]>([]);
  const [storage, setStorage] = useState<'loading' | 'indexeddb' | string>('loading');
  useEffect(() => {
    let alive = true;
    const ctx = { build: BUILD, machine: browserMachineReport() };
    openIdbStore()
      .then((store) => ({ store, where: 'indexeddb' }))
      .catch((e: unknown) => ({
        store: new MemoryStore(),
        // Why IndexedDB could not be opened (the browser's words): machine.noIndexedDb says it.
        where: e instanceof Error ? e.message : String(e),
      }))
      .then(async ({ store, where }) => {
        const l = new Ledger(store, ctx);
        const all = await l.load();
        if (!alive) return;
        ledger.current = l;
        setEntries(all);
        setStorage(where);
      });
    return () => {
      alive = false;
    };
  }, []);
  return { ledger, entries, setEntries, storage };
}

/** Each claim's run state, and the run: calibrate, predict (stored, painted), measure. */
function useClaimRuns(
  ledger: RefObject<Ledger | null>,
  setEntries: (entries: LedgerEntry[]) => void,
) {
  const [panels, setPanels] = useState<Record<ClaimId, PanelState>>({
    memory: IDLE,
    crossBoundary: IDLE,
    cothreads: IDLE,
    directory: IDLE,
  });
  const cancel = useRef<Set<ClaimId>>(new Set());
  /** The last calibration of each claim, and its size: the machine file for the CLI. */
  const calibrations = useRef<Map<ClaimId, { size: RunSize; c: Calibration }>>(new Map());
  const [calibrated, setCalibrated] = useState(0);
  const running = useRef(false);

  const update = (id: ClaimId, patch: Partial<PanelState>) =>
    setPanels((p) => ({ ...p, [id]: { ...p[id], ...patch } }));

  const runPanel = useCallback(
    async (panel: Panel, size: RunSize) => {
      const l = ledger.current;
      if (!l || running.current) return;
      running.current = true;
      const id = panel.def.id;
      cancel.current.delete(id);
      update(id, { phase: 'calibrating', size, rows: [], outcome: null, error: null });
      const { env, close } = panel.env();
      const run = `${new Date().toISOString()}-${Math.random().toString(36).slice(2, 7)}`;
      try {
        const result = await runClaim(panel.def, env, l, run, size, {
          onPhase: (phase) => update(id, { phase }),
          onPredicted: async (stored, calibration) => {
            calibrations.current.set(id, { size, c: calibration });
            setCalibrated(calibrations.current.size);
            const outcome = await panel.def.outcome(calibration, stored.map(toDraft), null);
            update(id, { phase: 'predicted', rows: [...stored], outcome });
            setEntries(l.all());
            await painted();
          },
          check: () => {
            if (cancel.current.has(id)) throw new Cancelled('Cancelled.');
          },
        });
        update(id, {
          phase: 'done',
          rows: l.all().filter((e) => e.run === run && e.claim === id),
          outcome: result.outcome,
        });
      } catch (e) {
        update(id, {
          phase: e instanceof Cancelled ? 'cancelled' : 'failed',
          error: e instanceof Cancelled ? null : e instanceof Error ? e.message : String(e),
        });
      } finally {
        close?.();
        setEntries(l.all());
        running.current = false;
      }
    },
    [ledger, setEntries],
  );

  return { panels, runPanel, cancel, calibrations, calibrated };
}

export default function MachinePage() {
  const t = useT();
  const { ledger, entries, setEntries, storage } = useLedger();
  const { panels, runPanel, cancel, calibrations, calibrated } = useClaimRuns(ledger, setEntries);
  const score = scoreOf(entries);
  const busy = Object.values(panels).some((p) =>
    ['calibrating', 'predicted', 'measuring'].includes(p.phase),
  );

  return (
    <main id="main" className="machine-page">
      <h1>{t('machine.title')}</h1>
      <p>{t.rich('machine.lede', { strong: (c) => <strong>{c}</strong> })}</p>
      <p className="machine-score" data-testid="machine-score" role="status">
        {storage === 'loading'
          ? t('machine.opening')
          : t('machine.score', {
              inside: score.inside,
              measured: score.measured,
              open: score.open,
            })}
      </p>
      {storage !== 'loading' && storage !== 'indexeddb' && (
        <p className="machine-note">{t('machine.noIndexedDb', { error: storage })}</p>
      )}
      {PANELS.map((panel) => (
        <ClaimSection
          key={panel.def.id}
          panel={panel}
          s={panels[panel.def.id]}
          disabled={busy || storage === 'loading'}
          onRun={(size) => void runPanel(panel, size)}
          onCancel={() => cancel.current.add(panel.def.id)}
        />
      ))}
      <FileAccessLeftOut />
      <LedgerSection
        entries={entries}
        storage={storage}
        busy={busy}
        calibrated={calibrated}
        onExport={(kind) => exportLedger(ledger.current?.all() ?? [], kind)}
        onExportMachine={() => exportMachine([...calibrations.current.values()])}
        onClear={() => void ledger.current?.clear().then(() => setEntries([]))}
      />
    </main>
  );
}

/** One claim's panel: run buttons, phase, outcome, the rows predicted then measured. */
function ClaimSection({
  panel,
  s,
  disabled,
  onRun,
  onCancel,
}: {
  panel: Panel;
  s: PanelState;
  disabled: boolean;
  onRun: (size: RunSize) => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <section
      key={panel.def.id}
      className="machine-panel"
      aria-labelledby={`machine-${panel.def.id}`}
      data-testid={`machine-panel-${panel.def.id}`}
      data-phase={s.phase}
    >
      <h2 id={`machine-${panel.def.id}`}>{t(`machine.claim.${panel.def.id}`)}</h2>
      <div className="machine-actions">
        <button
          type="button"
          disabled={disabled}
          onClick={() => onRun(shortSize())}
          data-testid={`machine-run-${panel.def.id}`}
        >
          {t('machine.runShort')}
        </button>
        <button type="button" disabled={disabled} onClick={() => onRun('full')}>
          {t('machine.runFull')}
        </button>
        {['calibrating', 'predicted', 'measuring'].includes(s.phase) && (
          <button type="button" onClick={onCancel}>
            {t('machine.cancel')}
          </button>
        )}
        <span role="status" className="machine-phase">
          {s.phase === 'idle' ? '' : t(PHASE_TEXT[s.phase])}
        </span>
      </div>
      {s.error && (
        <p role="alert" className="machine-error">
          {s.error}
        </p>
      )}
      {s.outcome && (
        <dl className="machine-outcome">
          <dt>{t('machine.paperMachine')}</dt>
          <dd>{outcomeText(t, s.outcome.paper)}</dd>
          <dt>{t('machine.restated')}</dt>
          <dd data-testid={`machine-here-${panel.def.id}`}>{outcomeText(t, s.outcome.here)}</dd>
        </dl>
      )}
      {s.rows.length > 0 && <ClaimRows s={s} />}
      <details>
        <summary>{t('machine.limits')}</summary>
        <ul>
          {panel.def.limits.map((limit, i) => (
            <li key={limit}>{limitText(t, panel.def.id, i, limit)}</li>
          ))}
        </ul>
      </details>
    </section>
  );
}

/** The claim's rows: predicted [interval], measured, inside or not. */
function ClaimRows({ s }: { s: PanelState }) {
  const t = useT();
  return (
    <table className="machine-table">
      <caption>{t('machine.caption', { size: s.size })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('machine.quantity')}</th>
          <th scope="col">{t('machine.predicted')}</th>
          <th scope="col">{t('machine.measured')}</th>
          <th scope="col">{t('predictions.insideQ')}</th>
        </tr>
      </thead>
      <tbody>
        {s.rows.map((e) => (
          <tr
            key={e.id}
            data-testid="machine-row"
            data-predicted-seq={e.predicted.seq}
            data-measured-seq={e.measured?.seq ?? ''}
          >
            <th scope="row">{rowText(t, e.label)}</th>
            <td>
              {num(e.predicted.value)} {e.unit} [{num(e.predicted.lo)}–{num(e.predicted.hi)}]
            </td>
            <td>
              {e.measured
                ? `${num(e.measured.value)} ${e.unit}`
                : s.phase === 'done' || s.phase === 'failed' || s.phase === 'cancelled'
                  ? t('machine.notMeasured')
                  : t('machine.measuring')}
            </td>
            <td>{e.inside === null ? '—' : e.inside ? t('common.inside') : t('common.outside')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Why the file-access claim is not asked here. */
function FileAccessLeftOut() {
  const t = useT();
  return (
    <section className="machine-panel" aria-labelledby="machine-file-access">
      <h2 id="machine-file-access">{t('machine.fileAccess')}</h2>
      <p>{t('machine.fileAccessWhy')}</p>
    </section>
  );
}

/** The ledger: what it keeps, its exports, the class send. */
function LedgerSection({
  entries,
  storage,
  busy,
  calibrated,
  onExport,
  onExportMachine,
  onClear,
}: {
  entries: LedgerEntry[];
  storage: string;
  busy: boolean;
  calibrated: number;
  onExport: (kind: 'json' | 'csv') => void;
  onExportMachine: () => void;
  onClear: () => void;
}) {
  const t = useT();
  return (
    <section className="machine-panel" aria-labelledby="machine-ledger">
      <h2 id="machine-ledger">{t('machine.ledger')}</h2>
      <p>
        {t('machine.ledgerKept', {
          n: entries.length,
          store: storage === 'indexeddb' ? 'IndexedDB' : t('machine.memory'),
          build: BUILD,
        })}
      </p>
      <div className="machine-actions">
        <button type="button" onClick={() => onExport('json')} disabled={!entries.length}>
          {t('machine.exportJson')}
        </button>
        <button
          type="button"
          onClick={() => onExport('csv')}
          disabled={!entries.length}
          data-testid="machine-export-csv"
        >
          {t('machine.exportCsv')}
        </button>
        <button
          type="button"
          onClick={onExportMachine}
          disabled={calibrated === 0}
          data-testid="machine-export-constants"
        >
          {t('machine.constants')}
        </button>
        <button type="button" disabled={!entries.length || busy} onClick={onClear}>
          {t('machine.clear')}
        </button>
      </div>
      <ClassSend entries={entries} />
    </section>
  );
}

function exportLedger(all: LedgerEntry[], kind: 'json' | 'csv') {
  downloadBlob(
    new Blob([kind === 'json' ? ledgerJson(all) : ledgerCsv(all)], {
      type: kind === 'json' ? 'application/json' : 'text/csv',
    }),
    `latency-lab-machine-ledger.${kind}`,
  );
}

/** The machine file for the CLI's --machine, from each claim's last calibration. */
function exportMachine(all: { size: RunSize; c: Calibration }[]) {
  // One size per file: the latest run's size, and the claims calibrated at that size.
  const size = all[all.length - 1]?.size ?? 'short';
  const file = machineFile(
    size,
    all.filter((x) => x.size === size).map((x) => x.c),
    browserMachineReport(),
  );
  downloadBlob(
    new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' }),
    'latency-lab-machine.json',
  );
}

const PHASE_TEXT: Record<Exclude<PanelState['phase'], 'idle'>, MessageId> = {
  calibrating: 'machine.calibrating',
  predicted: 'machine.phasePredicted',
  measuring: 'machine.phaseMeasuring',
  done: 'machine.done',
  failed: 'machine.failed',
  cancelled: 'machine.cancelled',
};

function toDraft(e: LedgerEntry) {
  return {
    quantity: e.quantity,
    label: e.label,
    unit: e.unit,
    value: e.predicted.value,
    lo: e.predicted.lo,
    hi: e.predicted.hi,
    spreadSd: e.predicted.spreadSd,
    modelSd: e.predicted.modelSd,
  };
}
