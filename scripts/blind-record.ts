/**
 * The dated blind record: what the file-access model predicted for the MPE/iX cells the project
 * withheld (NL.PUB.SYS, the Postscript's three modified-program rows), read from the golden
 * files of the last commit before their release, 3ea2146 (26 Nov 2026). It is reference data,
 * written once into src/papers/blind-record.ts and committed: the model will change, the record
 * must not.
 *
 *   npx tsx scripts/blind-record.ts            print the record
 *   npx tsx scripts/blind-record.ts --write    also rewrite src/papers/blind-record.ts
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BlindCell, BlindContextCell } from '../src/papers/blind';
import { isDirectRun } from './lib/direct-run';

export const RECORD_COMMIT = '3ea2146';
const TABLES = ['mpe-nl-seq', 'mpe-sl-postscript'] as const;
const COLUMNS: Record<string, string> = {
  CPU: 'cpu_ms',
  Elapsed: 'elapsed_ms',
  'Delta (disc wait)': 'delta_ms',
};

const num = (s: string) => Number(s.replace(/,/g, ''));
const NUM = '([\\d,.]+)';

/** The predicted cells of one golden table file, as its "Predicted cells" list and table give them. */
export function parseGolden(table: string, md: string): BlindCell[] {
  const values = new Map<string, number>();
  for (const line of md.split('\n')) {
    const m = /^\| (.+) \(prediction\) \| (.+) \|$/.exec(line);
    if (!m) continue;
    const cells = m[2]!.split(' | ');
    // Row | CPU model | CPU paper | err | Elapsed model | … : the model cell is every third.
    for (const [i, col] of Object.values(COLUMNS).entries())
      values.set(`${m[1]}|${col}`, num(cells[i * 3]!.split(' ')[0]!));
  }
  const re = new RegExp(
    `^- (.+), (CPU|Elapsed|Delta \\(disc wait\\)) \\(ms\\): interval ${NUM}–${NUM}; parts \\(sd of ln\\): ` +
      `parameters ${NUM} down / ${NUM} up, scatter ${NUM}, between-experiment ${NUM}, model form ${NUM}; ` +
      `model's confidence interval ${NUM}–${NUM}; naive baseline ${NUM} \\((.+)\\)$`,
  );
  const out: BlindCell[] = [];
  for (const line of md.split('\n')) {
    const m = re.exec(line);
    if (!m) continue;
    const column = COLUMNS[m[2]!]!;
    const model = values.get(`${m[1]}|${column}`);
    if (model === undefined) throw new Error(`no table value for ${table} ${m[1]} ${column}`);
    out.push({
      table,
      row: m[1]!,
      column,
      model,
      lo: num(m[3]!),
      hi: num(m[4]!),
      parts: {
        parametersDown: num(m[5]!),
        parametersUp: num(m[6]!),
        scatter: num(m[7]!),
        between: num(m[8]!),
        modelForm: num(m[9]!),
      },
      confidence: [num(m[10]!), num(m[11]!)],
      baseline: num(m[12]!),
      baselineRule: m[13]!,
    });
  }
  return out;
}

/**
 * The model's values, at the same commit, for the rows of these tables the paper did print then
 * (the Postscript's original-program rows): what a withheld row is compared with.
 */
export function parseContext(table: string, md: string): BlindContextCell[] {
  const out: BlindContextCell[] = [];
  for (const line of md.split('\n')) {
    const m = /^\| ([^|]+?) \| ([\d,.]+) \(/.exec(line);
    if (!m || m[1]!.endsWith('(prediction)')) continue;
    const cells = line.split(' | ').slice(1);
    for (const [i, col] of Object.values(COLUMNS).entries())
      out.push({ table, row: m[1]!, column: col, model: num(cells[i * 3]!.split(' ')[0]!) });
  }
  return out;
}

const golden = (t: string) =>
  execFileSync('git', ['show', `${RECORD_COMMIT}:tests/golden/tables/file-access/${t}.md`], {
    encoding: 'utf8',
  });

export function readRecord(): BlindCell[] {
  return TABLES.flatMap((t) => parseGolden(t, golden(t)));
}

export function readContext(): BlindContextCell[] {
  return TABLES.flatMap((t) => parseContext(t, golden(t)));
}

function main() {
  const cells = readRecord();
  const context = readContext();
  for (const c of cells)
    console.log(
      `${c.table} ${c.row} ${c.column}: ${c.model} (${c.lo}–${c.hi}); baseline ${c.baseline}`,
    );
  if (cells.length !== 24) throw new Error(`expected 24 predicted cells, read ${cells.length}`);
  if (process.argv.includes('--write')) {
    const path = fileURLToPath(new URL('../src/papers/blind-record.ts', import.meta.url));
    writeFileSync(
      path,
      `/**\n * Generated once by \`npx tsx scripts/blind-record.ts --write\` from the golden files at\n` +
        ` * ${RECORD_COMMIT}: what the file-access model predicted, before 26 Nov 2026, for the cells the\n` +
        ` * project withheld. A dated record: never regenerate it from a later model.\n */\n` +
        `import type { BlindCell, BlindContextCell } from './blind';\n\n` +
        `export const BLIND_RECORD_COMMIT = '${RECORD_COMMIT}';\n` +
        `export const BLIND_RECORD_DATE = '2026-11-26';\nexport const BLIND_RECORD_MODEL = 'file-access';\n\n` +
        `export const BLIND_RECORD: BlindCell[] = ${JSON.stringify(cells, null, 2)};\n\n` +
        `/** The model's values then for the rows the paper did print (the Postscript's original program). */\n` +
        `export const BLIND_CONTEXT: BlindContextCell[] = ${JSON.stringify(context, null, 2)};\n`,
    );
    execFileSync('npx', ['prettier', '--write', path], { stdio: 'ignore' });
    console.log(`\nwrote ${path}`);
  }
}

if (isDirectRun(import.meta.url)) main();
