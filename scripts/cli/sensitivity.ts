// The CLI's `--sensitivity --format md`: per table, the parameters its headline cells depend
// on most, as a Markdown table (src/compare/sensitivity.ts computes them).
import { sensitivity, type TableSensitivity } from '../../src/compare/sensitivity';
import { explore, readLink, type ProgressSink } from './explore';

const SHOWN = 10;

const e2 = (x: number) => `${x > 0 ? '+' : ''}${x.toFixed(2)}`;
const cell = (text: string) => text.replace(/\|/g, '\\|');

export function sensitivityMarkdown(tables: readonly TableSensitivity[]): string {
  const parts = ['## Which parameters matter most'];
  parts.push(
    'Elasticity d ln(y) / d ln(p) of each table’s headline cells, by central differences at ±5 % of each parameter: the per cent a cell moves for 1 % of the parameter (mean over the rows; min and max of the rows).',
  );
  for (const t of tables) {
    const unit = t.unit ? ` (${t.unit})` : '';
    const lines = [`### ${cell(t.title)}: ${cell(t.columnLabel)}${unit}`, ''];
    if (t.params.length === 0) {
      lines.push('No parameter moves these cells (or none is positive).');
    } else {
      lines.push(
        '| Parameter | Value | Elasticity | Min | Max | Most in row |',
        '|---|---:|---:|---:|---:|---|',
      );
      for (const p of t.params.slice(0, SHOWN))
        lines.push(
          `| ${cell(p.label)} | ${p.value}${p.unit ? ` ${p.unit}` : ''} | ${e2(p.elasticity)} | ${e2(p.min)} | ${e2(p.max)} | ${cell(p.row)} |`,
        );
      if (t.params.length > SHOWN)
        lines.push('', `…and ${t.params.length - SHOWN} more in the JSON.`);
    }
    if (t.atZero.length > 0) lines.push('', `At 0 (no relative step): ${t.atZero.join(', ')}.`);
    parts.push(lines.join('\n'));
  }
  return `${parts.join('\n\n')}\n`;
}

/** The results and, per table, which parameters its headline cells depend on most. */
export async function exploreSensitivity(link: string, progress?: ProgressSink) {
  const doc = await explore(link, progress);
  const { scenario, model } = await readLink(link);
  return { doc, tables: sensitivity(model, scenario.params) };
}
