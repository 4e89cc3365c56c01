/**
 * Fitted constants of the file-access model — the only place they live.
 * PROVISIONAL: being fitted; see scripts/fit-file-access.ts.
 */
export interface Fitted {
  value: number;
  unit: string;
  fittedTo: string;
}

export const FITTED = {
  residentPct: { value: 0, unit: '%', fittedTo: 'provisional' },
  readAheadPages: { value: 16, unit: 'pages', fittedTo: 'provisional' },
  discLatencyMs: { value: 22.4, unit: 'ms', fittedTo: 'provisional' },
  discTransferMsPerPage: { value: 0.09, unit: 'ms', fittedTo: 'provisional' },
  cpuMappedUsPerRecord: { value: 0, unit: 'µs', fittedTo: 'provisional' },
  cpuFreadDirUsPerRecord: { value: 210, unit: 'µs', fittedTo: 'provisional' },
  cpuFreadUsPerRecord: { value: 212.6, unit: 'µs', fittedTo: 'provisional' },
  cpuMoveUsPerByte: { value: 0.3214, unit: 'µs', fittedTo: 'provisional' },
  cpuFaultUs: { value: 290, unit: 'µs', fittedTo: 'provisional' },
  cpuIoRequestUs: { value: 300, unit: 'µs', fittedTo: 'provisional' },
  cpuPageInUsPerFrame: { value: 800, unit: 'µs', fittedTo: 'provisional' },
  cpuSeekCallUs: { value: 170, unit: 'µs', fittedTo: 'provisional' },
} as const satisfies Record<string, Fitted>;
