import type { ModelInfo, NumberParamSpec } from '../../models/types';

/**
 * What a model's regime map starts with: the knob a student drags first (`dragParam`) across,
 * a second knob up, and the choice the paper is about where it has one — mapped file against
 * the file system, shared memory against RPC, binary against linear search, threads on or off.
 * A table or knob the scenario does not have falls back to the automatic choice (the CLI's).
 */
export interface MapDefaults {
  x: string;
  y: string;
  /** `table|column`, or '' for the automatic choice. */
  cell: string;
  /** An enum parameter whose options compete, and which of them (all when empty). */
  compare: string;
  only: string[];
  /** Show which option wins (else the first option's value). */
  wins: boolean;
}

interface Natural {
  y: string;
  /** A table id, or `first`: the scenario's first table (file-access names it by preset). */
  table: string;
  column: string;
  compare?: string;
  only?: string[];
}

const NATURAL: Readonly<Record<string, Natural>> = {
  'cross-boundary': {
    y: 'iterations',
    table: 'cross-boundary-config',
    column: 'total_s',
    compare: 'transport',
    only: ['SM', 'RPC'],
  },
  'file-access': { y: 'recordBytes', table: 'first', column: 'elapsed_ms' },
  hyperthreads: { y: 'cyclesBetweenMisses', table: 'hyperthreads-scenario', column: 'makespan_s' },
  'directory-search': { y: 'profiles', table: 'vmsp-directory-search', column: 'avg_us' },
  'page-replacement': { y: 'distinctItems', table: 'replacement', column: 'hit_rate_pct' },
  'file-cache': { y: 'workingSetPages', table: 'ufc-stealback', column: 'ws_hit_rate_pct' },
};

/** The knobs a map may lay along an axis: the numbers, not a random seed (it names a run). */
export const numberParams = (model: ModelInfo): NumberParamSpec[] =>
  model.params.filter((p): p is NumberParamSpec => p.kind === 'number' && !p.seed);

/** The defaults for `model`, given the tables its scenario has now (id and column keys). */
export function mapDefaults(
  model: ModelInfo,
  tables: readonly { id: string; columns: readonly { key: string }[] }[],
): MapDefaults {
  const numbers = numberParams(model);
  const has = (key: string | undefined) => numbers.some((p) => p.key === key);
  const x = has(model.dragParam) ? model.dragParam! : (numbers[0]?.key ?? '');
  const natural = NATURAL[model.id];
  const y =
    natural && has(natural.y) && natural.y !== x
      ? natural.y
      : // Another knob of the same group (what the paper varied together), else the next.
        (numbers.find((p) => p.key !== x && p.group === numbers.find((q) => q.key === x)?.group)
          ?.key ??
        numbers.find((p) => p.key !== x)?.key ??
        '');
  const table =
    natural?.table === 'first' ? tables[0] : tables.find((t) => t.id === natural?.table);
  const found = table && natural && table.columns.some((c) => c.key === natural.column);
  const compare = model.params.find((p) => p.key === natural?.compare && p.kind === 'enum');
  return {
    x,
    y,
    cell: found ? `${table.id}|${natural.column}` : '',
    compare: found && compare ? compare.key : '',
    only: found && compare ? (natural.only ?? []) : [],
    wins: !!found,
  };
}
