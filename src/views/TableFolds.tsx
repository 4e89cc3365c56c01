import { formatPct } from '../format';
import { foldBaseline } from '../compare/baselines';
import { isTableFold, summarizeTableFolds, widthPct } from '../compare/tableFolds';
import { median } from '../models/stats';
import { LEAVE_OUT_FOLDS } from '../papers/leave-out-data';
import { isInside, summarizeFold, type LeaveOutFold } from '../papers/leave-out';
import { RecordTable, type Column } from './RecordTable';
import '../i18n/parts/model';
import '../i18n/parts/record';
import { useT, type Translate } from '../i18n/LangContext';
import { tableFoldFindings } from './recordFindings';

/** How many of a fold's cells the model predicts nearer than the naive baseline. */
function nearerOf(f: LeaveOutFold, t: Translate): string {
  const skills = f.cells.map((c) => foldBaseline(f, c)?.skill ?? null);
  const scored = skills.filter((x) => x !== null);
  return t('results.record.of', { n: scored.filter((x) => x > 0).length, total: scored.length });
}

const columns = (t: Translate): Column<LeaveOutFold>[] => [
  {
    label: t('results.record.heldOut'),
    cell: (f) => f.heldOut.replace(' (one table out of four)', ''),
  },
  {
    label: t('results.record.insideInterval'),
    num: true,
    cell: (f) =>
      t('results.record.of', { n: f.cells.filter(isInside).length, total: f.cells.length }),
  },
  {
    label: t('results.record.medianWidth'),
    num: true,
    cell: (f) => formatPct(median(f.cells.map(widthPct))),
  },
  {
    label: t('results.record.medianError'),
    num: true,
    err: (f) => summarizeFold(f).medianAbsErrorPct,
    cell: (f) => formatPct(summarizeFold(f).medianAbsErrorPct),
  },
  { label: t('results.record.nearerThan'), num: true, cell: (f) => nearerOf(f, t) },
  {
    label: t('results.record.between'),
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
  const t = useT();
  const folds = LEAVE_OUT_FOLDS.filter(isTableFold);
  if (folds.length === 0) return null;
  const sentences = tableFoldFindings(summarizeTableFolds(LEAVE_OUT_FOLDS), t);
  return (
    <section className="compared scoreboard" data-testid="table-folds">
      <h2>{t('results.record.foldsHeading')}</h2>
      <ul data-testid="table-fold-findings">
        {sentences.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      <RecordTable
        caption={<span className="caption-title">{t('results.record.foldsCaption')}</span>}
        columns={columns(t)}
        rows={folds}
        rowKey={(f) => f.heldOut}
      />
      <p className="muted">
        {t.rich('results.record.foldsNote', { code: (c) => <code>{c}</code> })}
      </p>
    </section>
  );
}
