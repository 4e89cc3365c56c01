import { useId } from 'react';
import { MODEL_INFOS } from '../models/registry';
import { defaultScenario } from '../scenario';
import { scenarioHash } from '../state/scenarioLink';
import {
  errorLevel,
  formatErrorPct,
  formatInterval,
  formatPct,
  formatValue,
  labelWithUnit,
} from '../format';
import { LEAVE_OUT_FOLDS } from '../papers/leave-out-data';
import { errorPct, isInside, summarizeFold, type LeaveOutFold } from '../papers/leave-out';

/**
 * "How well do the models predict?": the leave-out scoreboard. Each fold refits a model
 * without some of the paper's cells and predicts them with the interval the model page would
 * show. Numbers come from src/papers/leave-out-data.ts (scripts/leave-out.ts), which the paper
 * tests recompute.
 */
export default function PredictionsPage() {
  const cells = LEAVE_OUT_FOLDS.flatMap((f) => f.cells);
  const inside = cells.filter(isInside).length;
  return (
    <main id="main" className="predictions">
      <h1>How well do the models predict?</h1>
      <p className="lede">
        A model that only reproduces the cells it was fitted to proves little. Here each model is
        refitted <em>without</em> some of the paper’s measurements, then asked to predict them, with
        the interval its page would show. {inside} of {cells.length} held-out cells fall inside
        their intervals. Misses are listed, not hidden, and intervals so wide that they cover
        without predicting anything are flagged “too wide to inform”.
      </p>
      <Scoreboard />
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

/** Median half-width of the fold's intervals relative to its predictions: ± x %. */
function medianHalfWidthPct(f: LeaveOutFold): number {
  const w = f.cells.map((c) => ((c.hi - c.lo) / 2 / Math.abs(c.model)) * 100).sort((a, b) => a - b);
  const mid = w.length >> 1;
  return w.length % 2 ? w[mid]! : (w[mid - 1]! + w[mid]!) / 2;
}

/** Intervals this wide cover whatever happens: coverage then says nothing. */
const UNINFORMATIVE_PCT = 50;
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
                    ±{formatPct(width)}
                    {width > UNINFORMATIVE_PCT && (
                      <span className="badge badge-wide" title="Covers, but predicts little">
                        too wide to inform
                      </span>
                    )}
                  </td>
                  <td data-label="Inside interval" className="num">
                    {s.inside} of {s.cells} <span className="muted">({levelPct(f.level)})</span>
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
            </tr>
          </thead>
          <tbody>
            {fold.cells.map((c) => {
              const e = errorPct(c);
              const ok = isInside(c);
              return (
                <tr key={`${c.label}-${c.column}`}>
                  <th scope="row" className="row-head">
                    {c.label}
                  </th>
                  <td>{c.column}</td>
                  <td className="num">{formatValue(c.measured)}</td>
                  <td className="num">
                    {formatValue(c.model)}{' '}
                    <span className="interval">{formatInterval([c.lo, c.hi])}</span>
                  </td>
                  <td className={`num err err-${errorLevel(e)}`}>{formatErrorPct(e)}</td>
                  <td>{ok ? 'inside' : <strong>outside</strong>}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </details>
  );
}
