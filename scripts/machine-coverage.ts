/**
 * machine-coverage — every machine claim (src/machine) run RUNS times (10) in Node on this
 * machine, at the page's short size: how many measurements fell inside their 95 % interval,
 * and the median width of the intervals, per claim.
 *
 *   npx tsx scripts/machine-coverage.ts [--runs N] [--size test|short|full] [--json]
 *     [--only memory,directory,crossBoundary,cothreads] [--write-machine file.json]   (the first run's calibrations, for `explore --machine`)
 *
 * Figures, not pass/fail. A claim that fails on this host is reported with its reason.
 */
import { median } from '../src/models/stats';
import {
  cothreadsClaim,
  crossBoundaryClaim,
  directoryClaim,
  memoryClaim,
  type ClaimDef,
  type RunSize,
} from '../src/machine/claims';
import { Ledger, MemoryStore } from '../src/machine/ledger';
import { runClaim } from '../src/machine/run';
import { machineFile } from '../src/machine/machineFile';
import type { Calibration } from '../src/machine/types';
import { writeFileSync } from 'node:fs';
import { nodeCothreadEnv, nodeMachineReport, nodeTransportEnv } from './lib/machine-node';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const runs = Math.max(1, Number(option('--runs', '10')) || 10);
const size = option('--size', 'short') as RunSize;
if (!['test', 'short', 'full'].includes(size)) {
  process.stderr.write(`--size must be test, short or full, not ${size}\n`);
  process.exit(2);
}

const only = option('--only', '');
const cothreadEnv = await nodeCothreadEnv();
const allClaims: [ClaimDef<never>, unknown][] = [
  [memoryClaim as ClaimDef<never>, {}],
  [directoryClaim as ClaimDef<never>, {}],
  [crossBoundaryClaim as ClaimDef<never>, nodeTransportEnv()],
  [cothreadsClaim as ClaimDef<never>, cothreadEnv],
];
const claims = allClaims.filter(([d]) => !only || only.split(',').includes(d.id));

const ledger = new Ledger(new MemoryStore(), { build: 'coverage', machine: nodeMachineReport() });
const firstCalibrations: Calibration[] = [];
const rows: {
  claim: string;
  runs: number;
  predictions: number;
  inside: number;
  medianWidthPct: number;
  medianHiOverLo: number;
  failed: string[];
}[] = [];
for (const [def, env] of claims) {
  const failed: string[] = [];
  for (let r = 0; r < runs; r++) {
    try {
      const res = await runClaim(def, env as never, ledger, `run${r + 1}`, size);
      if (r === 0) firstCalibrations.push(res.calibration);
    } catch (e) {
      failed.push(e instanceof Error ? e.message : String(e));
    }
    process.stderr.write(`${def.id} ${r + 1}/${runs}\r`);
  }
  const mine = ledger.all().filter((e) => e.claim === def.id && e.measured);
  rows.push({
    claim: def.id,
    runs,
    predictions: mine.length,
    inside: mine.filter((e) => e.inside).length,
    medianWidthPct: median(
      mine.map((e) => (100 * (e.predicted.hi - e.predicted.lo)) / e.predicted.value),
    ),
    medianHiOverLo: median(mine.map((e) => e.predicted.hi / e.predicted.lo)),
    failed,
  });
}
await cothreadEnv.close();
const writeTo = option('--write-machine', '');
if (writeTo)
  writeFileSync(
    writeTo,
    `${JSON.stringify(machineFile(size, firstCalibrations, nodeMachineReport()), null, 2)}\n`,
  );
process.stderr.write('\n');

if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
else {
  const m = nodeMachineReport();
  process.stdout.write(
    `machine: ${m.userAgent}, ${m.hardwareConcurrency} logical processors; ${runs} runs per claim, size ${size}\n\n`,
  );
  process.stdout.write(
    '| claim | predictions | inside 95 % | coverage | median width (hi−lo ÷ value) | median hi ÷ lo |\n',
  );
  process.stdout.write('| --- | ---: | ---: | ---: | ---: | ---: |\n');
  for (const r of rows)
    process.stdout.write(
      `| ${r.claim} | ${r.predictions} | ${r.inside} | ${r.predictions ? ((100 * r.inside) / r.predictions).toFixed(0) : '—'} % | ${r.medianWidthPct.toFixed(0)} % | ${r.medianHiOverLo.toFixed(2)} |${r.failed.length ? ` failed ${r.failed.length}: ${r.failed[0]}` : ''}\n`,
    );
  // Per quantity kind within each claim (the part before '@').
  process.stdout.write('\nper quantity:\n');
  const groups = new Map<string, { n: number; inside: number; widths: number[] }>();
  for (const e of ledger.all().filter((x) => x.measured)) {
    const key = `${e.claim}/${e.quantity.split('@')[0]}`;
    const g = groups.get(key) ?? { n: 0, inside: 0, widths: [] };
    g.n += 1;
    g.inside += e.inside ? 1 : 0;
    g.widths.push((100 * (e.predicted.hi - e.predicted.lo)) / e.predicted.value);
    groups.set(key, g);
  }
  for (const [k, g] of groups)
    process.stdout.write(
      `  ${k}: ${g.inside} of ${g.n} inside, median width ${median(g.widths).toFixed(0)} %\n`,
    );
}
