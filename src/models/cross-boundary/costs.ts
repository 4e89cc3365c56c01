import { ASSUMED, FITTED } from './constants';
import type { IpcCosts } from './simulate';
import type { MpeParams } from './mpe';
import { CROSS_BOUNDARY_PARAMS, type CrossBoundaryParams } from './params';

/** Declared minimum of each number knob, under its IpcCosts name too (rpcUserIpfUs). */
const MINS = new Map<string, number>(
  CROSS_BOUNDARY_PARAMS.flatMap((s) => (s.kind === 'number' ? [[s.key, s.min] as const] : [])),
);
MINS.set('rpcUserIpfUs', MINS.get('rpcMarshalUserIpfUs')!);

/**
 * The lowest value an uncertain constant may take when the intervals perturb it: its knob's
 * declared floor (a slow-down factor 1, a kernel entry 0.1 µs, …); 0 for a fitted cost with
 * no knob, 1 for a factor.
 */
export const minOf = (key: string): number => MINS.get(key) ?? (key.endsWith('Factor') ? 1 : 0);

/** The MPE/iX costs: the draggable factors and switches, plus the fitted per-intrinsic costs. */
export function mpeParamsOf(p: CrossBoundaryParams): MpeParams {
  const v = (k: keyof typeof FITTED) => FITTED[k].value;
  return {
    octTranslationFactor: p.octTranslationFactor,
    cmEmulationFactor: p.cmEmulationFactor,
    modeSwitchToNativeUs: p.modeSwitchToNativeUs,
    modeSwitchToCompatUs: p.modeSwitchToCompatUs,
    mappedUsPerRecord: v('mappedUsPerRecord'),
    freadDirCallerUs: v('freadDirCallerUs'),
    freadDirCalleeUs: v('freadDirCalleeUs'),
    freadCallerUs: v('freadCallerUs'),
    freadCalleeUs: v('freadCalleeUs'),
    freadSeekCallerUs: v('freadSeekCallerUs'),
    freadSeekCalleeUs: v('freadSeekCalleeUs'),
    ksamCallerUs: v('ksamCallerUs'),
    ksamCalleeUs: v('ksamCalleeUs'),
    asciiCallerUs: v('asciiCallerUs'),
    asciiCalleeUs: v('asciiCalleeUs'),
    asciiCloneUs: v('asciiCloneUs'),
    elapsedOverheadPct: v('elapsedOverheadPct'),
    asciiCalls: v('asciiCalls'),
    catalogRecords: ASSUMED.catalogRecords.value,
    seekEveryRecords: ASSUMED.seekEveryRecords.value,
    ksamRecords: ASSUMED.ksamRecords.value,
  };
}

export function ipcCostsOf(p: CrossBoundaryParams): IpcCosts {
  return {
    smStartupS: p.smStartupS,
    rpcStartupS: p.rpcStartupS,
    doctStartupS: p.doctStartupS,
    smSidePaUs: p.smSidePaUs,
    smKernelIpfUs: p.smKernelIpfUs,
    smUserIpfUs: p.smUserIpfUs,
    rpcSidePaUs: p.rpcSidePaUs,
    rpcKernelIpfUs: p.rpcKernelIpfUs,
    rpcUserIpfUs: p.rpcMarshalUserIpfUs,
    networkHopUs: p.networkHopUs,
    directCallUs: p.directCallUs,
    doctFactor: p.doctFactor,
    workPerCallUs: p.workPerCallUs,
    ipfComputeFactor: p.ipfComputeFactor,
  };
}
