import type { ParamSpec, ParamsOf } from '../types';
import { FITTED_VALUES } from './values';

/** The paper tables this model regenerates; the `table` parameter picks which one is compared. */
/** The tables read from disc: CATALOG.PUB.SYS is memory resident, no disc or fault cost moves it. */
const FROM_DISC = ['mpe-sl-seq', 'mpe-nl-seq', 'mpe-sl-postscript'];

export const FILE_ACCESS_TABLES = [
  { value: 'mpe-sl-seq', label: 'SL.PUB.SYS sequential read (§1.3)' },
  { value: 'mpe-catalog-resident', label: 'CATALOG.PUB.SYS memory resident (§1.4)' },
  { value: 'mpe-nl-seq', label: 'NL.PUB.SYS sequential read — prediction (§1.3)' },
  { value: 'mpe-sl-postscript', label: 'SL.PUB.SYS, modified prefetch — Postscript' },
] as const;

export type FileAccessTableId = (typeof FILE_ACCESS_TABLES)[number]['value'];

/** A CPU cost (µs, fitted): on a log slider from 0 to 100,000 µs unless its entry says. */
const cpuCost = <K extends keyof typeof FITTED_VALUES>(key: K) =>
  ({
    key,
    kind: 'number',
    unit: 'µs',
    group: 'CPU costs',
    min: 0,
    max: 100_000,
    integer: false,
    scale: 'log',
    default: FITTED_VALUES[key],
  }) as const;

/** A disc time (ms, fitted, shown only for the tables read from disc), on a log slider. */
const discTime = <K extends keyof typeof FITTED_VALUES>(key: K) =>
  ({
    key,
    shownFor: FROM_DISC,
    kind: 'number',
    unit: 'ms',
    group: 'Disc',
    min: 0,
    step: 0.01,
    integer: false,
    scale: 'log',
    default: FITTED_VALUES[key],
  }) as const;

/**
 * Every parameter of the file-access model, declared once: units, ranges and defaults (the
 * docs are in ./docs.ts). Labels, permalink validation and CLI messages all come from here.
 * Defaults of the CPU and disc constants are the fitted values (./values.ts, ./constants.ts).
 */
export const FILE_ACCESS_PARAMS = [
  {
    key: 'table',
    kind: 'enum',
    label: 'Paper table',
    group: 'Experiment',
    options: FILE_ACCESS_TABLES,
    default: 'mpe-sl-seq',
  },
  {
    key: 'records',
    kind: 'number',
    label: 'Records in file',
    unit: 'records',
    group: 'File',
    min: 1,
    max: 2_000_000,
    step: 1,
    integer: true,
    default: 89_867,
    scale: 'log',
  },
  {
    key: 'recordBytes',
    kind: 'number',
    label: 'Record size',
    unit: 'B',
    group: 'File',
    min: 1,
    max: 32_768,
    step: 1,
    integer: true,
    default: 256,
    scale: 'log',
  },
  {
    key: 'logicalPageBytes',
    kind: 'number',
    label: 'Logical page size',
    unit: 'B',
    group: 'File',
    min: 512,
    max: 65_536,
    step: 512,
    integer: true,
    default: 4096,
    scale: 'pow2',
  },
  {
    key: 'physicalPageBytes',
    shownFor: FROM_DISC,
    kind: 'number',
    label: 'Physical page size',
    unit: 'B',
    group: 'File',
    min: 512,
    max: 65_536,
    step: 512,
    integer: true,
    default: 2048,
    scale: 'pow2',
  },
  {
    key: 'residentPct',
    kind: 'number',
    label: 'Already in memory',
    unit: '%',
    group: 'File',
    min: 0,
    max: 100,
    step: 0.1,
    integer: false,
    default: FITTED_VALUES.residentPct,
  },
  {
    key: 'seed',
    seed: true,
    shownWhen: { key: 'residentPct', above: 0 },
    shownFor: FROM_DISC,
    kind: 'number',
    label: 'Random seed',
    unit: '',
    group: 'File',
    min: 0,
    max: 2_147_483_647,
    step: 1,
    integer: true,
    default: 1,
  },
  {
    key: 'readAheadPages',
    shownFor: FROM_DISC,
    kind: 'number',
    label: 'File-system read-ahead',
    unit: 'pages',
    group: 'Prefetch',
    min: 1,
    max: 256,
    step: 1,
    integer: true,
    default: FITTED_VALUES.readAheadPages,
    scale: 'log',
  },
  {
    key: 'seekEveryRecords',
    kind: 'number',
    label: 'FREADSEEK every',
    unit: 'records',
    group: 'Prefetch',
    min: 1,
    max: 100_000,
    step: 1,
    integer: true,
    default: 4,
    scale: 'log',
  },
  {
    key: 'prefetchDistanceRecords',
    // A memory-resident file (CATALOG) is there however far ahead FREADSEEK points.
    shownFor: FROM_DISC,
    kind: 'number',
    label: 'Prefetch distance',
    unit: 'records',
    group: 'Prefetch',
    min: 0,
    max: 100_000,
    step: 1,
    integer: true,
    default: 4,
    scale: 'log',
    marks: [
      { value: 4, label: '§1.3' },
      { value: 128, label: 'Postscript' },
    ],
  },
  {
    key: 'prefetchPages',
    kind: 'number',
    label: 'Prefetch size',
    unit: 'pages',
    group: 'Prefetch',
    min: 1,
    max: 256,
    step: 1,
    integer: true,
    default: 8,
    scale: 'log',
  },
  {
    key: 'seekCallPages',
    kind: 'number',
    label: 'Pages per FREADSEEK call',
    unit: 'pages',
    group: 'Prefetch',
    min: 1,
    max: 256,
    step: 1,
    integer: true,
    scale: 'log',
    default: FITTED_VALUES.seekCallPages,
  },
  {
    ...discTime('discShortSeekMs'),
    label: 'Disc seek, next blocks',
    max: 200,
  },
  {
    ...discTime('discSeekMs'),
    label: 'Disc seek, average',
    max: 200,
  },
  {
    ...discTime('discRotationMs'),
    label: 'Disc rotational latency',
    max: 100,
  },
  {
    ...discTime('discTransferMsPerKB'),
    label: 'Disc transfer, per KB',
    min: 0.001,
    max: 100,
    step: 0.001,
  },
  {
    ...cpuCost('cpuMappedUsPerRecord'),
    label: 'Mapped access, per record',
    step: 0.01,
  },
  {
    ...cpuCost('cpuFreadDirUsPerRecord'),
    label: 'FREADDIR call, per record',
    step: 0.01,
  },
  {
    ...cpuCost('cpuFreadUsPerRecord'),
    label: 'FREAD call, per record',
    step: 0.01,
  },
  {
    ...cpuCost('cpuMoveUsPerByte'),
    label: 'Move, per byte',
    max: 100,
    step: 0.0001,
  },
  {
    ...cpuCost('cpuFaultUs'),
    shownFor: FROM_DISC,
    label: 'Page-fault trap',
    step: 1,
  },
  {
    ...cpuCost('cpuIoRequestUs'),
    shownFor: FROM_DISC,
    label: 'Disc request',
    step: 1,
  },
  {
    ...cpuCost('cpuPageInUsPerFrame'),
    shownFor: FROM_DISC,
    label: 'Page in, per frame',
    step: 1,
  },
  {
    ...cpuCost('cpuSeekCallUs'),
    label: 'FREADSEEK call',
    step: 0.1,
  },
] as const satisfies readonly ParamSpec[];

/** The typed parameters, derived from the declarations above (declared once). */
export type FileAccessParams = ParamsOf<typeof FILE_ACCESS_PARAMS>;
