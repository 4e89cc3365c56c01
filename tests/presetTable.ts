import { evaluateTables } from '../src/compare/compare';
import type { ComparedTable } from '../src/compare/types';
import type { ModelDefinition, ParamValues } from '../src/models/types';
import { presetParams } from '../src/scenario';

/** `model`'s compared table `tableId` at `params` (its preset of that id by default); throws when it has none. */
export function presetTable(
  model: ModelDefinition,
  tableId: string,
  params: ParamValues = presetParams(model, tableId),
): ComparedTable {
  const t = evaluateTables(model, params).tables.find((x) => x.id === tableId);
  if (!t) throw new Error(`no table ${tableId}`);
  return t;
}
