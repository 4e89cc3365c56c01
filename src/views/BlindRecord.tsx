import { useId } from 'react';
import { formatErrorPct, formatValue, labelWithUnit } from '../format';
import { BLIND_RECORD_COMMIT, BLIND_RECORD_DATE, BLIND_RECORD_MODEL } from '../papers/blind-record';
import {
  scoreBlindRecord,
  summarizeBlindRecord,
  type ScoredBlindCell,
} from '../compare/blindRecord';
import { insideWord, Predicted, RecordTable, type Column } from './RecordTable';
import '../i18n/parts/model';
import '../i18n/parts/record';
import { useT, type Translate } from '../i18n/LangContext';
import { blindFindings } from './recordFindings';
import { baselineRuleText } from './baselineRule';

const TABLE_NAME: Record<string, string> = {
  'mpe-nl-seq': 'NL.PUB.SYS',
  'mpe-sl-postscript': 'Postscript',
};
const columnName = (column: string, t: Translate) =>
  column === 'cpu_ms'
    ? 'CPU'
    : column === 'elapsed_ms'
      ? t('results.record.elapsed')
      : column === 'delta_ms'
        ? t('results.record.delta')
        : column;

const columns = (t: Translate): Column<ScoredBlindCell>[] => [
  { label: t('results.record.cell'), cell: (c) => `${TABLE_NAME[c.table] ?? c.table} ${c.row}` },
  { label: t('results.record.column'), cell: (c) => columnName(c.column, t) },
  {
    label: labelWithUnit(t('results.record.measured'), 'ms'),
    num: true,
    cell: (c) => formatValue(c.measured),
  },
  {
    label: labelWithUnit(t('results.record.predictedThen'), 'ms'),
    num: true,
    cell: (c) => <Predicted value={c.model} lo={c.lo} hi={c.hi} />,
  },
  {
    label: t('results.headError'),
    num: true,
    err: (c) => c.errorPct,
    cell: (c) => formatErrorPct(c.errorPct),
  },
  { label: t('results.record.inside'), cell: (c) => insideWord(c.inside) },
  {
    label: labelWithUnit(t('results.record.baseline'), 'ms'),
    num: true,
    title: (c) => baselineRuleText(t, BLIND_RECORD_MODEL, c.baselineRule),
    cell: (c) => formatValue(c.baseline),
  },
  {
    label: t('results.record.baselineError'),
    num: true,
    err: (c) => c.baselineErrorPct,
    cell: (c) => formatErrorPct(c.baselineErrorPct),
  },
  {
    label: t('results.record.nearer'),
    cell: (c) => (c.closer ? t('results.record.model') : t('results.record.baselineWord')),
  },
];

/**
 * The dated blind record: what the file-access model predicted for the MPE/iX cells withheld
 * until 26 Nov 2026 (src/papers/blind-record.ts, from the golden files of the last commit
 * before the release), beside the values the paper printed. Every sentence is computed from
 * the record (src/compare/blindRecord.ts), never typed.
 */
export default function BlindRecord() {
  const t = useT();
  const headingId = useId();
  const cells = scoreBlindRecord();
  const sentences = blindFindings(summarizeBlindRecord(cells), t);
  return (
    <section className="blind-record" data-testid="blind-record" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('results.record.blindHeading')}</h2>
      <p>
        {t.rich('results.record.blindIntro', {
          date: BLIND_RECORD_DATE,
          commit: BLIND_RECORD_COMMIT,
          code: (c) => <code>{c}</code>,
        })}
      </p>
      <ul className="blind-findings" data-testid="blind-findings">
        {sentences.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      <details className="fold" data-testid="blind-cells">
        <summary>
          {t.rich('results.record.blindSummary', {
            cells: cells.length,
            date: BLIND_RECORD_DATE,
            commit: BLIND_RECORD_COMMIT,
            strong: (c) => <strong>{c}</strong>,
            code: (c) => <code>{c}</code>,
          })}
        </summary>
        <RecordTable
          caption={t('results.record.blindCaption')}
          hideCaption
          columns={columns(t)}
          rows={cells}
          rowKey={(c) => `${c.table}-${c.row}-${c.column}`}
        />
      </details>
    </section>
  );
}
