/**
 * One mechanism for both papers: a call's time is the caller's side + the crossing + the
 * callee's side, each side's code running at the speed of its world. n calls cost
 * start-up + n × per-call (+ the work done in the callee on each call).
 */
import { IPC_LINEAR_KEYS } from './constants';

/** MPE/iX execution worlds: Native Mode, OCT-translated CM code, emulated Compatibility Mode. */
export type MpeWorld = 'NM' | 'OCT' | 'CM';

export interface MpeCosts {
  octTranslationFactor: number;
  cmEmulationFactor: number;
  /** CM or OCT code calling a Native Mode procedure (FREAD on a disc file). */
  modeSwitchToNativeUs: number;
  /** Native Mode code calling a Compatibility Mode procedure (KSAM, ASCII). */
  modeSwitchToCompatUs: number;
}

/** Time a piece of code takes in `world`, given its cost in Native Mode µs. */
export function mpeSpeed(world: MpeWorld, c: MpeCosts): number {
  return world === 'NM' ? 1 : world === 'OCT' ? c.octTranslationFactor : c.cmEmulationFactor;
}

/** The crossing: a mode switch when caller and callee live in different modes. */
export function mpeSwitchUs(caller: MpeWorld, callee: 'NM' | 'CM', c: MpeCosts): number {
  if (callee === 'NM') return caller === 'NM' ? 0 : c.modeSwitchToNativeUs;
  // OCT code still runs the classic instruction set: calling CM code is not a switch.
  return caller === 'NM' ? c.modeSwitchToCompatUs : 0;
}

export interface CallParts {
  /** Caller-side code (the loop, the stub, parameter handling) at the caller's speed. */
  callerUs: number;
  crossingUs: number;
  /** The callee's own work at the callee's speed. */
  calleeUs: number;
}

export const partsTotal = (p: CallParts) => p.callerUs + p.crossingUs + p.calleeUs;

/**
 * One call from `caller` into a procedure implemented in `calleeWorld`.
 * `callerNmUs` and `calleeNmUs` are the two sides' costs expressed in Native Mode µs.
 */
export function mpeCall(
  caller: MpeWorld,
  calleeWorld: 'NM' | 'CM',
  callerNmUs: number,
  calleeNmUs: number,
  c: MpeCosts,
): CallParts {
  return {
    callerUs: callerNmUs * mpeSpeed(caller, c),
    crossingUs: mpeSwitchUs(caller, calleeWorld, c),
    calleeUs: calleeNmUs * mpeSpeed(calleeWorld, c),
  };
}

// ---------------------------------------------------------------------------------------
// DOCT mixed mode (002): two processes, a transport between them.

export type Machine = 'PA' | 'IPF';
export type Mode = 'native' | 'doct';
export type Transport = 'SM' | 'RPC' | 'direct';

export interface Side {
  machine: Machine;
  mode: Mode;
}

export interface IpcRowSpec {
  label: string;
  /** The run's short name where a table is short of room (ModelRow.short). */
  short?: string;
  transport: Transport;
  client: Side;
  server: Side;
  network: boolean;
}

export interface IpcCosts {
  /** Start-up of a run: fork/exec the server, create and attach the segment (SM). */
  smStartupS: number;
  /** Start-up of a run: bind to the already running server through rpcd (RPC). */
  rpcStartupS: number;
  /** Extra start-up when a side runs under DOCT (translation warm-up). */
  doctStartupS: number;
  /** One side's share of a shared-memory call on the PA-RISC machine (signal, wait, context switch). */
  smSidePaUs: number;
  /** … on Itanium: the kernel part (semaphores, context switch), which DOCT does not slow. */
  smKernelIpfUs: number;
  /** … on Itanium: the user-mode part (stub, copying), slowed by DOCT's factor. */
  smUserIpfUs: number;
  rpcSidePaUs: number;
  rpcKernelIpfUs: number;
  /** DCE runtime and marshalling in user mode: what DOCT emulates. */
  rpcUserIpfUs: number;
  /** Extra per call when client and server are on different machines (LAN round trip). */
  networkHopUs: number;
  /** A direct procedure call in one program (the monolithic row). */
  directCallUs: number;
  /** DOCT slowdown of integer user code (the paper: 4–5×). */
  doctFactor: number;
  /** Work done in the callee per call, in native PA-RISC µs (the paper's increment ≈ 0). */
  workPerCallUs: number;
  /** Native Itanium compute time relative to native PA-RISC for that work. */
  ipfComputeFactor: number;
}

/** The rows' short names: transport, then the machines (client→server), "+DOCT" emulated. */
const SHORT: Record<string, string> = {
  'SM - PA Native client and server': 'SM PA',
  'SM - IPF Native client and server': 'SM IPF',
  'SM - IPF client, DOCT/PA server': 'SM IPF+DOCT',
  'RPC - PA Native client and server': 'RPC PA',
  'RPC - IPF Native client and server': 'RPC IPF',
  'RPC - PA client, IPF server, network': 'RPC PA→IPF net',
  'RPC - IPF client, PA server, network': 'RPC IPF→PA net',
  'RPC - IPF client, PA / DOCT server': 'RPC IPF+DOCT',
  'Native, monolithic code, IPF or PA': 'Monolithic',
};

/** The rows of the paper's table: what runs where, over which transport. */
export const DOCT_ROWS: IpcRowSpec[] = [
  row('SM - PA Native client and server', 'SM', 'PA', 'native', 'PA', 'native', false),
  row('SM - IPF Native client and server', 'SM', 'IPF', 'native', 'IPF', 'native', false),
  row('SM - IPF client, DOCT/PA server', 'SM', 'IPF', 'native', 'IPF', 'doct', false),
  row('RPC - PA Native client and server', 'RPC', 'PA', 'native', 'PA', 'native', false),
  row('RPC - IPF Native client and server', 'RPC', 'IPF', 'native', 'IPF', 'native', false),
  row('RPC - PA client, IPF server, network', 'RPC', 'PA', 'native', 'IPF', 'native', true),
  row('RPC - IPF client, PA server, network', 'RPC', 'IPF', 'native', 'PA', 'native', true),
  row('RPC - IPF client, PA / DOCT server', 'RPC', 'IPF', 'native', 'IPF', 'doct', false),
  row('Native, monolithic code, IPF or PA', 'direct', 'IPF', 'native', 'IPF', 'native', false),
];

function row(
  label: string,
  transport: Transport,
  cm: Machine,
  cmode: Mode,
  sm: Machine,
  smode: Mode,
  network: boolean,
): IpcRowSpec {
  return {
    label,
    ...(SHORT[label] ? { short: SHORT[label] } : {}),
    transport,
    client: { machine: cm, mode: cmode },
    server: { machine: sm, mode: smode },
    network,
  };
}

/** The coefficient of each linear cost in one side's share of a call. */
export function sideCoefficients(t: 'SM' | 'RPC', side: Side, doctFactor: number) {
  const k: Partial<Record<keyof IpcCosts, number>> = {};
  if (side.machine === 'PA') k[t === 'SM' ? 'smSidePaUs' : 'rpcSidePaUs'] = 1;
  else {
    k[t === 'SM' ? 'smKernelIpfUs' : 'rpcKernelIpfUs'] = 1;
    k[t === 'SM' ? 'smUserIpfUs' : 'rpcUserIpfUs'] = side.mode === 'doct' ? doctFactor : 1;
  }
  return k;
}

export { IPC_LINEAR_KEYS };
export type IpcLinearKey = (typeof IPC_LINEAR_KEYS)[number];

export interface IpcBreakdown {
  startupS: number;
  clientUs: number;
  crossingUs: number;
  serverUs: number;
  workUs: number;
  perCallUs: number;
}

/** Per-call parts and start-up of one configuration. */
export function ipcCall(spec: IpcRowSpec, c: IpcCosts): IpcBreakdown {
  const workUs = c.workPerCallUs * computeFactor(spec.server, c);
  if (spec.transport === 'direct') {
    const perCallUs = c.directCallUs + workUs;
    return { startupS: 0, clientUs: c.directCallUs, crossingUs: 0, serverUs: 0, workUs, perCallUs };
  }
  const t = spec.transport;
  const sideUs = (side: Side) => {
    const k = sideCoefficients(t, side, c.doctFactor);
    let us = 0;
    for (const [key, coef] of Object.entries(k)) us += (c[key as keyof IpcCosts] as number) * coef!;
    return us;
  };
  const clientUs = sideUs(spec.client);
  const serverUs = sideUs(spec.server);
  const crossingUs = spec.network ? c.networkHopUs : 0;
  const anyDoct = spec.client.mode === 'doct' || spec.server.mode === 'doct';
  const startupS = (t === 'SM' ? c.smStartupS : c.rpcStartupS) + (anyDoct ? c.doctStartupS : 0);
  return {
    startupS,
    clientUs,
    crossingUs,
    serverUs,
    workUs,
    perCallUs: clientUs + crossingUs + serverUs + workUs,
  };
}

/** Native compute speed of the callee's work: PA = 1, IPF = ipfComputeFactor, DOCT × doctFactor. */
export function computeFactor(side: Side, c: IpcCosts): number {
  if (side.mode === 'doct') return c.doctFactor; // the paper's factor is relative to a PA L-class
  return side.machine === 'PA' ? 1 : c.ipfComputeFactor;
}

/** Seconds for n iterations. */
export function ipcTotalS(spec: IpcRowSpec, c: IpcCosts, n: number): number {
  const b = ipcCall(spec, c);
  return b.startupS + (n * b.perCallUs) / 1e6;
}
