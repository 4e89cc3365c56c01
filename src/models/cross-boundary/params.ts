import type { NumberParamSpec, ParamSpec, ParamsOf } from '../types';
import { ASSUMED_VALUES, FITTED_VALUES } from './values';

/** The paper tables this model regenerates; `table` picks which one is shown and compared. */
export const CROSS_BOUNDARY_TABLES = [
  { value: 'doct-ipc', label: 'DOCT mixed mode: SM vs RPC (Sidwall, Kroeker)' },
  { value: 'mpe-catalog-modes', label: 'CATALOG read from NM, OCT, CM (Sieler §1.5)' },
  { value: 'mpe-ksam-modes', label: 'KSAM read from NM, OCT, CM (Sieler §1.5)' },
  { value: 'mpe-ascii-modes', label: 'ASCII intrinsic from NM, OCT, CM (Sieler §6)' },
  { value: 'mpe-ascii-clone', label: 'ASCII intrinsic vs NM clone (Sieler §6)' },
] as const;
export type CrossBoundaryTableId = (typeof CROSS_BOUNDARY_TABLES)[number]['value'];

/** The DOCT paper's tables, whose experiment the work per call is part of. */
const DOCT_PAPER_TABLES = ['doct-ipc', 'doct-claims'];

/**
 * The presets each knob moves a cell of, so it is shown only with them (tests/unit/
 * knob-shown.test.ts): the DOCT and configuration knobs only with the DOCT table; among the
 * MPE/iX tables, the OCT and CM slowdowns with those that run OCT or CM code, each mode
 * switch with those that make it (CATALOG's FREADs switch to NM, KSAM and ASCII to CM; the
 * ASCII clone replaces only the switch to CM).
 */
const DOCT_ONLY: CrossBoundaryTableId[] = ['doct-ipc'];
const OCT_CM_TABLES: CrossBoundaryTableId[] = [
  'mpe-catalog-modes',
  'mpe-ksam-modes',
  'mpe-ascii-modes',
];
const TO_NATIVE_TABLES: CrossBoundaryTableId[] = ['mpe-catalog-modes', 'mpe-ascii-modes'];
const TO_COMPAT_TABLES: CrossBoundaryTableId[] = [
  'mpe-ksam-modes',
  'mpe-ascii-modes',
  'mpe-ascii-clone',
];

/** A DOCT knob: shown with the DOCT table, and part of its experiment only. */
const doct = <S extends NumberParamSpec>(spec: S) =>
  ({ ...spec, shownFor: DOCT_ONLY, experimentOf: DOCT_PAPER_TABLES }) as const;

/**
 * Floors of the costs every run pays (tests/unit/invariants-cross-boundary.test.ts): each
 * side of a call between processes enters the kernel (a semaphore or socket call: hundreds of
 * cycles, so ≥ 0.1 µs on either machine), a start-up execs or binds (≥ 1 ms), and a direct
 * call is a few cycles (≥ 1 ns). At 0 a run would take no time at all.
 */
const KERNEL_SIDE_MIN_US = 0.1;
const STARTUP_MIN_S = 0.001;
const DIRECT_CALL_MIN_US = 0.001;

const num = <K extends string>(
  key: K,
  label: string,
  unit: string,
  group: string,
  min: number,
  max: number,
  step: number,
  def: number,
  scale: 'linear' | 'log' = 'linear',
  integer = false,
): NumberParamSpec & { key: K } => ({
  key,
  kind: 'number',
  label,
  unit,
  group,
  min,
  max,
  step,
  integer,
  default: def,
  scale,
});

/** A fitted value rounded to the slider's step, without binary-fraction residue (137.7, not 137.70000000000002). */
const r = (v: number, step: number) => {
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  return Number((Math.round(v / step) * step).toFixed(decimals));
};

export const CROSS_BOUNDARY_PARAMS = [
  {
    key: 'table',
    kind: 'enum',
    label: 'Paper table',
    group: 'Experiment',
    options: CROSS_BOUNDARY_TABLES,
    default: 'doct-ipc',
  },
  {
    ...num(
      'iterations',
      'Iterations',
      'calls',
      'Experiment',
      1,
      100_000_000,
      1,
      1_000_000,
      'log',
      true,
    ),
    // Only your configuration and the charts read it: the paper's columns fix their own counts.
    experimentOf: [],
    shownFor: DOCT_ONLY,
    // The paper's three columns.
    marks: [
      { value: 10_000, label: '10K calls, the paper’s first column' },
      { value: 100_000, label: '100K calls' },
      { value: 1_000_000, label: '1M calls' },
    ],
  },
  {
    ...num('workPerCallUs', 'Work per call', 'µs', 'Experiment', 0, 100_000, 0.1, 0, 'log'),
    experimentOf: DOCT_PAPER_TABLES,
    shownFor: DOCT_ONLY,
  },
  {
    key: 'transport',
    experimentOf: [],
    shownFor: DOCT_ONLY,
    kind: 'enum',
    label: 'Transport',
    group: 'Your configuration',
    options: [
      { value: 'SM', label: 'Shared memory' },
      { value: 'RPC', label: 'DCE RPC' },
      { value: 'direct', label: 'Direct call (monolithic)' },
    ],
    default: 'SM',
  },
  {
    key: 'clientRuns',
    experimentOf: [],
    shownFor: DOCT_ONLY,
    kind: 'enum',
    label: 'Client runs on',
    group: 'Your configuration',
    options: [
      { value: 'IPF', label: 'Itanium, native' },
      { value: 'PA', label: 'PA-RISC, native' },
    ],
    default: 'IPF',
  },
  {
    key: 'serverRuns',
    experimentOf: [],
    shownFor: DOCT_ONLY,
    kind: 'enum',
    label: 'Server runs on',
    group: 'Your configuration',
    options: [
      { value: 'IPF-doct', label: 'Itanium, under DOCT' },
      { value: 'PA', label: 'PA-RISC, native' },
      { value: 'IPF', label: 'Itanium, native (ported)' },
    ],
    default: 'IPF-doct',
  },
  {
    ...num(
      'octTranslationFactor',
      'OCT slowdown',
      '×',
      'MPE/iX worlds',
      1,
      50,
      0.01,
      r(FITTED_VALUES.octTranslationFactor, 0.01),
    ),
    shownFor: OCT_CM_TABLES,
  },
  {
    ...num(
      'cmEmulationFactor',
      'CM emulation slowdown',
      '×',
      'MPE/iX worlds',
      1,
      50,
      0.1,
      ASSUMED_VALUES.cmEmulationFactor,
    ),
    shownFor: OCT_CM_TABLES,
  },
  {
    ...num(
      'modeSwitchToNativeUs',
      'Switch CM → NM',
      'µs',
      'MPE/iX worlds',
      0,
      5000,
      0.1,
      r(FITTED_VALUES.modeSwitchToNativeUs, 0.1),
      'log',
    ),
    shownFor: TO_NATIVE_TABLES,
  },
  {
    ...num(
      'modeSwitchToCompatUs',
      'Switch NM → CM',
      'µs',
      'MPE/iX worlds',
      0,
      5000,
      0.1,
      r(FITTED_VALUES.modeSwitchToCompatUs, 0.1),
      'log',
    ),
    shownFor: TO_COMPAT_TABLES,
  },
  doct(
    num(
      'doctFactor',
      'DOCT slowdown',
      '×',
      'DOCT (Itanium)',
      1,
      20,
      0.1,
      ASSUMED_VALUES.doctFactor,
    ),
  ),
  {
    ...doct(
      num(
        'ipfComputeFactor',
        'Itanium compute time',
        '×',
        'DOCT (Itanium)',
        0.1,
        10,
        0.01,
        1,
        'log',
      ),
    ),
    // It scales the callee's work: nothing while there is none (the paper's benchmark).
    shownWhen: { key: 'workPerCallUs', above: 0 },
  },
  doct(
    num(
      'smSidePaUs',
      'SM side, PA',
      'µs',
      'Shared memory',
      KERNEL_SIDE_MIN_US,
      5000,
      0.1,
      r(FITTED_VALUES.smSidePaUs, 0.1),
      'log',
    ),
  ),
  doct(
    num(
      'smKernelIpfUs',
      'SM side, IPF kernel',
      'µs',
      'Shared memory',
      KERNEL_SIDE_MIN_US,
      5000,
      0.1,
      r(FITTED_VALUES.smKernelIpfUs, 0.1),
      'log',
    ),
  ),
  doct(
    num(
      'smUserIpfUs',
      'SM side, IPF user',
      'µs',
      'Shared memory',
      0,
      5000,
      0.01,
      r(FITTED_VALUES.smUserIpfUs, 0.01),
      'log',
    ),
  ),
  doct(
    num(
      'rpcSidePaUs',
      'RPC side, PA',
      'µs',
      'RPC',
      KERNEL_SIDE_MIN_US,
      10000,
      0.1,
      r(FITTED_VALUES.rpcSidePaUs, 0.1),
      'log',
    ),
  ),
  doct(
    num(
      'rpcKernelIpfUs',
      'RPC side, IPF kernel',
      'µs',
      'RPC',
      KERNEL_SIDE_MIN_US,
      10000,
      0.1,
      r(FITTED_VALUES.rpcKernelIpfUs, 0.1),
      'log',
    ),
  ),
  doct(
    num(
      'rpcMarshalUserIpfUs',
      'RPC side, IPF user',
      'µs',
      'RPC',
      0,
      10000,
      0.1,
      r(FITTED_VALUES.rpcUserIpfUs, 0.1),
      'log',
    ),
  ),
  doct(
    num(
      'networkHopUs',
      'Network hop',
      'µs',
      'RPC',
      0,
      100000,
      0.1,
      r(FITTED_VALUES.networkHopUs, 0.1),
      'log',
    ),
  ),
  doct(
    num(
      'smStartupS',
      'SM start-up',
      's',
      'Start-up',
      STARTUP_MIN_S,
      100,
      0.001,
      r(FITTED_VALUES.smStartupS, 0.001),
      'log',
    ),
  ),
  doct(
    num(
      'rpcStartupS',
      'RPC start-up',
      's',
      'Start-up',
      STARTUP_MIN_S,
      100,
      0.001,
      r(FITTED_VALUES.rpcStartupS, 0.001),
      'log',
    ),
  ),
  doct(
    num(
      'doctStartupS',
      'DOCT start-up',
      's',
      'Start-up',
      0,
      100,
      0.001,
      r(FITTED_VALUES.doctStartupS, 0.001),
      'log',
    ),
  ),
  doct(
    num(
      'directCallUs',
      'Direct call',
      'µs',
      'Start-up',
      DIRECT_CALL_MIN_US,
      10,
      0.001,
      ASSUMED_VALUES.directCallUs,
      'log',
    ),
  ),
] as const satisfies readonly ParamSpec[];

export const DEFAULTS: Record<string, number | string> = Object.fromEntries(
  CROSS_BOUNDARY_PARAMS.map((p) => [p.key, p.default]),
);

/** The typed parameters, derived from the declarations above (declared once). */
export type CrossBoundaryParams = ParamsOf<typeof CROSS_BOUNDARY_PARAMS>;
