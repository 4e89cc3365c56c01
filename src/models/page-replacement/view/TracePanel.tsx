import { useCallback, useEffect, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { ComparedTable } from '../../../compare/types';
import { CHARTS_QUIET_MS, labTablesChannel } from '../../../state/labClient';
import { scenarioHash } from '../../../state/scenarioLink';
import type { ExtraPanelProps } from '../../../views/extraPanel';
import '../../../i18n/parts/panel';
import { useT } from '../../../i18n/LangContext';
import { errorText } from '../../../i18n/errorText';

/**
 * A step-by-step trace of one replacement policy for short strings, for a teacher to step
 * through with the keyboard (← → Home End) or the buttons. The data is the model's
 * `replacement-trace` table, computed on the `trace` channel of the lab workers (the page's
 * table channel answers only the latest request, so sharing it would cancel the page's tables).
 */

interface Step {
  page: number;
  hit: boolean;
  victim: number | null;
  frames: (number | null)[];
}

type Load =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'none' }
  | { kind: 'ready'; steps: Step[] };

function stepsOf(table: ComparedTable): Step[] {
  const frameKeys = table.columns.filter((c) => c.key.startsWith('frame_')).map((c) => c.key);
  return table.rows.map((r) => ({
    page: r.model.page ?? NaN,
    hit: r.model.hit === 1,
    victim: r.model.victim ?? null,
    frames: frameKeys.map((k) => r.model[k] ?? null),
  }));
}

const box: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '2.4em',
  height: '2.4em',
  border: '1px solid var(--line)',
  borderRadius: 'var(--radius)',
  fontVariantNumeric: 'tabular-nums',
  background: 'var(--paper)',
};

export default function TracePanel({ model, scenario }: ExtraPanelProps) {
  const t = useT();
  const hash = scenarioHash(scenario);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [at, setAt] = useState(0);
  const shown = load.kind === 'ready' || load.kind === 'none';
  // The panel's own channel to the trace worker, ended with the panel.
  const [channel] = useState(() => labTablesChannel('trace'));
  useEffect(() => () => channel.dispose(), [channel]);
  useEffect(() => {
    let live = true;
    setLoad((l) => (l.kind === 'ready' ? l : { kind: 'loading' }));
    // Like the charts: once a trace is on screen, a new one is asked for only when the
    // scenario holds still, so a drag's tables have both cores.
    const ask = () =>
      void channel.tables(model.id, scenario.params).then((outcome) => {
        if (!live || outcome.kind === 'superseded') return;
        if (outcome.kind === 'error') {
          setLoad({ kind: 'error', message: outcome.error.message });
          return;
        }
        const table = outcome.value.tables.find((t) => t.id === 'replacement-trace');
        if (!table) setLoad({ kind: 'none' });
        else {
          setLoad({ kind: 'ready', steps: stepsOf(table) });
          setAt((i) => Math.min(i, table.rows.length - 1));
        }
      });
    const timer = setTimeout(ask, shown ? CHARTS_QUIET_MS : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `hash` identifies model and params completely.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash]);

  const count = load.kind === 'ready' ? load.steps.length : 0;
  const go = useCallback((i: number) => setAt(Math.max(0, Math.min(count - 1, i))), [count]);
  const onKey = (e: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: at + 1,
      ArrowDown: at + 1,
      ArrowLeft: at - 1,
      ArrowUp: at - 1,
      Home: 0,
      End: count - 1,
    };
    const to = moves[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };

  return (
    <section className="compared" aria-labelledby="trace-heading" data-testid="trace-panel">
      <h2 id="trace-heading">{t('panel.steps.title')}</h2>
      {load.kind === 'loading' && <p aria-busy="true">{t('panel.steps.loading')}</p>}
      {load.kind === 'error' && (
        <p className="error-box" role="alert">
          {t('panel.steps.error', { error: errorText(t, load.message) })}
        </p>
      )}
      {load.kind === 'none' && (
        <p className="calm-note">{t('panel.steps.none', { refs: 64, frames: 16 })}</p>
      )}
      {load.kind === 'ready' && count > 0 && (
        <TraceView
          title={t('panel.steps.heading', {
            policy: String(scenario.params['tracePolicy']),
            frames: load.steps[0]!.frames.length,
          })}
          steps={load.steps}
          at={Math.min(at, count - 1)}
          go={go}
          onKey={onKey}
        />
      )}
    </section>
  );
}

function TraceView({
  title,
  steps,
  at,
  go,
  onKey,
}: {
  title: string;
  steps: Step[];
  at: number;
  go: (i: number) => void;
  onKey: (e: KeyboardEvent) => void;
}) {
  const t = useT();
  const s = steps[at]!;
  const misses = steps.slice(0, at + 1).filter((x) => !x.hit).length;
  const step = (x: Step, i: number) => ({ i: i + 1, page: x.page, hit: String(x.hit) });
  return (
    <div
      role="group"
      aria-label={t('panel.steps.group', { title })}
      tabIndex={0}
      onKeyDown={onKey}
      data-testid="trace-stepper"
      style={{ outlineOffset: 4, padding: '0.5em 0' }}
    >
      <p style={{ margin: '0 0 0.5em' }}>
        {t.rich('panel.steps.keys', { title: <strong>{title}</strong> })}
      </p>
      <ol
        aria-label={t('panel.steps.string')}
        style={{ display: 'flex', flexWrap: 'wrap', gap: 4, listStyle: 'none', padding: 0 }}
      >
        {steps.map((x, i) => (
          <li key={i}>
            <button
              type="button"
              onClick={() => go(i)}
              aria-current={i === at ? 'step' : undefined}
              aria-label={t('panel.steps.button', step(x, i))}
              tabIndex={-1}
              style={{
                ...box,
                cursor: 'pointer',
                fontWeight: i === at ? 700 : 400,
                outline: i === at ? '2px solid var(--accent)' : undefined,
                background: i > at ? 'var(--soft)' : x.hit ? 'var(--good-bg)' : 'var(--poor-bg)',
                color: i > at ? 'var(--muted)' : 'var(--ink)',
              }}
            >
              {x.page}
            </button>
          </li>
        ))}
      </ol>
      <p role="status" aria-live="polite" data-testid="trace-status">
        {t('panel.steps.status', {
          ...step(s, at),
          n: steps.length,
          evicts: String(s.victim !== null),
          victim: s.victim ?? 0,
          misses,
        })}
      </p>
      <Frames s={s} />
      <div style={{ display: 'flex', gap: 8, marginTop: '0.75em' }}>
        <button type="button" onClick={() => go(0)} disabled={at === 0}>
          {t('panel.steps.first')}
        </button>
        <button type="button" onClick={() => go(at - 1)} disabled={at === 0}>
          {t('panel.steps.previous')}
        </button>
        <button type="button" onClick={() => go(at + 1)} disabled={at === steps.length - 1}>
          {t('panel.steps.next')}
        </button>
        <button
          type="button"
          onClick={() => go(steps.length - 1)}
          disabled={at === steps.length - 1}
        >
          {t('panel.steps.last')}
        </button>
      </div>
    </div>
  );
}

/** The frames after this access, the page just referenced highlighted. */
function Frames({ s }: { s: Step }) {
  const t = useT();
  return (
    <div aria-label={t('panel.steps.frames')} style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
      {s.frames.map((f, k) => (
        <div
          key={k}
          style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}
        >
          <div
            style={{
              ...box,
              minWidth: '3em',
              height: '3em',
              fontWeight: f === s.page ? 700 : 400,
              background:
                f === s.page ? (s.hit ? 'var(--good-bg)' : 'var(--poor-bg)') : 'var(--paper)',
            }}
          >
            {f ?? '—'}
          </div>
          <small style={{ color: 'var(--muted)' }}>{t('panel.steps.frame', { k: k + 1 })}</small>
        </div>
      ))}
    </div>
  );
}
