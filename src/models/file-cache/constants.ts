import { FITTED_VALUES } from './values';
/**
 * Fitted constants of the file-cache model — the only place they live.
 *
 * Two fits. The mixed-mode disc latency below is fitted to the one “32×” cell. The benchmark
 * constants (paPathWeight … mmapOneCpuRatio, see benchmarks.ts for the mechanism) are fitted
 * jointly by src/models/file-cache/tools/fit.ts to the 4- and 8-way cells only; the 64-way cells are the
 * leave-out prediction. Values are rounded to the parameters' step so a permalink keeps them.
 *
 * The paper (seed 001, “Mixed mode application”) gives one number for the mechanism: 11i v3 is
 * “32x faster” than 11i v2 for a small program that reads through a mapping immediately after
 * a write(). It gives no block size, disc or memory speeds. Every other default in params.ts is
 * a stated assumption about a 2007 HP Integrity server; exactly one constant is then fitted to
 * that one cell, so the model reproduces the 32× by construction — what it adds is how the
 * figure moves when the assumptions do (the sensitivity rows and the chart).
 */
/**
 * The coherency κ of Gunther's Universal Scalability Law (benchmarks.ts), a prior — not a fit:
 * the paper's 4- and 8-way cells move by under 1 % for any κ below about 10⁻³, so they cannot
 * pin it. Order of magnitude from USL fits of multiprocessor benchmarks up to 64 CPUs in N. J.
 * Gunther, Guerrilla Capacity Planning (Springer, 2007), ch. 5–6: κ of about 10⁻⁴ (a
 * ray-tracing benchmark on a 64-processor SGI Origin 2000 is the worked example there). Not
 * measured on these machines or these kernels, hence one decade either way as one standard
 * deviation of ln κ: the 90 % range is about 2 × 10⁻⁶ to 5 × 10⁻³.
 */
export const COHERENCY_PRIOR = {
  /** κ's median, in parts per million (κ × 10⁶). */
  medianPpm: 100,
  /** Standard deviation of ln κ: one decade. */
  sdLog: Math.LN10,
} as const;

export interface Fitted {
  value: number;
  unit: string;
  fittedTo: string;
}

export const FITTED = {
  discWriteLatencyMs: {
    value: FITTED_VALUES.discWriteLatencyMs,
    unit: 'ms',
    fittedTo:
      'ufc-mixed-mode speedup_x = 32 (the only cell), given 64 KB blocks, 4 KB pages, 80 MB/s disc transfer, 1,000 MB/s memory copy, 2 µs per translation, 5 µs per system call. A write into a disc array’s write cache plus the driver path; a bare 10k rpm disc would take 5–8 ms (and give ~70×).',
  },
  paPathWeight: {
    value: FITTED_VALUES.paPathWeight,
    unit: '×',
    fittedTo:
      'every PA calibration cell against its IA twin: the 4- and 8-way cells (IA and PA) of SDET, iozone scale, unmount, PostMark, iozone -az and iozone mmap (the three single-process tables pin it best: PA’s gain or loss is consistently ~0.9 of IA’s in share of the operation).',
  },
  lockSharePct: {
    value: FITTED_VALUES.lockSharePct,
    unit: '%',
    fittedTo:
      'the 4- and 8-way cells (IA and PA) of ufc-sdet and ufc-iozone-scale (children and parent); ± 150 % in ratio (log standard error 1.49): the rise from 4 to 8 CPUs pins σ only together with φ.',
  },
  v3LockKeptPct: {
    value: FITTED_VALUES.v3LockKeptPct,
    unit: '%',
    fittedTo:
      'the 4- and 8-way cells (IA and PA) of ufc-sdet, ufc-iozone-scale and ufc-unmount; logit standard error 0.81 (roughly 15–65 %).',
  },
  paLockScale: {
    value: FITTED_VALUES.paLockScale,
    unit: '×',
    fittedTo:
      'the PA 4- and 8-way cells of ufc-sdet, ufc-iozone-scale and ufc-unmount against the IA ones; log standard error 0.83.',
  },
  sdetOneCpuRatio: {
    value: FITTED_VALUES.sdetOneCpuRatio,
    unit: '×',
    fittedTo: 'the 4- and 8-way cells (IA and PA) of ufc-sdet (with σ, φ, s).',
  },
  iozoneOneCpuRatio: {
    value: FITTED_VALUES.iozoneOneCpuRatio,
    unit: '×',
    fittedTo: 'the 4- and 8-way cells (IA and PA) of ufc-iozone-scale, children and parent.',
  },
  iozoneParentFactor: {
    value: FITTED_VALUES.iozoneParentFactor,
    unit: '×',
    fittedTo:
      'the 4- and 8-way cells (IA and PA) of ufc-iozone-scale: parent ÷ children of the v3 ÷ v2 ratio (0.60–0.72 in every cell).',
  },
  unmountOneCpuRatio: {
    value: FITTED_VALUES.unmountOneCpuRatio,
    unit: '×',
    fittedTo: 'the 4- and 8-way cells (IA and PA) of ufc-unmount.',
  },
  unmountGrowthPct: {
    value: FITTED_VALUES.unmountGrowthPct,
    unit: '%',
    fittedTo:
      'the 4- and 8-way cells (IA and PA) of ufc-unmount; poorly pinned (log standard error 1.72), which is why the unmount 64-way intervals are wide.',
  },
  coherencyPpm: {
    value: FITTED_VALUES.coherencyPpm,
    unit: 'ppm',
    fittedTo:
      'not pinned by any cell: the 4- and 8-way cells change by under 1 % for any κ below 10⁻³, so the fit returns the prior (COHERENCY_PRIOR, about 10⁻⁴, one decade either way): log standard error 2.30, the prior’s own. Applies to the lock tables (SDET, iozone scale) on both platforms.',
  },
  postmarkOneCpuRatio: {
    value: FITTED_VALUES.postmarkOneCpuRatio,
    unit: '×',
    fittedTo: 'the four cells of ufc-postmark (IA and PA, 4- and 8-way).',
  },
  azOneCpuRatio: {
    value: FITTED_VALUES.azOneCpuRatio,
    unit: '×',
    fittedTo: 'the four cells of ufc-iozone-az.',
  },
  mmapOneCpuRatio: {
    value: FITTED_VALUES.mmapOneCpuRatio,
    unit: '×',
    fittedTo: 'the four cells of ufc-iozone-mmap.',
  },
} as const satisfies Record<string, Fitted>;

/**
 * The benchmark fit's uncertainty, for the prediction intervals (benchmarks.ts,
 * `predictionInterval`). From `npm run fit -- file-cache`: joint Levenberg–Marquardt on
 * ln(model ÷ paper) of the v3 ÷ v2 ratio over the 28 calibration cells — the 4- and 8-way cells
 * of ufc-sdet, ufc-iozone-scale (children and parent), ufc-unmount, ufc-postmark, ufc-iozone-az
 * and ufc-iozone-mmap, IA and PA. The six 64-way cells per platform of SDET, iozone scale and
 * unmount were not seen. Covariance s²·(JᵀJ)⁻¹ in the fit's coordinates (FIT_KEYS order: log of
 * ratios, shares, weights and κ; logit of v3LockKeptPct), with κ's prior as one more row;
 * 16 degrees of freedom (28 cells less the 12 parameters the cells pin; the prior pays for κ).
 */
export const BENCH_UNCERTAINTY = {
  calibrationCells: 28,
  dof: 16,
  /** Residual standard deviation of ln(model ÷ paper): about ±11 % per cell. */
  residualSdLog: 0.108586,
  /** t(0.95, 16): the half-width multiplier of a two-sided 90 % interval. */
  t90: 1.74588,
  covariance: [
    [
      0.00443, 0.0402839, 0.0034711, 0.00289236, -0.00150644, -0.0029802, -0.000187163, 0.00197632,
      -0.00332236, 0.000231506, 0.000326487, -0.000700333, -0.0025925,
    ],
    [
      0.0402839, 2.21164, 0.189671, -0.042227, -0.0787911, -0.0990175, 0.00421528, 0.031878,
      0.0999166, 0.0346619, 0.00296888, -0.00636843, -0.0235747,
    ],
    [
      0.0034711, 0.189671, 0.653509, -0.513005, 0.00537208, 0.00420932, 0.000157367, 0.105913,
      0.423007, -0.000656467, 0.000255816, -0.000548741, -0.00203133,
    ],
    [
      0.00289236, -0.042227, -0.513005, 0.685229, -0.00997288, -0.0109406, -0.000517946, -0.136986,
      -0.209244, 0.00123765, 0.000213164, -0.000457249, -0.00169265,
    ],
    [
      -0.00150644, -0.0787911, 0.00537208, -0.00997288, 0.00630887, 0.00380169, -0.000146841,
      0.00114689, 0.00362167, -0.000476669, -0.000111023, 0.00023815, 0.000881587,
    ],
    [
      -0.0029802, -0.0990175, 0.00420932, -0.0109406, 0.00380169, 0.00852397, -0.0032715,
      0.000490519, 0.00471612, -0.000593929, -0.000219637, 0.000471135, 0.00174405,
    ],
    [
      -0.000187163, 0.00421528, 0.000157367, -0.000517946, -0.000146841, -0.0032715, 0.00587415,
      -3.41436e-6, 0.000266049, 2.44777e-5, -1.37937e-5, 2.95883e-5, 0.00010953,
    ],
    [
      0.00197632, 0.031878, 0.105913, -0.136986, 0.00114689, 0.000490519, -3.41436e-6, 0.160756,
      -0.538567, -0.000116585, 0.000145653, -0.000312434, -0.00115657,
    ],
    [
      -0.00332236, 0.0999166, 0.423007, -0.209244, 0.00362167, 0.00471612, 0.000266049, -0.538567,
      2.94681, -0.000521966, -0.000244854, 0.000525226, 0.00194429,
    ],
    [
      0.000231506, 0.0346619, -0.000656467, 0.00123765, -0.000476669, -0.000593929, 2.44777e-5,
      -0.000116585, -0.000521966, 5.3018, 1.70618e-5, -3.65985e-5, -0.000135481,
    ],
    [
      0.000326487, 0.00296888, 0.000255816, 0.000213164, -0.000111023, -0.000219637, -1.37937e-5,
      0.000145653, -0.000244854, 1.70618e-5, 0.00322795, -5.16138e-5, -0.000191064,
    ],
    [
      -0.000700333, -0.00636843, -0.000548741, -0.000457249, 0.00023815, 0.000471135, 2.95883e-5,
      -0.000312434, 0.000525226, -3.65985e-5, -5.16138e-5, 0.00346359, 0.000409844,
    ],
    [
      -0.0025925, -0.0235747, -0.00203133, -0.00169265, 0.000881587, 0.00174405, 0.00010953,
      -0.00115657, 0.00194429, -0.000135481, -0.000191064, 0.000409844, 0.00516819,
    ],
  ],
} as const;
