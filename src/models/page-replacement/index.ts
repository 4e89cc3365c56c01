import { defineModel } from '../define';
import { pageReplacementCharts } from './charts';
import { pageReplacementInfo } from './info';
import { densePages } from './dense';
import { referencePages, replacementTable, runAll, traceTable } from './tables';

export { simulatePolicy, POLICIES } from './simulate';
export { densePages } from './dense';
export type { PageReplacementParams } from './params';

export const pageReplacementModel = defineModel(pageReplacementInfo, {
  tables: (p) => {
    const dense = densePages(referencePages(p));
    const table = replacementTable(p, dense, runAll(dense, p.frames, p.seed));
    const trace = traceTable(p, dense);
    return trace ? [table, trace] : [table];
  },
  charts: pageReplacementCharts,
});

export default pageReplacementModel;
