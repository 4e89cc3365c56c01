import { formatPct } from '../format';
import { foldBaseline } from '../compare/baselines';
import {
  isTableFold,
  summarizeTableFolds,
  tableFoldSentences,
  widthPct,
} from '../compare/tableFolds';
import { median } from '../models/stats';
import { LEAVE_OUT_FOLDS } from '../papers/leave-out-data';
import { isInside, summarizeFold, type LeaveOutFold } from '../papers/leave-out';
import { RecordTable, type Column } from './RecordTable';

/** How many of a fold's cells the model predicts nearer than the naive baseline. */
function nearerOf(f: LeaveOutFold): string {
  const skills = f.cells.map((c) => foldBaseline(f, c)?.skill ?? null);
  const scored = skills.filter((x) => x !== null);
  return `${scored.filter((x) => x > 0).length} of ${scored.length}`;
}

const COLUMNS: Column<LeaveOutFold>[] = [
  { label: 'Held out', cell: (f) => f.heldOut.replace(' (one table out of four)', '') },
  {
    label: 'Inside interval',
    num: true,
    cell: (f) => `${f.cells.filter(isInside).length} of ${f.cells.length}`,
  },
  { label: 'Median width', num: true, cell: (f) => formatPct(median(f.cells.map(widthPct))) },
  {
    label: 'Median |error|',
    num: true,
    err: (f) => summarizeFold(f).medianAbsErrorPct,
    cell: (f) => formatPct(summarizeFold(f).medianAbsErrorPct),
  },
  { label: 'Nearer than baseline', num: true, cell: nearerOf },
  {
    label: 'Between-experiment term',
    num: true,
    cell: (f) => (f.betweenSd === undefined ? '—' : formatPct(f.betweenSd * 100)),
  },
];

/**
 * The file-access model, one table out of four (SL, CATALOG, NL, the Postscript's modified
 * program): per fold, coverage and median width of the 95 % intervals, the skill over the
 * naive baseline and the between-experiment term the fold estimated. Sentences computed from
 * the committed folds (src/compare/tableFolds.ts).
 */
export default function TableFolds() {
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
      <RecordTable
        caption={
          <span className="caption-title">
            Each table predicted from the other three (95 % intervals, CPU and elapsed)
          </span>
        }
        columns={COLUMNS}
        rows={folds}
        rowKey={(f) => f.heldOut}
      />
      <p className="muted">
        Width: (upper − lower) ÷ the prediction. The between-experiment term is estimated in each
        fold from the other three tables (the spread of their mean log errors beyond their scatter),
        not assumed. Reproduce with <code>npx tsx scripts/fit-file-access.ts --all-tables</code>.
      </p>
    </section>
  );
}
