// The CLI's `--format md`: each table as a Markdown table (model with its interval, paper,
// error), under its title, source and summary.
import { readable, readableErrorPct } from '../../src/compare/csv';
import type { ResultsDocument } from '../../src/compare/results';
import type { ComparedTable } from '../../src/compare/types';

function groupDigits(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 20 });
}

function mdCell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function mdNumber(x: number | null): string {
  return x === null ? '—' : groupDigits(x);
}

/** `18,404 (12,000–41,000)` when the model gives an interval, else the value alone. */
function mdModel(x: number | undefined, interval: readonly [number, number] | undefined): string {
  const v = mdNumber(readable(x));
  if (!interval) return v;
  return `${v} (${mdNumber(readable(interval[0]))}–${mdNumber(readable(interval[1]))})`;
}

function mdErrorPct(e: number | null): string {
  if (e === null) return '—';
  return `${e > 0 ? '+' : ''}${e.toFixed(1)}`;
}

function withUnit(label: string, unit: string): string {
  return unit === '' ? label : `${label} (${unit})`;
}

function mdSummary(table: ComparedTable): string {
  const s = table.summary;
  if (table.modelOnly) return 'Model output: the paper has no such table.';
  if (table.rows.length > 0 && table.rows.every((r) => Object.keys(r.model).length === 0))
    return 'Measured reference: the paper gives no mechanism for this table, so the model computes no value.';
  const level =
    table.intervalLevel === undefined
      ? ''
      : ` (lo–hi): ${Math.round(table.intervalLevel * 100)} % prediction interval from the fit` +
        (table.coverage
          ? `; ${table.coverage.inside} of ${table.coverage.cells} paper values inside.`
          : '.');
  if (!s) return `No paper values to compare with: every row is a prediction.${level}`;
  const median = readableErrorPct(s.medianAbsErrorPct) ?? NaN;
  const max = readableErrorPct(s.maxAbsErrorPct) ?? NaN;
  const cells = s.cells === 1 ? '1 cell' : `${s.cells} cells`;
  return `Median |error| ${median.toFixed(1)} % over ${cells} with a paper value; max ${max.toFixed(1)} %.${level}`;
}

export function toMarkdown(out: ResultsDocument): string {
  const parts: string[] = [`Scenario: \`${out.permalink}\` (${out.model} v${out.modelVersion})`];
  for (const table of out.tables) {
    const header = ['Row'];
    const align = ['---'];
    // A table the paper does not have: the model's values only, no paper or error columns.
    const only = table.modelOnly;
    for (const col of table.columns) {
      if (only) {
        header.push(withUnit(col.label, col.unit));
        align.push('---:');
        continue;
      }
      header.push(
        withUnit(`${col.label} model`, col.unit),
        withUnit(`${col.label} paper`, col.unit),
      );
      header.push('err %');
      align.push('---:', '---:', '---:');
    }
    const rows = table.rows.map((row) => {
      const cells = [row.prediction ? `${row.label} (prediction)` : row.label];
      for (const col of table.columns) {
        cells.push(mdModel(row.model[col.key], row.intervals?.[col.key]));
        if (only) continue;
        cells.push(
          mdNumber(readable(row.paper?.[col.key])),
          mdErrorPct(readableErrorPct(row.errorPct[col.key])),
        );
      }
      return cells;
    });
    const line = (cells: string[]) => `| ${cells.map(mdCell).join(' | ')} |`;
    const lines = [
      `### ${mdCell(table.title)}`,
      '',
      `Source: ${mdCell(table.source)}`,
      '',
      line(header),
      `|${align.join('|')}|`,
      ...rows.map(line),
      '',
      mdSummary(table),
    ];
    if (table.notes.length > 0) lines.push('', ...table.notes.map((n) => `- ${mdCell(n)}`));
    parts.push(lines.join('\n'));
  }
  return `${parts.join('\n\n')}\n`;
}

// ---------------------------------------------------------------- entry points
