/**
 * What a drag asks of the workers, in CPU time (issue #31): `npx tsx scripts/bench/step-cpu.ts
 * --model <id>` steps the model's `dragParam` as `npm run bench` drags its slider (36 positions
 * from the default towards the far end) and prints, per step, the CPU milliseconds of the
 * tables (values first, as a step asks them) and of each chart part, full and as the drag
 * preview, all in one process, so that remembered runs count as they do in a worker. CPU time
 * (`process.cpuUsage`), not wall time: on a machine shared with other work the figures hold
 * better than the browser bench's. Figures, never pass/fail.
 */
import { loadavg } from 'node:os';
import { findModelInfo, loadModel, MODEL_INFOS } from '../../src/models/registry';
import type { ParamValues } from '../../src/models/types';
import { defaultScenario } from '../../src/scenario';
import { positionToValue, valueToPosition } from '../../src/scenario/sliderScale';

const i = process.argv.indexOf('--model');
const modelId = i < 0 ? '' : (process.argv[i + 1] ?? '');
const info = findModelInfo(modelId);
if (!info?.dragParam) {
  console.error(`--model <id> is needed: one of ${MODEL_INFOS.map((m) => m.id).join(', ')}`);
  process.exit(2);
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1000;
};
const at = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

/** The drag's values: the slider's positions as the bench sets them, each value once. */
function dragValues(params: ParamValues, key: string): number[] {
  const spec = info!.params.find((p) => p.key === key);
  if (spec?.kind !== 'number') return [];
  const [min, max] = [valueToPosition(spec.min, spec), valueToPosition(spec.max, spec)];
  let current = Number(params[key]);
  const now = valueToPosition(current, spec);
  const far = max - now >= now - min ? max : min;
  const values = Array.from({ length: 36 }, (_, k) => {
    current = positionToValue(now + ((far - now) * (k + 1)) / 36, spec, current);
    return current;
  });
  return [...new Set(values)];
}

async function main() {
  const model = (await loadModel(modelId))!;
  const start = defaultScenario(info!).params;
  const key = info!.dragParam!;
  console.log(
    `Load average (1, 5, 15 min): ${loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')}`,
  );
  // Warm: the first run compiles the code; a worker's first step pays it once.
  model.tables(start, { intervals: false });
  // The preview first, as a drag asks it; the full pass then finds the preview's runs remembered.
  for (const preview of [true, false]) {
    const tables: number[] = [];
    const parts = Array.from({ length: model.chartPartCount }, () => 0);
    const values = dragValues(start, key);
    for (const v of values) {
      const params = { ...start, [key]: v };
      let t = process.cpuUsage();
      model.tables(params, { intervals: false });
      tables.push(cpuMs(t));
      for (let p = 0; p < model.chartPartCount; p++) {
        t = process.cpuUsage();
        model.chartPart(params, p, preview ? { preview: true } : {});
        parts[p]! += cpuMs(t);
      }
    }
    const n = values.length;
    const perPart = parts.map((x) => (x / n).toFixed(1));
    const charts = parts.reduce((a, x) => a + x, 0) / n;
    console.log(
      `${modelId}, ${key} (${n} steps), charts ${preview ? 'as the drag preview' : 'full'}: ` +
        `tables median ${at(tables, 0.5).toFixed(1)} / p95 ${at(tables, 0.95).toFixed(1)} ms CPU; ` +
        `charts ${charts.toFixed(1)} ms CPU a step (parts: ${perPart.join(', ')})`,
    );
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
