// The CLI's `--format md`: each table as a Markdown table (model with its interval, paper,
// error), under its title, source and summary.
import { readable, readableErrorPct } from '../../src/compare/csv';
import type { ResultsDocument } from '../../src/compare/results';
import type { ComparedTable } from '../../src/compare/types';
import { unboundedAbove } from '../../src/format';

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
function mdModel(
  x: number | undefined,
  interval: readonly [number, number] | undefined,
  additive: boolean,
): string {
  const v = mdNumber(readable(x));
  if (!interval) return v;
  return `${v} (${mdNumber(readable(interval[0]))}–${mdHi(additive ? undefined : x, interval[1])})`;
}

/** An interval's upper bound, or "unbounded" when it is beyond use (src/format's rule; no value: an amount). */
function mdHi(value: number | undefined, hi: number): string {
  return unboundedAbove(value, hi) ? 'unbounded' : mdNumber(readable(hi));
}

function mdErrorPct(e: number | null): string {
  if (e === null) return '—';
  return `${e > 0 ? '+' : ''}${e.toFixed(1)}`;
}

function withUnit(label: string, unit: string): string {
  return unit === '' ? label : `${label} (${unit})`;
}

/** Another experiment than the paper's: no error, a difference from the paper's run. */
function otherExperimentLine(table: ComparedTable): string {
  const names = (table.otherExperiment ?? []).map((p) => p.label).join(', ');
  return `Another experiment than the paper’s (${names} changed): the paper’s values are of its own run; Δ is how far this scenario lies from that run, not the model’s error.`;
}

function mdSummary(table: ComparedTable): string {
  const s = table.summary;
  if (table.modelOnly) return 'Model output: the paper has no such table.';
  if (table.otherExperiment) return otherExperimentLine(table);
  if (table.rows.length > 0 && table.rows.every((r) => Object.keys(r.model).length === 0))
    return 'Measured reference: the paper gives no mechanism for this table, so the model computes no value.';
  const level =
    table.intervalLevel === undefined
      ? ''
      : ` (lo–hi): ${Math.round(table.intervalLevel * 100)} % prediction interval for a new measurement (parameters, scatter, between-experiment, model form)` +
        (table.coverage
          ? `; ${table.coverage.inside} of ${table.coverage.cells} paper values inside.`
          : '.');
  const o = table.outOfSample;
  const out = o
    ? ` Out of sample (predicted, never fitted): median |error| ${(readableErrorPct(o.medianAbsErrorPct) ?? NaN).toFixed(1)} ${o.unit ?? '%'} over ${o.cells === 1 ? '1 cell' : `${o.cells} cells`}; max ${(readableErrorPct(o.maxAbsErrorPct) ?? NaN).toFixed(1)} ${o.unit ?? '%'}.`
    : '';
  if (!s)
    return o
      ? `Every row is out of sample.${out}${level}`
      : `No paper values to compare with: every row is a prediction.${level}`;
  const median = readableErrorPct(s.medianAbsErrorPct) ?? NaN;
  const max = readableErrorPct(s.maxAbsErrorPct) ?? NaN;
  const cells = s.cells === 1 ? '1 cell' : `${s.cells} cells`;
  const u = s.unit ?? '%';
  return `Median |error| ${median.toFixed(1)} ${u} over ${cells} with a paper value; max ${max.toFixed(1)} ${u}.${out}${level}`;
}

const sd = (x: number) => Number(x.toPrecision(3));

/**
 * Each predicted cell's interval with its parts named (sd of ln(value), or in the column's
 * unit for an additive interval), the model's confidence interval, and the naive baseline.
 */
function predictedCells(table: ComparedTable): string[] {
  const lines: string[] = [];
  for (const row of table.rows) {
    if (!row.prediction) continue;
    for (const col of table.columns) {
      const iv = row.intervals?.[col.key];
      const p = row.intervalParts?.[col.key];
      const ci = row.confidence?.[col.key];
      const b = row.baseline?.[col.key];
      if (!iv && !b) continue;
      const bits: string[] = [];
      if (iv) {
        const bound = p?.scale === 'additive' ? undefined : row.model[col.key];
        bits.push(`interval ${mdNumber(readable(iv[0]))}–${mdHi(bound, iv[1])}`);
      }
      if (p)
        bits.push(
          `parts (sd${p.scale === 'log' ? ' of ln' : `, ${col.unit}`}): parameters ${sd(p.parameterLow)} down / ${sd(p.parameterHigh)} up, scatter ${sd(p.scatter)}, between-experiment ${sd(p.between)}, model form ${sd(p.modelForm)}`,
        );
      if (ci)
        bits.push(
          `model's confidence interval ${mdNumber(readable(ci[0]))}–${mdNumber(readable(ci[1]))}`,
        );
      if (b)
        bits.push(
          `naive baseline ${mdNumber(readable(b.value))} (${b.rule})${b.skill === null ? '' : `, skill ${b.skill.toFixed(2)}`}`,
        );
      lines.push(
        `- ${mdCell(`${row.label}, ${withUnit(col.label, col.unit)}: ${bits.join('; ')}`)}`,
      );
    }
  }
  return lines.length > 0 ? ['', 'Predicted cells:', ...lines] : [];
}

export function toMarkdown(out: ResultsDocument): string {
  const parts: string[] = [`Scenario: \`${out.permalink}\` (${out.model} v${out.modelVersion})`];
  for (const table of out.tables) {
    const header = ['Row'];
    const align = ['---'];
    // A table the paper does not have: the model's values only, no paper or error columns.
    const only = table.modelOnly;
    const other = table.otherExperiment !== undefined;
    for (const col of table.columns) {
      if (only) {
        header.push(withUnit(col.label, col.unit));
        align.push('---:');
        continue;
      }
      header.push(
        withUnit(`${col.label} model`, col.unit),
        withUnit(`${col.label} ${other ? 'paper’s run' : 'paper'}`, col.unit),
      );
      // A percentage's error is a difference in percentage points (pp), not a percent of it.
      const unit = col.errorUnit ?? '%';
      header.push(other ? `Δ vs paper’s run ${unit}` : `err ${unit}`);
      align.push('---:', '---:', '---:');
    }
    const rows = table.rows.map((row) => {
      const cells = [row.prediction ? `${row.label} (prediction)` : row.label];
      for (const col of table.columns) {
        cells.push(
          mdModel(
            row.model[col.key],
            row.intervals?.[col.key],
            row.intervalParts?.[col.key]?.scale === 'additive',
          ),
        );
        if (only) continue;
        cells.push(
          mdNumber(readable(row.paper?.[col.key])),
          mdErrorPct(
            readableErrorPct(other ? row.vsPaperRunPct?.[col.key] : row.errorPct[col.key]),
          ),
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
      ...predictedCells(table),
    ];
    if (table.notes.length > 0) lines.push('', ...table.notes.map((n) => `- ${mdCell(n)}`));
    parts.push(lines.join('\n'));
  }
  return `${parts.join('\n\n')}\n`;
}

// ---------------------------------------------------------------- entry points
