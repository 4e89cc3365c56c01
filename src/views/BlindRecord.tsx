import { useId } from 'react';
import { formatErrorPct, formatValue } from '../format';
import { BLIND_RECORD_COMMIT, BLIND_RECORD_DATE } from '../papers/blind-record';
import {
  blindSentences,
  scoreBlindRecord,
  summarizeBlindRecord,
  type ScoredBlindCell,
} from '../compare/blindRecord';
import { insideWord, Predicted, RecordTable, type Column } from './RecordTable';

const TABLE_NAME: Record<string, string> = {
  'mpe-nl-seq': 'NL.PUB.SYS',
  'mpe-sl-postscript': 'Postscript',
};
const COLUMN_NAME: Record<string, string> = {
  cpu_ms: 'CPU',
  elapsed_ms: 'Elapsed',
  delta_ms: 'Delta',
};

const COLUMNS: Column<ScoredBlindCell>[] = [
  { label: 'Cell', cell: (c) => `${TABLE_NAME[c.table] ?? c.table} ${c.row}` },
  { label: 'Column', cell: (c) => COLUMN_NAME[c.column] ?? c.column },
  { label: 'Measured (ms)', num: true, cell: (c) => formatValue(c.measured) },
  {
    label: 'Predicted then (ms)',
    num: true,
    cell: (c) => <Predicted value={c.model} lo={c.lo} hi={c.hi} />,
  },
  { label: 'Error', num: true, err: (c) => c.errorPct, cell: (c) => formatErrorPct(c.errorPct) },
  { label: 'Inside?', cell: (c) => insideWord(c.inside) },
  {
    label: 'Naive baseline (ms)',
    num: true,
    title: (c) => c.baselineRule,
    cell: (c) => formatValue(c.baseline),
  },
  {
    label: 'Baseline error',
    num: true,
    err: (c) => c.baselineErrorPct,
    cell: (c) => formatErrorPct(c.baselineErrorPct),
  },
  { label: 'Nearer', cell: (c) => (c.closer ? 'model' : 'baseline') },
];

/**
 * The dated blind record: what the file-access model predicted for the MPE/iX cells withheld
 * until 26 Nov 2026 (src/papers/blind-record.ts, from the golden files of the last commit
 * before the release), beside the values the paper printed. Every sentence is computed from
 * the record (src/compare/blindRecord.ts), never typed.
 */
export default function BlindRecord() {
  const headingId = useId();
  const cells = scoreBlindRecord();
  const sentences = blindSentences(summarizeBlindRecord(cells));
  return (
    <section className="blind-record" data-testid="blind-record" aria-labelledby={headingId}>
      <h2 id={headingId}>The blind record: MPE/iX cells predicted before they were seen</h2>
      <p>
        The project withheld the NL.PUB.SYS table and the Postscript’s three modified-program rows
        of Sieler’s paper until {BLIND_RECORD_DATE}. What the file-access model predicted for them
        then — its values, 95 % intervals and naive baselines, from the golden files of commit{' '}
        <code>{BLIND_RECORD_COMMIT}</code> — is kept here as it was, beside what the paper printed.
        The model has changed since; this record does not.
      </p>
      <ul className="blind-findings" data-testid="blind-findings">
        {sentences.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      <details className="fold" data-testid="blind-cells">
        <summary>
          <strong>Every withheld cell</strong>: {cells.length} cells, predicted {BLIND_RECORD_DATE}{' '}
          (<code>{BLIND_RECORD_COMMIT}</code>)
        </summary>
        <RecordTable
          caption="The blind record: predicted before release, against the released values"
          hideCaption
          columns={COLUMNS}
          rows={cells}
          rowKey={(c) => `${c.table}-${c.row}-${c.column}`}
        />
      </details>
    </section>
  );
}
