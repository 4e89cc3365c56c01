/**
 * A machine file: this machine's calibrations, as the page downloads them and as the CLI
 * reads them (`explore … --machine file.json`), so the CLI prints the same predictions from
 * the same constants. Checked field by field; a bad file gets a one-line reason.
 */
import {
  cothreadsClaim,
  crossBoundaryClaim,
  directoryClaim,
  memoryClaim,
  type ClaimDef,
} from './claims';
import type { Calibration, ClaimId, PredictionDraft } from './types';
import { MACHINE_FILE_FORMAT, type MachineFile } from './fileFormat';

export { MACHINE_FILE_FORMAT, machineFile, type MachineFile } from './fileFormat';

export const CLAIMS: Record<ClaimId, ClaimDef<never>> = {
  memory: memoryClaim as ClaimDef<never>,
  crossBoundary: crossBoundaryClaim as ClaimDef<never>,
  cothreads: cothreadsClaim as ClaimDef<never>,
  directory: directoryClaim as ClaimDef<never>,
};

/** The model page each claim belongs to (a permalink's model id). */
export const CLAIM_OF_MODEL: Record<string, ClaimId> = {
  'page-replacement': 'memory',
  'cross-boundary': 'crossBoundary',
  hyperthreads: 'cothreads',
  'directory-search': 'directory',
};

const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isPos = (x: unknown): x is number => isNum(x) && x > 0;
const numArray = (x: unknown, pos = true): x is number[] =>
  Array.isArray(x) && x.length > 0 && x.every(pos ? isPos : isNum);

/** Why a claim's calibration cannot be used, or null. */
function calibrationProblem(c: Calibration): string | null {
  const k = c.constants;
  const d = c.detail as Record<string, unknown> | undefined;
  switch (c.claim) {
    case 'memory': {
      const sizes = d?.['sizes'];
      const reps = d?.['repeats'];
      if (!numArray(sizes) || sizes.length < 2)
        return 'memory: detail.sizes must be 2 or more positive sizes';
      if (
        !Array.isArray(reps) ||
        !reps.length ||
        !reps.every((r) => numArray(r) && r.length === sizes.length)
      )
        return 'memory: detail.repeats must be arrays of positive ns, one per size';
      if (!sizes.every((b) => isPos(k[`ns@${b}`])))
        return 'memory: constants need a positive ns@<size> for every size';
      return null;
    }
    case 'directory':
      return isPos(k['nsPerInstruction']) &&
        isPos(k['unsortedLinearNs']) &&
        isNum(k['spreadSd']) &&
        k['spreadSd']! >= 0
        ? null
        : 'directory: constants nsPerInstruction and unsortedLinearNs must be positive, spreadSd ≥ 0';
    case 'crossBoundary': {
      const fits = d?.['fits'] as Record<string, unknown> | undefined;
      const smWhy = d?.['smWhy'];
      if (smWhy !== null && typeof smWhy !== 'string')
        return 'crossBoundary: detail.smWhy must be null or a reason';
      for (const t of smWhy === null ? ['rpc', 'sm'] : ['rpc']) {
        const f = fits?.[t];
        if (
          !Array.isArray(f) ||
          !f.length ||
          !f.every((x) => isPos(x?.startupMs) && isPos(x?.perCallUs))
        )
          return `crossBoundary: detail.fits.${t} must list positive startupMs and perCallUs`;
        if (!isPos(k[`${t}StartupMs`]) || !isPos(k[`${t}PerCallUs`]))
          return `crossBoundary: constants ${t}StartupMs and ${t}PerCallUs must be positive`;
      }
      return null;
    }
    case 'cothreads': {
      const p = d?.['p'];
      const rel = d?.['relP'] as Record<string, unknown> | undefined;
      if (!(Number.isInteger(p) && (p as number) >= 1))
        return 'cothreads: detail.p must be a whole number ≥ 1';
      const ws = Object.keys(rel ?? {});
      if (!ws.length || !ws.every((w) => (w === 'compute' || w === 'memory') && numArray(rel![w])))
        return 'cothreads: detail.relP must give positive ratios for compute and/or memory';
      if (!ws.every((w) => isPos(k[`${w}Peff`])))
        return 'cothreads: constants need a positive <workload>Peff';
      return null;
    }
    default:
      return `unknown claim ${JSON.stringify((c as { claim: unknown }).claim)}`;
  }
}

/** Reads a machine file's text; throws an Error with a one-line reason. */
export function parseMachineFile(text: string): MachineFile {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new Error('the machine file is not JSON');
  }
  const f = doc as Partial<MachineFile> | null;
  if (!f || f.format !== MACHINE_FILE_FORMAT)
    throw new Error(`the machine file's format must be "${MACHINE_FILE_FORMAT}"`);
  if (!['test', 'short', 'full'].includes(f.size as string))
    throw new Error('the machine file\'s size must be "test", "short" or "full"');
  if (!Array.isArray(f.calibrations) || f.calibrations.length === 0)
    throw new Error('the machine file has no calibrations');
  for (const c of f.calibrations) {
    if (!c || typeof c !== 'object' || typeof c.constants !== 'object' || c.constants === null)
      throw new Error('a calibration has no constants');
    if (!Number.isInteger(c.repeats) || c.repeats < 1)
      throw new Error(`${String(c.claim)}: repeats must be a whole number ≥ 1`);
    const why = calibrationProblem(c);
    if (why) throw new Error(why);
  }
  return f as MachineFile;
}

export interface MachinePrediction {
  claim: ClaimId;
  title: string;
  modelVersion: string;
  predictions: PredictionDraft[];
  here: string;
  paper: string;
}

/** The predictions a machine file's calibrations give (the page's, from the same code). */
export function predictFromFile(f: MachineFile, only?: ClaimId): MachinePrediction[] {
  return f.calibrations
    .filter((c) => !only || c.claim === only)
    .map((c) => {
      const def = CLAIMS[c.claim];
      const predictions = def.predict(c, f.size);
      const o = def.outcome(c, predictions, null);
      return {
        claim: c.claim,
        title: def.title,
        modelVersion: def.modelVersion,
        predictions,
        ...o,
      };
    });
}
