import type { FoldPrediction } from '../../src/models/types';

/** A held-out cell as the scoreboard stores it: the prediction and its interval to 4 digits. */
export const r4 = (x: number) => Number(x.toPrecision(4));
export const cell = (c: FoldPrediction): FoldPrediction => ({
  ...c,
  model: r4(c.model),
  lo: r4(c.lo),
  hi: r4(c.hi),
});
