import type { ParamDocs } from '../types';
import { ASSUMED, FITTED } from './constants';
import type { CROSS_BOUNDARY_PARAMS } from './params';

/**
 * What each parameter means physically, and where its default came from: the controls'
 * words, loaded with them (the registry's `loadParamDocs`), never with the permalink codec.
 */
export const CROSS_BOUNDARY_DOCS = {
  table: 'Which paper table the rows are compared with. Choosing one loads its experiment.',
  iterations:
    'Calls in one run of the benchmark (the paper: 10K, 100K, 1M). Marked on the time-vs-iterations chart and used by “your configuration”.',
  workPerCallUs:
    'Computation the callee does on each call, in native PA-RISC µs. The paper’s benchmark only increments (≈ 0); raise it to see when remote native code beats local emulation.',
  transport:
    'How your configuration crosses the boundary: shared memory with semaphores, DCE RPC, or a direct call in one program.',
  clientRuns: 'Where the calling program runs.',
  serverRuns:
    'Where the library that cannot migrate runs: natively on a PA-RISC machine, or on Itanium under DOCT. A server on the other machine than the client is a network hop (RPC only).',
  octTranslationFactor: `Time of OCT-translated code relative to Native Mode. Fitted: ${FITTED.octTranslationFactor.fittedTo}.`,
  cmEmulationFactor: `Time of emulated Compatibility Mode code relative to Native Mode. Assumed, not fitted: ${ASSUMED.cmEmulationFactor.why}`,
  modeSwitchToNativeUs: `Cost of one switch from CM/OCT code into a Native Mode intrinsic (FREAD on a disc file). Fitted: ${FITTED.modeSwitchToNativeUs.fittedTo}.`,
  modeSwitchToCompatUs: `Cost of one switch from Native Mode into a Compatibility Mode intrinsic (KSAM, ASCII). Fitted: ${FITTED.modeSwitchToCompatUs.fittedTo}.`,
  doctFactor: `Time of user-mode code under DOCT relative to native PA-RISC. ${ASSUMED.doctFactor.why}`,
  ipfComputeFactor:
    'Time of the callee’s work natively on Itanium (a ported library) relative to native PA-RISC; the paper gives no figure, 1 = same speed.',
  smSidePaUs: `One side’s share of a shared-memory call on PA-RISC: put/get arguments, signal, wait, context switch. Fitted: ${FITTED.smSidePaUs.fittedTo}.`,
  smKernelIpfUs: `Kernel part of one side on Itanium (semaphore, context switch): not slowed by DOCT. Fitted: ${FITTED.smKernelIpfUs.fittedTo}.`,
  smUserIpfUs: `User-mode part of one side on Itanium (stub, copying): slowed by DOCT. Fitted: ${FITTED.smUserIpfUs.fittedTo}.`,
  rpcSidePaUs: `One side of a DCE RPC call on PA-RISC (stub, marshalling, runtime, rpcd path). Fitted: ${FITTED.rpcSidePaUs.fittedTo}.`,
  rpcKernelIpfUs: `Kernel part of one RPC side on Itanium (sockets): not slowed by DOCT. Fitted: ${FITTED.rpcKernelIpfUs.fittedTo}.`,
  rpcMarshalUserIpfUs: `User-mode part of one RPC side on Itanium (DCE runtime, marshalling): slowed by DOCT. Fitted: ${FITTED.rpcUserIpfUs.fittedTo}.`,
  networkHopUs: `Extra per call when client and server are on different machines. Fitted: ${FITTED.networkHopUs.fittedTo}.`,
  smStartupS: `Fork/exec the server, create and attach the segment. Fitted: ${FITTED.smStartupS.fittedTo}.`,
  rpcStartupS: `Find and bind to the running server through rpcd. Fitted: ${FITTED.rpcStartupS.fittedTo}.`,
  doctStartupS: `Extra start-up when a side runs under DOCT (translating code on first use). Fitted: ${FITTED.doctStartupS.fittedTo}.`,
  directCallUs: `A compiled call and add in one program. Assumed: ${ASSUMED.directCallUs.why}`,
} as const satisfies ParamDocs<typeof CROSS_BOUNDARY_PARAMS>;

export default CROSS_BOUNDARY_DOCS;
