/**
 * The machine file's shape (./machineFile.ts reads and checks it): light, so the page can
 * write one without loading the claims' mechanisms.
 */
import type { RunSize } from './claims/claim';
import type { Calibration, MachineReport } from './types';

export const MACHINE_FILE_FORMAT = 'latency-lab-machine/1';

export interface MachineFile {
  format: typeof MACHINE_FILE_FORMAT;
  size: RunSize;
  machine?: MachineReport;
  calibrations: Calibration[];
}

export function machineFile(
  size: RunSize,
  calibrations: Calibration[],
  machine?: MachineReport,
): MachineFile {
  return { format: MACHINE_FILE_FORMAT, size, machine, calibrations };
}
