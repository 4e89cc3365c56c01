import { useId } from 'react';
import { errorLevel, formatErrorPct, formatInterval, formatValue } from '../format';
import { BLIND_RECORD_COMMIT, BLIND_RECORD_DATE } from '../papers/blind-record';
import { blindSentences, scoreBlindRecord, summarizeBlindRecord } from '../compare/blindRecord';

const TABLE_NAME: Record<string, string> = {
  'mpe-nl-seq': 'NL.PUB.SYS',
  'mpe-sl-postscript': 'Postscript',
};
const COLUMN_NAME: Record<string, string> = {
  cpu_ms: 'CPU',
  elapsed_ms: 'Elapsed',
  delta_ms: 'Delta',
};

/**
 * The dated blind record: what the file-access model predicted for the MPE/iX cells withheld
 * until 26 Nov 2026 (src/papers/blind-record.ts, from the golden files of the last commit
 * before the release), beside the values the paper printed. Every sentence is computed from
 * the record (src/compare/blindRecord.ts), never typed.
 */
export default function BlindRecord() {
  const captionId = useId();
  const cells = scoreBlindRecord();
  const sentences = blindSentences(summarizeBlindRecord(cells));
  return (
    <section className="blind-record" data-testid="blind-record" aria-labelledby={`${captionId}-h`}>
      <h2 id={`${captionId}-h`}>The blind record: MPE/iX cells predicted before they were seen</h2>
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
        <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table>
            <caption id={captionId} className="visually-hidden">
              The blind record: predicted before release, against the released values
            </caption>
            <thead>
              <tr>
                <th scope="col" className="row-head">
                  Cell
                </th>
                <th scope="col">Column</th>
                <th scope="col" className="num">
                  Measured (ms)
                </th>
                <th scope="col" className="num">
                  Predicted then (ms)
                </th>
                <th scope="col" className="num">
                  Error
                </th>
                <th scope="col">Inside?</th>
                <th scope="col" className="num">
                  Naive baseline (ms)
                </th>
                <th scope="col" className="num">
                  Baseline error
                </th>
                <th scope="col">Nearer</th>
              </tr>
            </thead>
            <tbody>
              {cells.map((c) => (
                <tr key={`${c.table}-${c.row}-${c.column}`}>
                  <th scope="row" className="row-head">
                    {TABLE_NAME[c.table] ?? c.table} {c.row}
                  </th>
                  <td>{COLUMN_NAME[c.column] ?? c.column}</td>
                  <td className="num">{formatValue(c.measured)}</td>
                  <td className="num">
                    {formatValue(c.model)}{' '}
                    <span className="interval">{formatInterval([c.lo, c.hi], c.model)}</span>
                  </td>
                  <td className={`num err err-${errorLevel(c.errorPct)}`}>
                    {formatErrorPct(c.errorPct)}
                  </td>
                  <td>{c.inside ? 'inside' : <strong>outside</strong>}</td>
                  <td className="num" title={c.baselineRule}>
                    {formatValue(c.baseline)}
                  </td>
                  <td className={`num err err-${errorLevel(c.baselineErrorPct)}`}>
                    {formatErrorPct(c.baselineErrorPct)}
                  </td>
                  <td>{c.closer ? 'model' : 'baseline'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
