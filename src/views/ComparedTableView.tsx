import { memo, Suspense, useContext, useId, useRef, useState, type ReactNode } from 'react';
import { DownloadName } from '../charts/useWidth';
import type { CellBaseline, ComparedRow, ComparedTable } from '../compare/types';
import { intervalExtra } from './intervalExtra';
import {
  formatError,
  formatInterval,
  unboundedAbove,
  formatPct,
  formatValue,
  labelWithUnit,
  withUnit,
} from '../format';
import { GroupedHead } from './GroupedHead';
import { CaptionSource, MethodNotes } from './MethodNotes';
import { TermText } from './TermText';
import { TableScroller } from './TableScroller';
import { useStackWhenWide } from './useStackWhenWide';
import { errClass, errWords, OtherExperimentNote, subHeads } from './otherExperiment';
import { useT, type Translate } from '../i18n/LangContext';
import { useModelText } from './useModelText';

/**
 * One paper table regenerated: per cell the model's value, the paper's, and the error
 * (coloured, and always also written as a signed number). Rows the paper does not give are
 * badged "prediction". A model value with a prediction interval reads `value (lo–hi)`.
 */
export const ComparedTableView = memo(function ComparedTableView({
  table,
  intervalsComing = false,
}: {
  table: ComparedTable;
  /**
   * The values came first and the intervals follow: each model cell keeps an interval's line
   * empty meanwhile, so the table never grows (nor pushes what is under it) when they arrive.
   */
  intervalsComing?: boolean;
}) {
  if (table.modelOnly) return <ModelOnlyTableView table={table} />;
  return <PaperTableView table={table} intervalsComing={intervalsComing} />;
});

function PaperTableView({
  table,
  intervalsComing,
}: {
  table: ComparedTable;
  intervalsComing: boolean;
}) {
  const t = useT();
  const texts = useModelText();
  const captionId = useId();
  const ref = useRef<HTMLElement>(null);
  const stacked = useStackWhenWide(ref, `${table.id}:${table.columns.map((c) => c.key).join()}`);
  const allPredictions = table.rows.length > 0 && table.rows.every((r) => r.prediction);
  /** Rows with paper values and no model values: a measured table shown for reference. */
  const measuredOnly =
    table.rows.length > 0 && table.rows.every((r) => Object.keys(r.model).length === 0);
  return (
    <section
      ref={ref}
      className={`compared${stacked ? ' is-stacked' : ''}`}
      data-testid={`table-${table.id}`}
      data-stacked={stacked}
    >
      <TableScroller labelledBy={captionId}>
        <table>
          <caption id={captionId}>
            {allPredictions && (
              <span className="badge badge-prediction">{t('results.predictionBadge')}</span>
            )}{' '}
            <span className="caption-title">
              <TermText text={texts?.tableTitle(t, table) ?? table.title} />
            </span>{' '}
            <CaptionSource table={table.id} source={table.source} />
          </caption>
          <GroupedHead
            columns={table.columns}
            sub={subHeads(table, stacked, t)}
            legend={stacked ? subHeads(table, true, t)[0] : undefined}
            table={table.id}
          />
          <tbody>
            {table.rows.map((row) => (
              <Row
                key={row.label}
                row={row}
                label={texts?.rowLabel(t, table.id, row.label) ?? row.label}
                {...(row.short
                  ? { short: texts?.rowLabel(t, table.id, row.short) ?? row.short }
                  : {})}
                columns={table.columns}
                level={table.intervalLevel}
                stacked={stacked}
                other={table.otherExperiment !== undefined}
                intervalsComing={intervalsComing}
              />
            ))}
          </tbody>
        </table>
      </TableScroller>
      {table.otherExperiment && (
        <Suspense fallback={null}>
          <OtherExperimentNote table={table} />
        </Suspense>
      )}
      <TableSummary table={table} measuredOnly={measuredOnly} />
      <MethodNotes table={table.id} source={table.source}>
        <Notes notes={table.notes} table={table.id} />
      </MethodNotes>
      <CsvDownload table={table} />
    </section>
  );
}

/**
 * Under a table: its median and max |error| (or why there is none), the out-of-sample cells,
 * and what the intervals are and how many paper values fall inside.
 */
function TableSummary({ table, measuredOnly }: { table: ComparedTable; measuredOnly: boolean }) {
  const t = useT();
  const strong = (c: ReactNode[]) => <strong>{c}</strong>;
  return (
    <p className="summary">
      {table.summary
        ? t.rich('results.summary', {
            strong,
            median: formatPct(table.summary.medianAbsErrorPct, table.summary.unit),
            max: formatPct(table.summary.maxAbsErrorPct, table.summary.unit),
            cells: table.summary.cells,
          })
        : table.otherExperiment
          ? t('results.noErrorOther')
          : table.outOfSample
            ? t('results.allOutOfSample')
            : measuredOnly
              ? t('results.measuredOnly')
              : t('results.noPaper')}
      {table.outOfSample && !table.otherExperiment && (
        <>
          {' · '}
          <span data-testid="out-of-sample-summary">
            {t.rich('results.outOfSample', {
              strong,
              median: formatPct(table.outOfSample.medianAbsErrorPct),
              max: formatPct(table.outOfSample.maxAbsErrorPct),
              cells: table.outOfSample.cells,
            })}
          </span>
        </>
      )}
      {table.intervalLevel !== undefined && (
        <>
          {' · '}
          <span className="interval-legend">
            {t('results.intervalLegend', { level: formatPct(table.intervalLevel * 100) })}
          </span>
          {table.coverage && (
            <>
              {', '}
              {t.rich('results.coverage', {
                strong,
                inside: table.coverage.inside,
                cells: table.coverage.cells,
              })}
            </>
          )}
        </>
      )}
    </p>
  );
}

function Row({
  row,
  label,
  short,
  columns,
  level,
  stacked,
  other = false,
  intervalsComing = false,
}: {
  row: ComparedRow;
  /** The row's label in the page's language. */
  label: string;
  /** Its short name (projector mode) in the page's language. */
  short?: string;
  columns: ComparedTable['columns'];
  level: number | undefined;
  stacked: boolean;
  other?: boolean;
  intervalsComing?: boolean;
}) {
  const t = useT();
  return (
    <tr className={row.prediction ? 'prediction' : undefined}>
      <th scope="row" className="row-head" data-short={short} title={short ? label : undefined}>
        {/* Projector mode shows the short name in its place (styles/projector.css). */}
        <span className="run-name">{label}</span>
        {row.prediction && (
          <span className="badge badge-prediction">{t('results.prediction')}</span>
        )}
      </th>
      {columns.map(({ key, unit, errorUnit }) => {
        const paper = row.paper?.[key] ?? null;
        // Another experiment: the difference from the paper's run, shown muted, in its place.
        const err = (other ? row.vsPaperRunPct?.[key] : row.errorPct[key]) ?? null;
        return (
          <Cells
            key={key}
            column={key}
            model={row.model[key]}
            interval={row.intervals?.[key]}
            additive={row.intervalParts?.[key]?.scale === 'additive'}
            confidence={row.confidence?.[key]}
            baseline={row.baseline?.[key]}
            level={level}
            unit={unit}
            paper={paper}
            err={err}
            errorUnit={errorUnit ?? '%'}
            withheld={row.prediction}
            stacked={stacked}
            other={other}
            intervalsComing={intervalsComing}
          />
        );
      })}
    </tr>
  );
}

interface CellsProps {
  column: string;
  model: number | undefined;
  interval: readonly [number, number] | undefined;
  /** An additive interval (a signed quantity, or a wait of 0) is an amount: never "unbounded" by ratio. */
  additive?: boolean;
  confidence?: readonly [number, number] | undefined;
  baseline?: CellBaseline | undefined;
  level: number | undefined;
  unit: string;
  paper: number | null;
  err: number | null;
  /** pp for a percentage's error (src/compare: never a percent of a percent), else %. */
  errorUnit?: '%' | 'pp';
  withheld: boolean;
  stacked: boolean;
  other?: boolean;
  intervalsComing?: boolean;
}

function Cells(props: CellsProps) {
  const {
    column,
    model,
    interval,
    additive = false,
    confidence,
    baseline,
    unit,
    paper,
    err,
    errorUnit = '%',
    withheld,
    stacked,
    other = false,
    intervalsComing = false,
  } = props;
  const t = useT();
  const paperText =
    paper === null ? (
      <span className="missing" title={withheld ? t('results.notPublished') : t('results.noValue')}>
        —
      </span>
    ) : (
      formatValue(paper)
    );
  const errText = (
    <span className={`stack-err ${errClass(err, other)}`}>{errWords(err, other, errorUnit)}</span>
  );
  const extra = intervalExtra(confidence, baseline, unit, t);
  const boundOf = additive ? undefined : model;
  return (
    <>
      <td
        className={`num model${stacked ? ' stacked' : ''}`}
        data-column={column}
        aria-label={
          interval || stacked
            ? modelCellLabel({ ...props, boundOf, extra, errorUnit, stacked, other, t })
            : undefined
        }
      >
        {formatValue(model)}
        {interval ? (
          <>
            {' '}
            <span className="interval" title={extra ? extra.slice(2) : undefined}>
              {formatInterval(interval, boundOf)}
            </span>
          </>
        ) : (
          intervalsComing && (
            <span className="interval interval-coming" aria-hidden="true">
              {'\u00a0'}
            </span>
          )
        )}
        {stacked && (
          <span className="stack-line">
            <span className="stack-paper">
              <span className="stack-label">
                {other ? t('results.paperRun') : t('results.paper')}{' '}
              </span>
              {paperText}
            </span>{' '}
            {errText}
          </span>
        )}
      </td>
      {!stacked && (
        <td className="num paper" data-column={column}>
          {paperText}
        </td>
      )}
      {!stacked && (
        <td className={`num err ${errClass(err, other)}`} data-column={column}>
          {errWords(err, other, errorUnit)}
        </td>
      )}
    </>
  );
}

/** What a screen reader says for a model cell with an interval, or stacked with its paper and error. */
function modelCellLabel({
  model,
  interval,
  boundOf,
  extra,
  level,
  unit,
  paper,
  err,
  errorUnit,
  withheld,
  stacked,
  other,
  t,
}: CellsProps & {
  boundOf: number | undefined;
  extra: string;
  errorUnit: '%' | 'pp';
  other: boolean;
  t: Translate;
}): string {
  const shown = withUnit(formatValue(model), unit);
  const value = withheld
    ? t('results.cellPredicted', { value: shown })
    : t('results.cellModel', { value: shown });
  const bounds = interval
    ? unboundedAbove(boundOf, interval[1])
      ? t('results.rangeUnbounded', { lo: withUnit(formatValue(interval[0]), unit) })
      : t('results.range', {
          lo: formatValue(interval[0]),
          hi: withUnit(formatValue(interval[1]), unit),
        })
    : '';
  const range = interval
    ? (level !== undefined
        ? t('results.cellInterval', { level: formatPct(level * 100), range: bounds })
        : t('results.cellIntervalPlain', { range: bounds })) + extra
    : '';
  const paperShown = paper === null ? t('results.none') : withUnit(formatValue(paper), unit);
  const errShown = err === null ? '' : formatError(err, errorUnit);
  const beside = stacked
    ? (other
        ? t('results.cellPaperRun', { paper: paperShown })
        : t('results.cellPaper', { paper: paperShown })) +
      (err === null
        ? ''
        : other
          ? t('results.cellDifference', { err: errShown })
          : t('results.cellError', { err: errShown }))
    : '';
  return value + range + beside;
}

/** A table the paper does not have (the model's own output): one column per value, no errors. */
function ModelOnlyTableView({ table }: { table: ComparedTable }) {
  const t = useT();
  const texts = useModelText();
  const captionId = useId();
  return (
    <section className="compared" data-testid={`table-${table.id}`}>
      <TableScroller labelledBy={captionId}>
        <table>
          <caption id={captionId}>
            <span className="badge">{t('results.modelOutput')}</span>{' '}
            <span className="caption-title">
              <TermText text={texts?.tableTitle(t, table) ?? table.title} />
            </span>{' '}
            <CaptionSource table={table.id} source={table.source} />
          </caption>
          <thead>
            <tr>
              <th scope="col" className="row-head">
                {t('common.run')}
              </th>
              {table.columns.map((c) => (
                <th key={c.key} scope="col" className="num">
                  {texts ? texts.columnHead(t, table.id, c) : labelWithUnit(c.label, c.unit)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.label}>
                <th scope="row" className="row-head">
                  {texts?.rowLabel(t, table.id, row.label) ?? row.label}
                </th>
                {table.columns.map((c) => (
                  <td key={c.key} className="num model" data-column={c.key}>
                    {formatValue(row.model[c.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      <MethodNotes table={table.id} source={table.source}>
        <Notes notes={table.notes} table={table.id} />
      </MethodNotes>
      <CsvDownload table={table} />
    </section>
  );
}

function Notes({ notes, table }: { notes: string[]; table: string }) {
  const t = useT();
  const texts = useModelText();
  if (notes.length === 0) return null;
  return (
    <ul className="notes">
      {notes.map((n) => (
        <li key={n}>{texts?.tableNote(t, table, n) ?? n}</li>
      ))}
    </ul>
  );
}

/**
 * The table as CSV, in the CLI's format (`explore --format csv`: one line per cell). The
 * writer loads on the first click (src/views/tableCsv.ts); a failure is said beside the button.
 */
function CsvDownload({ table }: { table: ComparedTable }) {
  const t = useT();
  const texts = useModelText();
  const prefix = useContext(DownloadName);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    setError(null);
    import('./tableCsv').then(
      (m) => m.downloadTableCsv(table, prefix),
      (err: unknown) =>
        setError(
          t('results.csvFailed', { message: err instanceof Error ? err.message : String(err) }),
        ),
    );
  };
  return (
    <div className="table-downloads">
      {/* Named "Download table “…” as CSV"; the visible words are part of the name. */}
      <button type="button" className="small-button" onClick={save}>
        {t.rich('results.csv', {
          title: texts?.tableTitle(t, table) ?? table.title,
          hidden: (c) => <span className="visually-hidden">{c}</span>,
        })}
      </button>
      {error && (
        <span role="alert" className="download-error">
          {error}
        </span>
      )}
    </div>
  );
}
