import { defineInfo } from '../define';
import { CROSS_BOUNDARY_PARAMS, type CrossBoundaryParams } from './params';

const preset = (id: CrossBoundaryParams['table'], title: string) => ({
  id,
  title,
  params: { table: id },
});

/** The model's declarations: all the main thread needs (no mechanism, see ../types.ts). */
export const crossBoundaryInfo = defineInfo({
  id: 'cross-boundary',
  version: 1,
  title: 'Cross-boundary calls: MPE/iX mode switches and DOCT mixed-mode IPC',
  paper: '002_d3a82526d29d5693.txt',
  summary:
    'A call that crosses into another execution world costs the caller’s side + the crossing + the callee’s side, each at its world’s speed ' +
    '(native, translated, emulated). Mode switches on MPE/iX; shared memory or DCE RPC between an Itanium program and a PA-RISC library under DOCT. ' +
    'Also runs the same benchmark between your page and Web Workers.',
  params: CROSS_BOUNDARY_PARAMS,
  presetParam: 'table',
  dragParam: 'workPerCallUs',
  sections: {
    Experiment: 'workload',
    'Your configuration': 'machine',
    'MPE/iX worlds': 'fitted',
    'DOCT (Itanium)': 'fitted',
    'Shared memory': 'fitted',
    RPC: 'fitted',
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
