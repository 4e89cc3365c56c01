import { defineModel } from '../define';
import { pageReplacementCharts } from './charts';
import { pageReplacementInfo } from './info';
import { densePages } from './dense';
import { framesOf } from './params';
import { replacementTable, runAll, scenarioString, traceTable } from './tables';

export { simulatePolicy, POLICIES } from './simulate';
export { densePages } from './dense';
export type { PageReplacementParams } from './params';

export const pageReplacementModel = defineModel(pageReplacementInfo, {
  tables: (p) => {
    const s = scenarioString(p);
    const dense = densePages(s.pages);
    const table = replacementTable(p, s, dense, runAll(dense, framesOf(p), p.seed));
    const trace = traceTable(p, dense);
    return trace ? [table, trace] : [table];
  },
  charts: pageReplacementCharts,
});

export default pageReplacementModel;
