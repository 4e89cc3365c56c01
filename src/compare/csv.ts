import type { DifferenceTable } from './pinned';
import type { ComparedTable } from './types';

/**
 * The results as CSV: one writer for the CLI (`explore '<link>' --format csv`) and the
 * page's "Download CSV" under each table, so both give the same lines for the same table.
 */

/**
 * Rounded for reading: whole numbers from 100 up, else 3 significant digits. Null when not finite.
 * JSON keeps full precision; only csv and md round.
 */
export function readable(x: number | null | undefined): number | null {
  if (x === null || x === undefined || !Number.isFinite(x)) return null;
  const r = Math.abs(x) >= 100 ? Math.round(x) : Number(x.toPrecision(3));
  return r + 0; // no -0
}

/** An error in percent, to one decimal. Null when not finite. */
export function readableErrorPct(e: number | null | undefined): number | null {
  if (e === null || e === undefined || !Number.isFinite(e)) return null;
  return Number(e.toFixed(1)) + 0;
}

/**
 * `error_pct` is (model − paper) / |paper| × 100; for a column that is itself a percentage
 * (unit %) it is empty and `error_pp` holds model − paper in percentage points instead.
 */
export const CSV_HEADER =
  'table,row,column,unit,model,paper,error_pct,prediction,interval_lo,interval_hi,error_pp';

/** RFC 4180: quote a field that holds a comma, a quote or a line break; double the quotes. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * A text field (a table id, a row label, a column, a unit — a label can come from a link):
 * one that starts with `=`, `+`, `-`, `@`, a tab or a carriage return would be read as a
 * formula by a spreadsheet, so it gets a leading `'` (OWASP's advice for CSV injection),
 * then RFC 4180 quoting. Numbers are written by `csvNumber` and never need this.
 */
export function csvText(value: string): string {
  return csvField(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
}

function csvNumber(x: number | null): string {
  return x === null ? '' : String(x);
}

/** Long format: one line per cell, CRLF line ends (RFC 4180). */
export function toCsv(out: { readonly tables: readonly ComparedTable[] }): string {
  const lines = [CSV_HEADER];
  for (const table of out.tables) {
    for (const row of table.rows) {
      for (const col of table.columns) {
        const err = readableErrorPct(row.errorPct[col.key]);
        const pp = col.errorUnit === 'pp';
        lines.push(
          [
            csvText(table.id),
            csvText(row.label),
            csvText(col.key),
            csvText(col.unit),
            csvNumber(readable(row.model[col.key])),
            csvNumber(readable(row.paper?.[col.key])),
            csvNumber(pp ? null : err),
            String(row.prediction),
            csvNumber(readable(row.intervals?.[col.key]?.[0])),
            csvNumber(readable(row.intervals?.[col.key]?.[1])),
            csvNumber(pp ? err : null),
          ].join(','),
        );
      }
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

export const DIFFERENCE_CSV_HEADER = 'table,row,column,unit,a,b,delta,delta_pct';

/**
 * Compare mode's difference tables (./pinned.ts) as CSV: one line per cell with A's and B's
 * model values, B − A and (B − A) / |A| in per cent, rounded as `toCsv` rounds.
 */
export function differenceCsv(tables: readonly DifferenceTable[]): string {
  const lines = [DIFFERENCE_CSV_HEADER];
  for (const table of tables)
    for (const row of table.rows)
      for (const col of table.columns) {
        const c = row.cells[col.key];
        lines.push(
          [
            csvText(table.id),
            csvText(row.label),
            csvText(col.key),
            csvText(col.unit),
            csvNumber(readable(c?.a)),
            csvNumber(readable(c?.b)),
            csvNumber(readable(c?.delta)),
            csvNumber(readableErrorPct(c?.deltaPct)),
          ].join(','),
        );
      }
  return `${lines.join('\r\n')}\r\n`;
}
