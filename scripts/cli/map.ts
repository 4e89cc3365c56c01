/** `--map`: a regime map's request from the command line, computed, and printed. */
import { csvField } from '../../src/compare/csv';
import { MapError, regimeMap, type MapRequest, type RegimeMap } from '../../src/compare/regimeMap';
import { serializeScenario, showText } from '../../src/scenario';
import { UsageError } from './errors';
import { readLink, type ProgressSink } from './explore';

const MAP_KEYS = [
  'x',
  'y',
  'n',
  'table',
  'column',
  'row',
  'compare',
  'better',
  'tie',
  'seeds',
  'optimum',
] as const;

/** `x=a,y=b,n=12,compare=transport:SM|RPC,…` → a map request; a bad one is a usage error. */
export function parseMap(text: string | undefined): MapRequest {
  if (!text)
    throw new UsageError('--map needs x=<param>,y=<param> — e.g. --map x=doctFactor,y=iterations');
  const fields = new Map<string, string>();
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    if (!(MAP_KEYS as readonly string[]).includes(key))
      throw new UsageError(
        `--map: '${showText(key)}' is not a map field — use ${MAP_KEYS.join(', ')}.`,
      );
    if (fields.has(key)) throw new UsageError(`--map: ${key} is given twice.`);
    fields.set(key, eq < 0 ? '' : part.slice(eq + 1));
  }
  const x = fields.get('x');
  const y = fields.get('y');
  if (!x || !y) throw new UsageError('--map needs both x=<param> and y=<param>.');
  const req: MapRequest = { x, y };
  const n = fields.get('n');
  if (n !== undefined) {
    if (!/^\d{1,3}$/.test(n))
      throw new UsageError(`--map: n must be a whole number, not '${showText(n)}'.`);
    req.n = Number(n);
  }
  for (const key of ['table', 'column', 'row'] as const) {
    const v = fields.get(key);
    if (v !== undefined) req[key] = v;
  }
  const compare = fields.get('compare');
  if (compare !== undefined) {
    const [param, only] = compare.split(':');
    req.compare = param ?? '';
    if (only) req.only = only.split('|');
  }
  const better = fields.get('better');
  if (better !== undefined) {
    if (better !== 'lower' && better !== 'higher')
      throw new UsageError(`--map: better must be lower or higher, not '${showText(better)}'.`);
    req.better = better;
  }
  const tie = fields.get('tie');
  if (tie !== undefined) {
    if (!/^\d{1,2}(\.\d+)?$/.test(tie))
      throw new UsageError(`--map: tie must be a per cent from 0 to 50, not '${showText(tie)}'.`);
    req.tiePct = Number(tie);
  }
  const seeds = fields.get('seeds');
  if (seeds !== undefined) {
    if (!/^\d{1,2}$/.test(seeds))
      throw new UsageError(`--map: seeds must be a whole number, not '${showText(seeds)}'.`);
    req.seeds = Number(seeds);
  }
  const optimum = fields.get('optimum');
  if (optimum !== undefined) {
    if (optimum !== 'include' && optimum !== 'exclude')
      throw new UsageError(
        `--map: optimum must be include or exclude, not '${showText(optimum)}'.`,
      );
    req.includeOptimum = optimum === 'include';
  }
  return req;
}

/** A regime map with the link it was computed for. */
export interface MapOutput {
  permalink: string;
  model: string;
  modelVersion: number;
  map: RegimeMap;
}

/** Reads the link and computes its regime map (src/compare/regimeMap.ts). */
export async function exploreMap(
  link: string,
  req: MapRequest,
  progress?: ProgressSink,
): Promise<MapOutput> {
  const { scenario, model } = await readLink(link);
  try {
    return {
      permalink: serializeScenario(scenario),
      model: model.id,
      modelVersion: model.version,
      map: regimeMap(
        model,
        scenario.params,
        req,
        progress ? mapProgress(model.id, progress) : undefined,
      ),
    };
  } catch (e) {
    if (e instanceof MapError) throw new UsageError(`--map: ${e.message}`);
    throw e;
  }
}

function mapProgress(modelId: string, sink: ProgressSink) {
  const started = performance.now();
  return (done: number, total: number) => {
    if (done % 12 === 0 && performance.now() - started >= sink.afterMs)
      sink.write(`explore: ${modelId}: ${done} of ${total} map cells computed\n`);
  };
}

/** A map as CSV (one line per cell and option) or Markdown (the winner, or the value, per cell). */
export function mapText(out: MapOutput, format: 'csv' | 'md'): string {
  const m = out.map;
  if (format === 'csv') {
    const lines = [
      ['y_param', 'y', 'x_param', 'x', 'option', `${m.column}_${m.unit}`, 'best', 'tied'].join(','),
    ];
    m.cells.forEach((row, j) =>
      row.forEach((cell, i) =>
        cell.values.forEach((v, k) =>
          lines.push(
            [
              m.y.param,
              String(m.y.values[j]),
              m.x.param,
              String(m.x.values[i]),
              csvField(m.options[k] ?? ''),
              v === null ? '' : String(v),
              cell.best === m.options[k] ? '1' : '0',
              cell.tied?.includes(m.options[k] ?? '') ? '1' : '0',
            ].join(','),
          ),
        ),
      ),
    );
    return `${lines.join('\n')}\n`;
  }
  const single = m.options.length === 1;
  const fmt = (v: number) =>
    Number.isInteger(v) && Math.abs(v) < 1e9 ? String(v) : String(+v.toPrecision(4));
  const head = `| ${m.y.param} \\ ${m.x.param} | ${m.x.values.map(fmt).join(' | ')} |`;
  const rule = `| --- | ${m.x.values.map(() => '---').join(' | ')} |`;
  const rows = m.cells.map(
    (row, j) =>
      `| ${fmt(m.y.values[j]!)} | ${row.map((c) => (single ? (c.values[0] === null ? '—' : fmt(c.values[0]!)) : (c.best ?? (c.tied ? 'tie' : '—')))).join(' | ')} |`,
  );
  const what = single
    ? `${m.columnLabel} (${m.unit}) of ${m.options[0]}`
    : `which wins on ${m.columnLabel} (${m.unit}, ${m.better} is better)`;
  return `## ${out.model}: ${m.table} — ${what}\n\n${single ? '' : `${mapLegend(m)}\n\n`}${[head, rule, ...rows].join('\n')}\n`;
}

/** What "tie" means on this map, what was left out, and how many cells each side has. */
export function mapLegend(m: RegimeMap): string {
  const counts = m.options.map((o) => m.cells.flat().filter((c) => c.best === o).length);
  const ties = m.cells.flat().filter((c) => c.tied).length;
  const noise =
    m.seeds.length > 1
      ? ` or within the run-to-run spread over seeds ${m.seeds.join(', ')} (each cell is their mean)`
      : '';
  const wins = m.options.map((o, k) => `${o} wins ${counts[k]} cells`).join(', ');
  const left = m.excluded.length
    ? ` ${m.excluded.join(', ')} (optimal by definition) is left out of the contest; optimum=include lets it compete.`
    : '';
  return `tie = within ${m.tiePct} %${noise}. ${wins}, tie ${ties}.${left}`;
}
