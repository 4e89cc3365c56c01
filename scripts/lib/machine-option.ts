/**
 * explore's `--machine file.json`: this machine's measured constants (a file the machine page
 * downloads, or `scripts/machine-coverage.ts --write-machine`) → the same predictions the page
 * shows, from the same code (src/machine). With a permalink, only that model's claim.
 *
 *   npm run --silent explore -- ['<permalink>'] --machine file.json [--format json|md]
 *
 * A missing, unreadable or invalid file: exit code 2 and one line on stderr.
 */
import { readFileSync } from 'node:fs';
import { CLAIM_OF_MODEL, parseMachineFile, predictFromFile } from '../../src/machine/machineFile';

export interface MachineRunResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

const fail = (line: string): MachineRunResult => ({
  stdout: '',
  stderr: `${line.split('\n')[0]}\n`,
  exitCode: 2,
});

const num = (x: number) =>
  Number(x.toPrecision(3)).toLocaleString('en-US', { maximumFractionDigits: 3 });

export function machineRun(argv: readonly string[]): MachineRunResult {
  const i = argv.indexOf('--machine');
  const path = argv[i + 1];
  if (!path || path.startsWith('--')) return fail('--machine needs a file: --machine file.json');
  const fi = argv.indexOf('--format');
  const format = fi >= 0 ? argv[fi + 1] : 'json';
  if (format !== 'json' && format !== 'md')
    return fail(`--machine prints json or md, not ${format}`);
  const link = argv.find((a, k) => !a.startsWith('--') && k !== i + 1 && (fi < 0 || k !== fi + 1));
  let only: (typeof CLAIM_OF_MODEL)[string] | undefined;
  if (link) {
    const m = /#\/([a-z-]+)/.exec(link);
    only = m ? CLAIM_OF_MODEL[m[1]!] : undefined;
    if (!only)
      return fail(
        `no machine claim for ${link}: use a link to ${Object.keys(CLAIM_OF_MODEL).join(', ')}, or no link`,
      );
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return fail(
      `cannot read the machine file ${path}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
  let out;
  try {
    const file = parseMachineFile(text);
    out = predictFromFile(file, only);
    if (!out.length) return fail(`the machine file has no calibration for ${only}`);
  } catch (e) {
    return fail(`invalid machine file ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (format === 'json')
    return { stdout: `${JSON.stringify(out, null, 2)}\n`, stderr: '', exitCode: 0 };
  const md = out.flatMap((c) => [
    `## ${c.title} (${c.modelVersion})`,
    '',
    `The paper's machine: ${c.paper}`,
    '',
    `Here: ${c.here}`,
    '',
    '| quantity | predicted | 95 % interval |',
    '| --- | ---: | --- |',
    ...c.predictions.map(
      (p) => `| ${p.label} | ${num(p.value)} ${p.unit} | ${num(p.lo)}–${num(p.hi)} |`,
    ),
    '',
  ]);
  return { stdout: `${md.join('\n')}`, stderr: '', exitCode: 0 };
}
