/**
 * The directory search on this machine. The paper's model charges each search DMKUDR's
 * instructions (src/models/directory-search: page checks, entries compared, binary probes)
 * at one cost per instruction. Calibration: the linear search of the unsorted directory,
 * timed here (src/models/directory-search/live.ts) and repeated, gives this machine's ns per
 * modelled instruction. Prediction: the sorted directory's linear and binary searches, ns per
 * search = that cost × the model's instructions for each.
 */
import { directorySearchModel } from '../../models/directory-search';
import { timeDirectorySearches } from '../../models/directory-search/live';
import { simulateDirectorySearch } from '../../models/directory-search/simulate';
import { draft, geomean, sdLog, spreadOfNew } from '../interval';
import { fmt, type ClaimDef, type RunSize } from './claim';
import { CLAIM_META } from './meta';
import { directoryPaperLine } from '../paperLines';

export interface DirectoryEnv {
  clock?: () => number;
}

/**
 * The model's form, declared (not fitted): one cost per modelled instruction carries from the
 * linear scan to the binary descent only roughly (a JIT's compare loop against a branchy
 * descent; a 370's instruction against a JavaScript one), sd 0.35 on the log scale (±100 %
 * at 95 %).
 */
export const DIRECTORY_MODEL_SD = 0.35;

const PREDICTED = ['sortedLinear', 'sortedBinary'] as const;
const REPEATS: Record<RunSize, number> = { test: 2, short: 3, full: 3 };

const params = () => directorySearchModel.paramsOf({});

export const directoryClaim: ClaimDef<DirectoryEnv> = {
  id: 'directory',
  ...CLAIM_META.directory,
  async calibrate(env, size) {
    const clock = env.clock ?? (() => performance.now());
    const t0 = clock();
    const p = params();
    const model = simulateDirectorySearch(p).searches;
    const ns: number[] = [];
    for (let r = 0; r < REPEATS[size]; r++) {
      const res = await timeDirectorySearches(p, {
        rounds: 1,
        minBatchMs: size === 'test' ? 1 : 4,
        targets: 1024,
        clock,
      });
      ns.push(res.rows.find((x) => x.key === 'unsortedLinear')!.nsPerSearch);
    }
    const perInstr = ns.map((x) => x / model.unsortedLinear.avgInstructions);
    return {
      claim: 'directory',
      constants: {
        nsPerInstruction: geomean(perInstr),
        unsortedLinearNs: geomean(ns),
        spreadSd: sdLog(ns),
      },
      repeats: ns.length,
      elapsedMs: clock() - t0,
    };
  },
  predict(c) {
    const model = simulateDirectorySearch(params()).searches;
    return PREDICTED.map((key) =>
      draft({
        quantity: key,
        label: `ns per search, ${model[key].label}`,
        unit: 'ns',
        value: c.constants.nsPerInstruction! * model[key].avgInstructions,
        spreadSd: spreadOfNew(c.constants.spreadSd!, c.repeats),
        modelSd: DIRECTORY_MODEL_SD,
      }),
    );
  },
  async measure(env, _c, size) {
    const res = await timeDirectorySearches(params(), {
      rounds: size === 'full' ? 9 : 5,
      minBatchMs: size === 'test' ? 1 : 10,
      clock: env.clock,
    });
    const out: Record<string, number> = {};
    for (const r of res.rows)
      if ((PREDICTED as readonly string[]).includes(r.key)) out[r.key] = r.nsPerSearch;
    out.unsortedLinear = res.rows.find((r) => r.key === 'unsortedLinear')!.nsPerSearch;
    return out;
  },
  outcome(c, predicted, measured) {
    const base = measured?.unsortedLinear ?? c.constants.unsortedLinearNs!;
    const saving = (key: string) => {
      const m = measured?.[key];
      const p = predicted.find((x) => x.quantity === key)?.value ?? NaN;
      const v = m ?? p;
      return `${fmt((100 * (base - v)) / base, 2)} %${m === undefined ? ' (predicted)' : ''}`;
    };
    return {
      paper: directoryPaperLine(),
      here: `On this machine sorting saves ${saving('sortedLinear')} of a search and binary search ${saving('sortedBinary')}, against the unsorted directory’s ${fmt(base)} ns.`,
    };
  },
};
