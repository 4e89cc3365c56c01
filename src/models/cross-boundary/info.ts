import { defineInfo } from '../define';
import type { RawParams } from '../types';
import { CROSS_BOUNDARY_PARAMS, type CrossBoundaryParams } from './params';

/**
 * v1 → v2: the costs every run pays got physical floors (a kernel entry per side, a start-up,
 * a direct call: params.ts). A v1 link below one keeps working at the floor; the parser says
 * results may differ from the older version.
 */
const FLOORED_IN_V2 = new Set([
  'smSidePaUs',
  'smKernelIpfUs',
  'rpcSidePaUs',
  'rpcKernelIpfUs',
  'smStartupS',
  'rpcStartupS',
  'directCallUs',
]);

function raiseToFloors(params: RawParams): Map<string, string> {
  const out = new Map(params);
  for (const spec of CROSS_BOUNDARY_PARAMS) {
    if (spec.kind !== 'number' || !FLOORED_IN_V2.has(spec.key)) continue;
    const text = params.get(spec.key);
    // Only a plain decimal in [0, floor): anything else is left for the parser to report.
    if (text === undefined || !/^\+?(?:\d+(?:\.\d*)?|\.\d+)(?:e-?\d+)?$/i.test(text.trim()))
      continue;
    const x = Number(text);
    if (x >= 0 && x < spec.min) out.set(spec.key, String(spec.min));
  }
  return out;
}

const preset = (id: CrossBoundaryParams['table'], title: string) => ({
  id,
  title,
  params: { table: id },
});

/** The model's declarations: all the main thread needs (no mechanism, see ../types.ts). */
export const crossBoundaryInfo = defineInfo({
  id: 'cross-boundary',
  version: 2,
  title: 'Cross-boundary calls: MPE/iX mode switches and DOCT mixed-mode IPC',
  paper: '002_d3a82526d29d5693.txt',
  summary:
    'A call that crosses into another execution world costs the caller’s side + the crossing + the callee’s side, each at its world’s speed ' +
    '(native, translated, emulated). Mode switches on MPE/iX; shared memory or DCE RPC between an Itanium program and a PA-RISC library under DOCT. ' +
    'Also runs the same benchmark between your page and Web Workers.',
  params: CROSS_BOUNDARY_PARAMS,
  presetParam: 'table',
  migrations: { 1: raiseToFloors },
  dragParam: 'workPerCallUs',
  sections: {
    Experiment: 'workload',
    'Your configuration': 'machine',
    'MPE/iX worlds': 'fitted',
    'DOCT (Itanium)': 'fitted',
    // The call overheads (µs per call) are the knob the app is about: in view, not folded
    // away with the other fitted constants, though they were fitted too (their docs say to what).
    'Shared memory': 'machine',
    RPC: 'machine',
    'Start-up': 'fitted',
  },
  presets: [
    preset('doct-ipc', 'DOCT mixed mode: shared memory vs RPC, 10K–1M calls'),
    preset('mpe-catalog-modes', 'CATALOG.PUB.SYS read from NM, OCT and CM programs'),
    preset('mpe-ksam-modes', 'KSAM file read from NM, OCT and CM programs'),
    preset('mpe-ascii-modes', 'ASCII intrinsic called from NM, OCT and CM'),
    preset('mpe-ascii-clone', 'ASCII intrinsic versus a Native Mode clone'),
  ],
});
