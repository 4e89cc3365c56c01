import type { Uncertainty } from '../../src/models/uncertainty';

/** An uncertainty as a fit script prints it for pasting into constants.ts (4–5 digits). */
export function uncertaintyJson(u: Uncertainty): string {
  return JSON.stringify({
    ...u,
    covariance: u.covariance.map((row) => row.map((v) => Number(v.toPrecision(5)))),
    residualRelSd: Number(u.residualRelSd.toPrecision(4)),
    k: Number(u.k.toPrecision(4)),
  });
}
