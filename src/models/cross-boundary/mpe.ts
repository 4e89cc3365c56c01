/**
 * The MPE/iX side (000 §1.5, §6): a program in NM, OCT or CM calls an intrinsic that lives in
 * Native Mode (FREAD, FREADDIR, FREADSEEK on a disc file) or in Compatibility Mode (KSAM,
 * ASCII). Every call = caller side at its world's speed + mode switch + callee at its speed.
 */
import { mpeCall, partsTotal, type CallParts, type MpeCosts, type MpeWorld } from './simulate';

export interface MpeWorkload {
  /** Caller-side and callee-side costs of each intrinsic, in Native Mode µs per call. */
  mappedUsPerRecord: number;
  freadDirCallerUs: number;
  freadDirCalleeUs: number;
  freadCallerUs: number;
  freadCalleeUs: number;
  freadSeekCallerUs: number;
  freadSeekCalleeUs: number;
  ksamCallerUs: number;
  ksamCalleeUs: number;
  asciiCallerUs: number;
  asciiCalleeUs: number;
  asciiCloneUs: number;
  /** Elapsed over CPU for a memory-resident run (interrupts, the odd other process), %. */
  elapsedOverheadPct: number;
  catalogRecords: number;
  seekEveryRecords: number;
  ksamRecords: number;
  asciiCalls: number;
}

export type MpeParams = MpeCosts & MpeWorkload;

export type Intrinsic = 'FREADDIR' | 'FREAD' | 'FREADSEEK' | 'KSAM FREAD' | 'ASCII';

/** One call of an intrinsic from a program in `caller`. */
export function intrinsicCall(caller: MpeWorld, intrinsic: Intrinsic, p: MpeParams): CallParts {
  switch (intrinsic) {
    case 'FREADDIR':
      return mpeCall(caller, 'NM', p.freadDirCallerUs, p.freadDirCalleeUs, p);
    case 'FREAD':
      return mpeCall(caller, 'NM', p.freadCallerUs, p.freadCalleeUs, p);
    case 'FREADSEEK':
      return mpeCall(caller, 'NM', p.freadSeekCallerUs, p.freadSeekCalleeUs, p);
    case 'KSAM FREAD':
      return mpeCall(caller, 'CM', p.ksamCallerUs, p.ksamCalleeUs, p);
    case 'ASCII': {
      // ASCII is a Native Mode intrinsic that switches to CM to do its work: every caller
      // enters NM (a switch from CM/OCT), then NM switches to CM and back.
      const entry = mpeCall(caller, 'NM', p.asciiCallerUs, 0, p);
      const work = mpeCall('NM', 'CM', 0, p.asciiCalleeUs, p);
      return {
        callerUs: entry.callerUs,
        crossingUs: entry.crossingUs + work.crossingUs,
        calleeUs: work.calleeUs,
      };
    }
  }
}

export interface MpeRowSpec {
  label: string;
  world: MpeWorld;
  /** What the program does: calls of intrinsics (count each), or mapped reading / the clone. */
  kind: 'mapped' | 'clone' | 'calls';
  calls: { intrinsic: Intrinsic; count: (p: MpeParams) => number }[];
}

const seeks = (p: MpeParams) => Math.ceil(p.catalogRecords / p.seekEveryRecords);
const records = (p: MpeParams) => p.catalogRecords;

function catalogRow(world: MpeWorld, read: 'FreadDir' | 'Fread', seek: boolean): MpeRowSpec {
  const intrinsic = read === 'FreadDir' ? 'FREADDIR' : 'FREAD';
  return {
    label: `${world} ${read}${seek ? ' & FreadSeek' : ''}`,
    world,
    kind: 'calls',
    calls: [
      { intrinsic, count: records },
      ...(seek ? [{ intrinsic: 'FREADSEEK' as const, count: seeks }] : []),
    ],
  };
}

export const MPE_ROWS: Record<string, MpeRowSpec[]> = {
  'mpe-catalog-modes': [
    { label: 'NM Mapped', world: 'NM', kind: 'mapped', calls: [] },
    catalogRow('NM', 'FreadDir', false),
    catalogRow('NM', 'Fread', false),
    catalogRow('NM', 'FreadDir', true),
    catalogRow('NM', 'Fread', true),
    catalogRow('OCT', 'FreadDir', false),
    catalogRow('OCT', 'Fread', false),
    catalogRow('CM', 'FreadDir', false),
    catalogRow('CM', 'Fread', false),
    catalogRow('OCT', 'FreadDir', true),
    catalogRow('OCT', 'Fread', true),
    catalogRow('CM', 'FreadDir', true),
    catalogRow('CM', 'Fread', true),
  ],
  'mpe-ksam-modes': (['OCT', 'CM', 'NM'] as const).map((world) => ({
    label: `${world} Fread`,
    world,
    kind: 'calls' as const,
    calls: [{ intrinsic: 'KSAM FREAD' as const, count: (p: MpeParams) => p.ksamRecords }],
  })),
  'mpe-ascii-modes': (['NM', 'OCT', 'CM'] as const).map((world) => ({
    label: world,
    world,
    kind: 'calls' as const,
    calls: [{ intrinsic: 'ASCII' as const, count: (p: MpeParams) => p.asciiCalls }],
  })),
  'mpe-ascii-clone': [
    { label: 'NM ASCII clone', world: 'NM', kind: 'clone', calls: [] },
    {
      label: 'NM ASCII intrinsic',
      world: 'NM',
      kind: 'calls',
      calls: [{ intrinsic: 'ASCII', count: (p) => p.asciiCalls }],
    },
  ],
};

export interface MpeRowResult {
  cpuMs: number;
  elapsedMs: number;
  parts: CallParts;
}

/** CPU and elapsed ms of one row, and its time split into caller / crossing / callee. */
export function mpeRow(spec: MpeRowSpec, p: MpeParams): MpeRowResult {
  const parts: CallParts = { callerUs: 0, crossingUs: 0, calleeUs: 0 };
  if (spec.kind === 'mapped') parts.callerUs = p.catalogRecords * p.mappedUsPerRecord;
  else if (spec.kind === 'clone')
    parts.callerUs = p.asciiCalls * (p.asciiCallerUs + p.asciiCloneUs);
  else
    for (const c of spec.calls) {
      const n = c.count(p);
      const one = intrinsicCall(spec.world, c.intrinsic, p);
      parts.callerUs += n * one.callerUs;
      parts.crossingUs += n * one.crossingUs;
      parts.calleeUs += n * one.calleeUs;
    }
  const cpuMs = partsTotal(parts) / 1000;
  return { cpuMs, elapsedMs: cpuMs * (1 + p.elapsedOverheadPct / 100), parts };
}
