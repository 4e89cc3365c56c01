import { useId } from 'react';
import { MODEL_INFOS } from '../models/registry';
import { defaultScenario } from '../scenario';
import { scenarioHash } from '../state/scenarioLink';
import {
  errorLevel,
  formatErrorPct,
  formatInterval,
  UNBOUNDED_RATIO,
  formatPct,
  formatValue,
  labelWithUnit,
} from '../format';
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
import BlindRecord from './BlindRecord';
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

function Scoreboard() {
  const captionId = useId();
  return (
    <section className="compared scoreboard" data-testid="leave-out-scoreboard">
      <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table>
          <caption id={captionId}>
            <span className="caption-title">Leave-out folds: predicted without being seen</span>
          </caption>
          <thead>
            <tr>
              <th scope="col" className="row-head">
                Model
              </th>
              <th scope="col">Held out</th>
              <th scope="col" className="num">
                Cells
              </th>
              <th scope="col" className="num">
                Median |error|
              </th>
              <th scope="col" className="num">
                Max |error|
              </th>
              <th scope="col" className="num">
                Interval width
              </th>
              <th scope="col" className="num">
                Inside interval
              </th>
              <th scope="col" className="num">
                Skill over naive baseline (median)
              </th>
            </tr>
          </thead>
          <tbody>
            {LEAVE_OUT_FOLDS.map((f) => {
              const s = summarizeFold(f);
              const width = medianHalfWidthPct(f);
              return (
                <tr key={`${f.model}-${f.heldOut}`}>
                  <th scope="row" className="row-head">
                    <ModelLink id={f.model} />
                  </th>
                  <td data-label="Held out">{f.heldOut}</td>
                  <td data-label="Cells" className="num">
                    {s.cells}
                  </td>
                  <td
                    data-label="Median |error|"
                    className={`num err err-${errorLevel(s.medianAbsErrorPct)}`}
                  >
                    {formatPct(s.medianAbsErrorPct)}
                  </td>
                  <td
                    data-label="Max |error|"
                    className={`num err err-${errorLevel(s.maxAbsErrorPct)}`}
                  >
                    {formatPct(s.maxAbsErrorPct)}
                  </td>
                  <td data-label="Interval width" className="num">
                    {width > UNBOUNDED_PCT ? 'unbounded' : `±${formatPct(width)}`}
                    {width > UNINFORMATIVE_PCT && (
                      <span className="badge badge-wide" title="Covers, but predicts little">
                        too wide to inform
                      </span>
                    )}
                  </td>
                  <td data-label="Inside interval" className="num">
                    {s.inside} of {s.cells} <span className="muted">({levelPct(f.level)})</span>
                  </td>
                  <td data-label="Skill over naive baseline (median)" className="num">
                    {formatSkill(medianSkill(f))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Median skill of the fold's cells over their naive baselines (null where none has one). */
function medianSkill(f: LeaveOutFold): number | null {
  const s = f.cells
    .map((c) => foldBaseline(f, c)?.skill)
    .filter((x): x is number => typeof x === 'number')
    .sort((a, b) => a - b);
  if (s.length === 0) return null;
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const formatSkill = (x: number | null) => (x === null ? '—' : x.toFixed(2).replace('-', '−'));

function FoldDetail({ fold }: { fold: LeaveOutFold }) {
  const captionId = useId();
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
      <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table>
          <caption id={captionId} className="visually-hidden">
            {titleOf(fold.model)}: {fold.heldOut}
          </caption>
          <thead>
            <tr>
              <th scope="col" className="row-head">
                Cell
              </th>
              <th scope="col">Column</th>
              <th scope="col" className="num">
                {labelWithUnit('Measured', fold.unit)}
              </th>
              <th scope="col" className="num">
                {labelWithUnit('Predicted', fold.unit)}
              </th>
              <th scope="col" className="num">
                Error
              </th>
              <th scope="col">Inside?</th>
              <th scope="col" className="num">
                {labelWithUnit('Naive baseline', fold.unit)}
              </th>
              <th scope="col" className="num">
                Skill
              </th>
            </tr>
          </thead>
          <tbody>
            {fold.cells.map((c) => {
              const e = errorPct(c);
              const ok = isInside(c);
              const b = foldBaseline(fold, c);
              return (
                <tr key={`${c.label}-${c.column}`}>
                  <th scope="row" className="row-head">
                    {c.label}
                  </th>
                  <td>{c.column}</td>
                  <td className="num">{formatValue(c.measured)}</td>
                  <td className="num">
                    {formatValue(c.model)}{' '}
                    <span className="interval">{formatInterval([c.lo, c.hi], c.model)}</span>
                  </td>
                  <td className={`num err err-${errorLevel(e)}`}>{formatErrorPct(e)}</td>
                  <td>{ok ? 'inside' : <strong>outside</strong>}</td>
                  <td className="num" title={b?.rule}>
                    {b ? formatValue(b.value) : '—'}
                  </td>
                  <td className="num">{formatSkill(b?.skill ?? null)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </details>
  );
}
