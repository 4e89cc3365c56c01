import { findModelEntry } from '../../models/registry';
import type { ModelInfo, NumberParamSpec } from '../../models/types';

/**
 * What a model's regime map starts with: the knob a student drags first (`dragParam`) across,
 * a second knob up, and the choice the paper is about where it has one — mapped file against
 * the file system, shared memory against RPC, binary against linear search, threads on or off
 * (each model's registry entry says which: `regime` in src/models/<id>/entry.ts). A table or knob the scenario does not have falls back to the automatic choice (the CLI's).
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
  const natural = findModelEntry(model.id)?.regime;
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
    only: found && compare ? [...(natural.only ?? [])] : [],
    wins: !!found,
  };
}
