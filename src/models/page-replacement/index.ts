import type { ModelDefinition, ParamValues } from '../types';
import { pageReplacementCharts } from './charts';
import { PAGE_REPLACEMENT_PARAMS, type PageReplacementParams } from './params';
import { densePages } from './dense';
import { referencePages, replacementTable, runAll, traceTable } from './tables';
import { pageReplacementInfo } from './info';
import { withDefaults } from '../defaults';

export { simulatePolicy, POLICIES } from './simulate';
export { densePages } from './dense';
export type { PageReplacementParams } from './params';

/** Fills anything missing from the declared defaults (the codec has validated the rest). */
export function toPageReplacementParams(values: ParamValues): PageReplacementParams {
  return withDefaults<PageReplacementParams>(PAGE_REPLACEMENT_PARAMS, values);
}

export const pageReplacementModel: ModelDefinition = {
  ...pageReplacementInfo,
  tables: (values) => {
    const p = toPageReplacementParams(values);
    const dense = densePages(referencePages(p));
    const table = replacementTable(p, dense, runAll(dense, p.frames, p.seed));
    const trace = traceTable(p, dense);
    return trace ? [table, trace] : [table];
  },
  charts: (values) => pageReplacementCharts(toPageReplacementParams(values)),
};
