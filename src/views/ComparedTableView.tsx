import { memo, useContext, useId, useState } from 'react';
import { DownloadName } from '../charts/useWidth';
import type { ComparedRow, ComparedTable } from '../compare/types';
import {
  errorLevel,
  formatErrorPct,
  formatInterval,
  formatPct,
  formatValue,
  labelWithUnit,
  withUnit,
} from '../format';
import { GroupedHead } from './GroupedHead';
import { TableScroller } from './TableScroller';

const SUB_HEADS = ['Model', 'Paper', 'Error'];

/**
 * One paper table regenerated: per cell the model's value, the paper's, and the error
 * (coloured, and always also written as a signed number). Rows the paper does not give are
 * badged "prediction". A model value with a prediction interval reads `value (lo–hi)`.
 */
export const ComparedTableView = memo(function ComparedTableView({
  table,
}: {
  table: ComparedTable;
}) {
  const captionId = useId();
  if (table.modelOnly) return <ModelOnlyTableView table={table} />;
  const allPredictions = table.rows.length > 0 && table.rows.every((r) => r.prediction);
  /** Rows with paper values and no model values: a measured table shown for reference. */
  const measuredOnly =
    table.rows.length > 0 && table.rows.every((r) => Object.keys(r.model).length === 0);
  return (
    <section className="compared" data-testid={`table-${table.id}`}>
      <TableScroller labelledBy={captionId}>
        <table>
          <caption id={captionId}>
            {allPredictions && <span className="badge badge-prediction">Prediction</span>}{' '}
            <span className="caption-title">{table.title}</span>{' '}
            <span className="caption-source">Source: {table.source}</span>
          </caption>
          <GroupedHead columns={table.columns} sub={SUB_HEADS} />
          <tbody>
            {table.rows.map((row) => (
              <Row key={row.label} row={row} columns={table.columns} level={table.intervalLevel} />
            ))}
          </tbody>
        </table>
      </TableScroller>
      <p className="summary">
        {table.summary ? (
          <>
            Median |error| <strong>{formatPct(table.summary.medianAbsErrorPct)}</strong>
            {' · '}max |error| <strong>{formatPct(table.summary.maxAbsErrorPct)}</strong>
            {' · '}
            {table.summary.cells} {table.summary.cells === 1 ? 'cell' : 'cells'} compared
          </>
        ) : measuredOnly ? (
          'Measured reference: the paper gives no mechanism for this table, so the model computes no value.'
        ) : (
          'No paper values to compare with: every row is the model’s prediction.'
        )}
        {table.intervalLevel !== undefined && (
          <>
            {' · '}
            <span className="interval-legend">
              (lo–hi): {formatPct(table.intervalLevel * 100)} prediction interval from the fit
            </span>
            {table.coverage && (
              <>
                {', '}
                <strong>
                  {table.coverage.inside} of {table.coverage.cells}
                </strong>{' '}
                paper values inside
              </>
            )}
          </>
        )}
      </p>
      <Notes notes={table.notes} />
      <CsvDownload table={table} />
    </section>
  );
});

function Row({
  row,
  columns,
  level,
}: {
  row: ComparedRow;
  columns: ComparedTable['columns'];
  level: number | undefined;
}) {
  return (
    <tr className={row.prediction ? 'prediction' : undefined}>
      <th scope="row" className="row-head">
        {row.label}
        {row.prediction && <span className="badge badge-prediction">prediction</span>}
      </th>
      {columns.map(({ key, unit }) => {
        const paper = row.paper?.[key] ?? null;
        const err = row.errorPct[key] ?? null;
        return (
          <Cells
            key={key}
            model={row.model[key]}
            interval={row.intervals?.[key]}
            level={level}
            unit={unit}
            paper={paper}
            err={err}
            withheld={row.prediction}
          />
        );
      })}
    </tr>
  );
}

function Cells({
  model,
  interval,
  level,
  unit,
  paper,
  err,
  withheld,
}: {
  model: number | undefined;
  interval: readonly [number, number] | undefined;
  level: number | undefined;
  unit: string;
  paper: number | null;
  err: number | null;
  withheld: boolean;
}) {
  return (
    <>
      <td
        className="num model"
        aria-label={
          interval
            ? `${withheld ? 'predicted' : 'model'} ${withUnit(formatValue(model), unit)}, ` +
              `${level !== undefined ? `${formatPct(level * 100)} ` : ''}interval ` +
              `${formatValue(interval[0])} to ${withUnit(formatValue(interval[1]), unit)}`
            : undefined
        }
      >
        {formatValue(model)}
        {interval && (
          <>
            {' '}
            <span className="interval">{formatInterval(interval)}</span>
          </>
        )}
      </td>
      <td className="num paper">
        {paper === null ? (
          <span className="missing" title={withheld ? 'not published: predicted' : 'no value'}>
            —
          </span>
        ) : (
          formatValue(paper)
        )}
      </td>
      <td className={`num err err-${errorLevel(err)}`}>{formatErrorPct(err)}</td>
    </>
  );
}

/** A table the paper does not have (the model's own output): one column per value, no errors. */
function ModelOnlyTableView({ table }: { table: ComparedTable }) {
  const captionId = useId();
  return (
    <section className="compared" data-testid={`table-${table.id}`}>
      <TableScroller labelledBy={captionId}>
        <table>
          <caption id={captionId}>
            <span className="badge">Model output</span>{' '}
            <span className="caption-title">{table.title}</span>{' '}
            <span className="caption-source">Source: {table.source}</span>
          </caption>
          <thead>
            <tr>
              <th scope="col" className="row-head">
                Run
              </th>
              {table.columns.map((c) => (
                <th key={c.key} scope="col" className="num">
                  {labelWithUnit(c.label, c.unit)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.label}>
                <th scope="row" className="row-head">
                  {row.label}
                </th>
                {table.columns.map((c) => (
                  <td key={c.key} className="num model">
                    {formatValue(row.model[c.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      <Notes notes={table.notes} />
      <CsvDownload table={table} />
    </section>
  );
}

function Notes({ notes }: { notes: string[] }) {
  if (notes.length === 0) return null;
  return (
    <ul className="notes">
      {notes.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}

/**
 * The table as CSV, in the CLI's format (`explore --format csv`: one line per cell). The
 * writer loads on the first click (src/views/tableCsv.ts); a failure is said beside the button.
 */
function CsvDownload({ table }: { table: ComparedTable }) {
  const prefix = useContext(DownloadName);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    setError(null);
    import('./tableCsv').then(
      (m) => m.downloadTableCsv(table, prefix),
      (err: unknown) =>
        setError(`The CSV could not be made: ${err instanceof Error ? err.message : String(err)}.`),
    );
  };
  return (
    <div className="table-downloads">
      {/* Named "Download table “…” as CSV"; the visible words are part of the name. */}
      <button type="button" className="small-button" onClick={save}>
        Download<span className="visually-hidden"> table “{table.title}” as</span> CSV
      </button>
      {error && (
        <span role="alert" className="download-error">
          {error}
        </span>
      )}
    </div>
  );
}
