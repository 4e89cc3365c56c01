import { MODEL_INFOS } from '../models/registry';
import { defaultScenario } from '../scenario';
import { scenarioHash } from '../state/scenarioLink';
import { formatErrorPct, UNBOUNDED_RATIO, formatPct, formatValue, labelWithUnit } from '../format';
import { LEAVE_OUT_FOLDS } from '../papers/leave-out-data';
import {
  coverageCounts,
  errorPct,
  isInside,
  medianHalfWidthPct,
  summarizeFold,
  UNINFORMATIVE_PCT,
  type LeaveOutFold,
} from '../papers/leave-out';
import { foldBaseline } from '../compare/baselines';
import { median } from '../models/stats';
import BlindRecord from './BlindRecord';
import { insideWord, Predicted, RecordTable, type Column } from './RecordTable';
import TableFolds from './TableFolds';

/** A median half-width beyond this is printed as “unbounded” (an upper bound past ×UNBOUNDED_RATIO). */
const UNBOUNDED_PCT = ((UNBOUNDED_RATIO - 1) / 2) * 100;

/**
 * "How well do the models predict?": the leave-out scoreboard. Each fold refits a model
 * without some of the paper's cells and predicts them with the interval the model page would
 * show. Numbers come from src/papers/leave-out-data.ts (scripts/leave-out.ts), which the paper
 * tests recompute.
 */
export default function PredictionsPage() {
  const { informative, tooWide } = coverageCounts(LEAVE_OUT_FOLDS);
  return (
    <main id="main" className="predictions">
      <h1>How well do the models predict?</h1>
      <p className="lede" data-testid="predictions-lede">
        A model that only reproduces the cells it was fitted to proves little. Here each model is
        refitted <em>without</em> some of the paper’s measurements, then asked to predict them.{' '}
        <strong>
          In the {informative.folds} folds whose intervals are narrow enough to inform,{' '}
          {informative.inside} of {informative.cells} held-out cells fall inside.
        </strong>{' '}
        The other {tooWide.folds} folds are “too wide to inform” (median half-width over ±
        {UNINFORMATIVE_PCT} %): {tooWide.inside} of their {tooWide.cells} cells fall inside, which
        says nothing, and they are counted apart.
      </p>
      <p className="caveat" data-testid="predictions-caveat">
        <strong>One campaign.</strong> Every held-out cell was measured in the same campaign as the
        cells the fit kept — same machine, same days, same program — so these folds test the
        mechanism, not a new measurement. The intervals here hold the fit’s parameters and the
        calibration scatter only — except the file-access folds of one table out of four, which add
        a between-experiment term estimated from the other three tables; the model pages add a
        between-experiment term (another day, file or run) and the spread between readings of the
        paper. Beside each cell is a naive baseline a reader could compute without the mechanism,
        and the model’s skill over it: 1 − |ln(model ÷ measured)| ÷ |ln(baseline ÷ measured)| (1
        exact, 0 no better than the baseline, below 0 worse).
      </p>
      <Scoreboard />
      <TableFolds />
      <BlindRecord />
      <h2>Every held-out cell</h2>
      {LEAVE_OUT_FOLDS.map((f) => (
        <FoldDetail key={`${f.model}-${f.heldOut}`} fold={f} />
      ))}
      <p className="method">
        How: refit the model’s constants without the fold’s cells (the same fit as its calibration
        script), take that fit’s covariance, push it through the mechanism and add the remaining
        cells’ scatter. Reproduce with <code>npx tsx scripts/leave-out.ts</code>. Page replacement
        has no fitted constants (its policies are exact), so it has no fold.
      </p>
    </main>
  );
}

const titleOf = (id: string) => MODEL_INFOS.find((m) => m.id === id)?.title ?? id;
/** The title's part before its colon: "File access", "Cross-boundary calls", … */
const shortTitleOf = (id: string) => titleOf(id).split(':')[0]!;

function ModelLink({ id }: { id: string }) {
  const info = MODEL_INFOS.find((m) => m.id === id);
  if (!info) return <>{id}</>;
  return (
    <a href={scenarioHash(defaultScenario(info))} title={info.title}>
      {shortTitleOf(id)}
    </a>
  );
}

const levelPct = (level: number) => `${Math.round(level * 100)} %`;

const SCOREBOARD: Column<LeaveOutFold>[] = [
  { label: 'Model', cell: (f) => <ModelLink id={f.model} /> },
  { label: 'Held out', cell: (f) => f.heldOut },
  { label: 'Cells', num: true, cell: (f) => f.cells.length },
  {
    label: 'Median |error|',
    num: true,
    err: (f) => summarizeFold(f).medianAbsErrorPct,
    cell: (f) => formatPct(summarizeFold(f).medianAbsErrorPct),
  },
  {
    label: 'Max |error|',
    num: true,
    err: (f) => summarizeFold(f).maxAbsErrorPct,
    cell: (f) => formatPct(summarizeFold(f).maxAbsErrorPct),
  },
  { label: 'Interval width', num: true, cell: (f) => <Width pct={medianHalfWidthPct(f)} /> },
  {
    label: 'Inside interval',
    num: true,
    cell: (f) => (
      <>
        {summarizeFold(f).inside} of {f.cells.length}{' '}
        <span className="muted">({levelPct(f.level)})</span>
      </>
    ),
  },
  {
    label: 'Skill over naive baseline (median)',
    num: true,
    cell: (f) => formatSkill(medianSkill(f)),
  },
];

function Width({ pct }: { pct: number }) {
  return (
    <>
      {pct > UNBOUNDED_PCT ? 'unbounded' : `±${formatPct(pct)}`}
      {pct > UNINFORMATIVE_PCT && (
        <span className="badge badge-wide" title="Covers, but predicts little">
          too wide to inform
        </span>
      )}
    </>
  );
}

function Scoreboard() {
  return (
    <section className="compared scoreboard" data-testid="leave-out-scoreboard">
      <RecordTable
        caption={
          <span className="caption-title">Leave-out folds: predicted without being seen</span>
        }
        columns={SCOREBOARD}
        rows={LEAVE_OUT_FOLDS}
        rowKey={(f) => `${f.model}-${f.heldOut}`}
      />
    </section>
  );
}

/** Median skill of the fold's cells over their naive baselines (null where none has one). */
function medianSkill(f: LeaveOutFold): number | null {
  const s = f.cells.map((c) => foldBaseline(f, c)?.skill).filter((x) => typeof x === 'number');
  return s.length === 0 ? null : median(s);
}

const formatSkill = (x: number | null) => (x === null ? '—' : x.toFixed(2).replace('-', '−'));

type FoldCell = LeaveOutFold['cells'][number];

function foldColumns(fold: LeaveOutFold): Column<FoldCell>[] {
  return [
    { label: 'Cell', cell: (c) => c.label },
    { label: 'Column', cell: (c) => c.column },
    {
      label: labelWithUnit('Measured', fold.unit),
      num: true,
      cell: (c) => formatValue(c.measured),
    },
    {
      label: labelWithUnit('Predicted', fold.unit),
      num: true,
      cell: (c) => <Predicted value={c.model} lo={c.lo} hi={c.hi} />,
    },
    { label: 'Error', num: true, err: errorPct, cell: (c) => formatErrorPct(errorPct(c)) },
    { label: 'Inside?', cell: (c) => insideWord(isInside(c)) },
    {
      label: labelWithUnit('Naive baseline', fold.unit),
      num: true,
      title: (c) => foldBaseline(fold, c)?.rule,
      cell: (c) => {
        const b = foldBaseline(fold, c);
        return b ? formatValue(b.value) : '—';
      },
    },
    { label: 'Skill', num: true, cell: (c) => formatSkill(foldBaseline(fold, c)?.skill ?? null) },
  ];
}

function FoldDetail({ fold }: { fold: LeaveOutFold }) {
  const s = summarizeFold(fold);
  return (
    <details className="fold" data-testid={`fold-${fold.model}`}>
      <summary>
        <strong>{shortTitleOf(fold.model)}</strong>: {fold.heldOut} — {s.inside} of {s.cells} inside
        their {levelPct(fold.level)} intervals
      </summary>
      <p>{fold.note}</p>
      <p className="muted">
        Naive baseline:{' '}
        {[...new Set(fold.cells.map((c) => foldBaseline(fold, c)?.rule ?? 'none'))].join('; ')}.
      </p>
      <RecordTable
        caption={`${titleOf(fold.model)}: ${fold.heldOut}`}
        hideCaption
        columns={foldColumns(fold)}
        rows={fold.cells}
        rowKey={(c) => `${c.label}-${c.column}`}
      />
    </details>
  );
}
