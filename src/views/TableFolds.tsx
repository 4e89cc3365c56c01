import { useId } from 'react';
import { errorLevel, formatPct } from '../format';
import { foldBaseline } from '../compare/baselines';
import {
  isTableFold,
  summarizeTableFolds,
  tableFoldSentences,
  widthPct,
} from '../compare/tableFolds';
import { median } from '../models/stats';
import { LEAVE_OUT_FOLDS } from '../papers/leave-out-data';
import { isInside, summarizeFold } from '../papers/leave-out';

/**
 * The file-access model, one table out of four (SL, CATALOG, NL, the Postscript's modified
 * program): per fold, coverage and median width of the 95 % intervals, the skill over the
 * naive baseline and the between-experiment term the fold estimated. Sentences computed from
 * the committed folds (src/compare/tableFolds.ts).
 */
export default function TableFolds() {
  const captionId = useId();
  const folds = LEAVE_OUT_FOLDS.filter(isTableFold);
  if (folds.length === 0) return null;
  const sentences = tableFoldSentences(summarizeTableFolds(LEAVE_OUT_FOLDS));
  return (
    <section className="compared scoreboard" data-testid="table-folds">
      <h2>File access, one table out of four</h2>
      <ul data-testid="table-fold-findings">
        {sentences.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table>
          <caption id={captionId}>
            <span className="caption-title">
              Each table predicted from the other three (95 % intervals, CPU and elapsed)
            </span>
          </caption>
          <thead>
            <tr>
              <th scope="col" className="row-head">
                Held out
              </th>
              <th scope="col" className="num">
                Inside interval
              </th>
              <th scope="col" className="num">
                Median width
              </th>
              <th scope="col" className="num">
                Median |error|
              </th>
              <th scope="col" className="num">
                Nearer than baseline
              </th>
              <th scope="col" className="num">
                Between-experiment term
              </th>
            </tr>
          </thead>
          <tbody>
            {folds.map((f) => {
              const s = summarizeFold(f);
              const skills = f.cells.map((c) => foldBaseline(f, c)?.skill ?? null);
              const scored = skills.filter((x) => x !== null).length;
              const nearer = skills.filter((x) => x !== null && x > 0).length;
              return (
                <tr key={f.heldOut}>
                  <th scope="row" className="row-head">
                    {f.heldOut.replace(' (one table out of four)', '')}
                  </th>
                  <td data-label="Inside interval" className="num">
                    {f.cells.filter(isInside).length} of {s.cells}
                  </td>
                  <td data-label="Median width" className="num">
                    {formatPct(median(f.cells.map(widthPct)))}
                  </td>
                  <td
                    data-label="Median |error|"
                    className={`num err err-${errorLevel(s.medianAbsErrorPct)}`}
                  >
                    {formatPct(s.medianAbsErrorPct)}
                  </td>
                  <td data-label="Nearer than baseline" className="num">
                    {nearer} of {scored}
                  </td>
                  <td data-label="Between-experiment term" className="num">
                    {f.betweenSd === undefined ? '—' : formatPct(f.betweenSd * 100)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="muted">
        Width: (upper − lower) ÷ the prediction. The between-experiment term is estimated in each
        fold from the other three tables (the spread of their mean log errors beyond their scatter),
        not assumed. Reproduce with <code>npx tsx scripts/fit-file-access.ts --all-tables</code>.
      </p>
    </section>
  );
}
