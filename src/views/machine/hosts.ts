/**
 * The machine claims' hosts in the page: a worker for the one-thread claims, and the models'
 * own live workers for the others (found in their folders). The claims themselves are
 * src/machine/claims.
 */
import type { HostedClaim, MachineHosts, RunSize } from '../../machine/claims/claim';
import { CLAIM_META } from '../../machine/claims/meta';
import type { ClaimId, MachineReport } from '../../machine/types';
import { WorkerClient } from '../../state/workerClient';
import type { MachineApi, WorkerClaim } from '../../../workers/machine.worker';

export function browserMachineReport(): MachineReport {
  const nav = navigator as Navigator & {
    userAgentData?: { brands?: { brand: string; version: string }[] };
    deviceMemory?: number;
  };
  return {
    hardwareConcurrency: nav.hardwareConcurrency ?? null,
    brands: (nav.userAgentData?.brands ?? []).map((b) => `${b.brand} ${b.version}`),
    userAgent: nav.userAgent,
    deviceMemory: typeof nav.deviceMemory === 'number' ? nav.deviceMemory : null,
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
  };
}

let machineWorker: WorkerClient<MachineApi> | null = null;
const machineClient = () =>
  (machineWorker ??= new WorkerClient<MachineApi>(
    () =>
      new Worker(new URL('../../../workers/machine.worker.ts', import.meta.url), {
        type: 'module',
        name: 'machine',
      }),
    { name: 'your machine' },
  ));

/**
 * A one-thread claim, run in the machine worker: calibration, prediction and measurement
 * (its code names a model's mechanism, which the main thread never loads).
 */
export function inWorker(id: WorkerClaim): HostedClaim<null> {
  return {
    id,
    ...CLAIM_META[id],
    calibrate: (_env, size: RunSize) => machineClient().call((api) => api.calibrate(id, size)),
    predict: (c, size) => machineClient().call((api) => api.predict(id, c, size)),
    measure: (_env, c, size: RunSize) => machineClient().call((api) => api.measure(id, c, size)),
    outcome: (c, predicted, measured) =>
      machineClient().call((api) =>
        api.outcome(id, c, [...predicted], measured ? { ...measured } : null),
      ),
  };
}

/**
 * The claims whose environment is a model's live workers: each model's own hosts, from its
 * `models/<model-id>/view/machine.ts` (`MACHINE_HOSTS`), as its panels are found (../extras.tsx).
 */
const HOSTS: MachineHosts = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<{ MACHINE_HOSTS: MachineHosts }>('../../models/*/view/machine.ts', {
      eager: true,
    }),
  ).map((f) => f.MACHINE_HOSTS),
);

/** The host of claim `id`, from the model that hosts it (a missing one is a build's mistake). */
export function hostOf(id: ClaimId): NonNullable<MachineHosts[ClaimId]> {
  const host = HOSTS[id];
  if (!host) throw new Error(`No model's view/machine.ts hosts the claim “${id}”.`);
  return host;
}
