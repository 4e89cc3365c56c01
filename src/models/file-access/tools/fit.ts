/**
 * Calibrates the file-access model's constants (src/models/file-access/constants.ts) and
 * validates them by leaving calibration cells out.
 *
 *   npm run fit -- file-access              fit, covariance, per-cell errors
 *   npm run fit -- file-access --quick      the read-ahead profiled over 14–17 only
 *   npm run fit -- file-access --leave-out  also: refit without each group, predict it
 *   npm run fit -- file-access --all-tables also: fit all four tables the paper prints
 *                                                   (SL, CATALOG, NL, the Postscript), the
 *                                                   between-experiment term estimated from them,
 *                                                   and leave each table out of the other three
 *
 * Fits the CPU and elapsed cells of the two calibration tables, mpe-sl-seq and
 * mpe-catalog-resident (20 cells), by Levenberg–Marquardt on the relative error per cell,
 * divided by the cells' residual scatter. Nothing else is seen: NL.PUB.SYS and the
 * Postscript's re-measured rows (released 26 Nov 2026) are predicted, out of sample.
 *
 * Parameters the cells cannot separate are held by priors from stated facts (PRIORS below:
 * the era's disc transfer rates, the paper's "30 milliseconds to read data from disc", its
 * first guess of 4 pages per file-system read) rather than left to drift to a bound; with the
 * cells in the fit the data dominate every prior but the transfer time's, which they do not
 * pin. The posterior covariance, (JᵀJ)⁻¹ of the standardized residuals and prior terms at the
 * optimum, is what the model turns into prediction intervals (src/models/file-access/
 * uncertainty.ts). The read-ahead is an integer and is profiled: each value is fitted and
 * the best (data + prior) wins. Copying the output into constants.ts is a reviewed step.
 */
import { FIT_KEYS } from '../constants';
import { tQuantile } from '../../fit';
import type { PublishedTables } from '../../types';
import { ALL_TABLES, betweenTableSd, calibrationCells, fitFileAccess, modelCells } from './fit-lib';
import { LEAVE_OUT_GROUPS, TABLE_FOLD_READ_AHEADS, leaveOut, leaveTableOut } from './fit-leave-out';

export * from './fit-lib';
export * from './fit-leave-out';

function fmt(x: number, digits = 4): string {
  return Number(x.toPrecision(digits)).toString();
}

/** `npm run fit -- file-access [flags]`: `tables`, the papers' tables (scripts/fit.ts). */
export function main(tables: PublishedTables, flags: readonly string[]): void {
  const log = (l: string) => console.log(l);
  log('Joint fit of mpe-sl-seq and mpe-catalog-resident (CPU and elapsed):');
  // --quick: the read-ahead profiled around the best only (the full grid lands on 15 or 16).
  const quick = flags.includes('--quick');
  const fit = fitFileAccess(tables, { log, ...(quick ? { readAheads: [14, 15, 16, 17] } : {}) });
  const sd = FIT_KEYS.map((_, i) => Math.sqrt(fit.covariance[i]![i]!));
  log(`\nBest read-ahead: ${fit.readAhead} pages`);
  log(
    `Residual relative sd s = ${fmt(fit.s, 3)} on ${fit.dof} dof; k(95 %) = ${fmt(tQuantile(0.95, fit.dof), 3)}`,
  );
  for (const [i, k] of FIT_KEYS.entries())
    log(`  ${k.padEnd(24)} ${fmt(fit.theta[k]).padStart(10)}  ± ${fmt(sd[i]!, 3)}`);
  log('\nCorrelations:');
  for (const [i, k] of FIT_KEYS.entries())
    log(
      `  ${k.padEnd(24)} ` +
        FIT_KEYS.map((_, j) =>
          (fit.covariance[i]![j]! / (sd[i]! * sd[j]!)).toFixed(2).padStart(6),
        ).join(''),
    );
  log('\nCovariance (paste into constants.ts):');
  log(JSON.stringify(fit.covariance.map((row) => row.map((v) => Number(v.toPrecision(5))))));
  log('\nPer-cell relative errors:');
  for (const [i, c] of fit.cells.entries())
    log(
      `  ${c.table.padEnd(22)} ${c.row.padEnd(22)} ${c.column.padEnd(11)} ${(fit.relErrors[i]! * 100).toFixed(2).padStart(7)} %`,
    );

  if (flags.includes('--all-tables')) {
    const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
    log('\nAll four tables (SL, CATALOG, NL, the Postscript’s modified program):');
    const all = fitFileAccess(tables, {
      tables: ALL_TABLES,
      readAheads: TABLE_FOLD_READ_AHEADS,
      start: fit.theta,
      log,
    });
    const b = betweenTableSd(all.cells, modelCells(all.cells, all.theta, all.readAhead));
    log(`Read-ahead ${all.readAhead}; residual relative sd ${pct(all.s)} on ${all.dof} dof`);
    for (const k of FIT_KEYS) log(`  ${k.padEnd(24)} ${fmt(all.theta[k]).padStart(10)}`);
    log(
      `Between-experiment term (method of moments over the tables): ${pct(b.sd)}; within-table ${pct(b.withinSd)}`,
    );
    for (const t of b.tables)
      log(
        `  ${t.table.padEnd(22)} ${t.cells} cells, mean ln(model/paper) ${pct(t.meanLogResidual)}`,
      );
    log('Per-cell relative errors (all four tables):');
    for (const [i, c] of all.cells.entries())
      log(
        `  ${c.table.padEnd(22)} ${c.row.padEnd(26)} ${c.column.padEnd(11)} ${(all.relErrors[i]! * 100).toFixed(2).padStart(7)} %`,
      );
    log('\nBetween without each table (BETWEEN_WITHOUT in constants.ts), with the fit above:');
    for (const t of ALL_TABLES) {
      const cells = calibrationCells(
        tables,
        ALL_TABLES.filter((x) => x !== t),
      );
      const w = betweenTableSd(cells, modelCells(cells, fit.theta, fit.readAhead));
      const rel = Math.sqrt(Math.expm1(w.sd ** 2));
      log(
        `  '${t}': ${fmt(rel, 3)}, // ` +
          w.tables.map((x) => `${x.table} ${pct(x.meanLogResidual)}`).join(', '),
      );
    }
    log('\nOne table out of four: fit the other three, predict it (95 %, between term estimated):');
    for (const t of ALL_TABLES) {
      const r = leaveTableOut(tables, t, fit.theta);
      log(
        `\n${r.group}: read-ahead ${r.readAhead}, between ${pct(r.between.sd)}; median |err| ${r.medianAbsErrorPct.toFixed(1)} %, max ${r.maxAbsErrorPct.toFixed(1)} %; ${r.inside} of ${r.cells.length} inside`,
      );
      for (const c of r.cells)
        log(
          `  ${c.row.padEnd(26)} ${c.column.padEnd(11)} model ${fmt(c.model, 5).padStart(8)} (${fmt(c.interval[0], 3)}–${fmt(c.interval[1], 3)}) paper ${c.paper} (${c.errorPct.toFixed(1)} %) ${c.inside ? 'inside' : 'OUTSIDE'}`,
        );
    }
  }

  if (flags.includes('--leave-out')) {
    log('\nLeave-out: refit without each group, predict it (95 % intervals):');
    for (const g of LEAVE_OUT_GROUPS) {
      const r = leaveOut(tables, g, fit.theta);
      log(
        `\n${r.group}: read-ahead ${r.readAhead}; median |err| ${r.medianAbsErrorPct.toFixed(1)} %, max ${r.maxAbsErrorPct.toFixed(1)} %; ${r.inside} of ${r.cells.length} inside`,
      );
      for (const c of r.cells)
        log(
          `  ${c.row.padEnd(22)} ${c.column.padEnd(11)} model ${fmt(c.model, 5).padStart(8)} (${fmt(c.interval[0], 3)}–${fmt(c.interval[1], 3)}) paper ${c.paper} (${c.errorPct.toFixed(1)} %) ${c.inside ? 'inside' : 'OUTSIDE'}`,
        );
    }
  }
}
