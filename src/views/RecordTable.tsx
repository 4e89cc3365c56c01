import { useId, type ReactNode } from 'react';
import { errorLevel, formatInterval, formatValue } from '../format';
import { useT } from '../i18n/LangContext';

/** One column of a RecordTable: its heading and how a row fills its cell. */
export interface Column<R> {
  /** The heading, and each cell's `data-label` (the label a stacked, phone-width row shows). */
  label: string;
  cell: (row: R) => ReactNode;
  /** Right-aligned, for numbers. */
  num?: boolean;
  /** A signed error (%) the cell is coloured by (good, fair, poor). */
  err?: (row: R) => number | null;
  title?: (row: R) => string | undefined;
  /** More classes for the cells (`model`: the figure a reader is to look at). */
  className?: string;
  testId?: (row: R) => string;
}

type DataAttributes = Record<`data-${string}`, string | number | boolean>;

/**
 * A scrollable table of records, one row a record: the first column is the row's heading
 * (pinned when the table scrolls sideways), the others cells. The caption names the region
 * the arrow keys scroll; `hideCaption` keeps it for screen readers only.
 */
export function RecordTable<R>({
  caption,
  hideCaption = false,
  columns,
  rows,
  rowKey,
  rowData,
  empty,
  testId,
}: {
  caption: ReactNode;
  hideCaption?: boolean;
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  /** A row's data attributes, for tests and styles. */
  rowData?: (row: R) => DataAttributes;
  /** What the table says when it has no rows. */
  empty?: ReactNode;
  testId?: string;
}) {
  const captionId = useId();
  const [head, ...rest] = columns;
  return (
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table data-testid={testId}>
        <caption id={captionId} className={hideCaption ? 'visually-hidden' : undefined}>
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="row-head">
              {head?.label}
            </th>
            {rest.map((c) => (
              <th key={c.label} scope="col" className={c.num ? 'num' : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)} {...rowData?.(r)}>
              <th scope="row" className="row-head">
                {head?.cell(r)}
              </th>
              {rest.map((c) => (
                <td
                  key={c.label}
                  data-label={c.label}
                  title={c.title?.(r)}
                  data-testid={c.testId?.(r)}
                  className={
                    [c.num && 'num', c.className, c.err && `err err-${errorLevel(c.err(r))}`]
                      .filter(Boolean)
                      .join(' ') || undefined
                  }
                >
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
          {rows.length === 0 && empty && (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A prediction and its interval, as the fold and blind-record tables print them. */
export function Predicted({ value, lo, hi }: { value: number; lo: number; hi: number }) {
  return (
    <>
      {formatValue(value)} <span className="interval">{formatInterval([lo, hi], value)}</span>
    </>
  );
}

/** Whether a measured value fell inside its interval; a miss stands out. */
export const insideWord = (inside: boolean) => <InsideWord inside={inside} />;

function InsideWord({ inside }: { inside: boolean }) {
  const t = useT();
  return inside ? t('common.inside') : <strong>{t('common.outside')}</strong>;
}
