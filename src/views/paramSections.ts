import type { ModelInfo, ParamSpec } from '../models/types';

/**
 * The three headings the parameters are shown under: what is run (workload), what it runs on
 * (machine), and the constants the model was fitted to the paper with, or assumed (collapsed
 * at first: changing them is changing the model, not the experiment).
 */
export type SectionId = 'workload' | 'machine' | 'fitted';

export const SECTIONS: readonly { id: SectionId; title: string }[] = [
  { id: 'workload', title: 'Workload' },
  { id: 'machine', title: 'Machine' },
  { id: 'fitted', title: 'Fitted and assumed constants' },
];

/**
 * Each model's parameter groups (ParamSpec `group`) under the three headings. A group not
 * listed — a new model's, say — goes under Workload if it holds the paper-table selector,
 * else under Machine.
 */
export const SECTION_OF_GROUP: Readonly<Record<string, Readonly<Record<string, SectionId>>>> = {
  'file-access': {
    Experiment: 'workload',
    File: 'workload',
    Prefetch: 'workload',
    Disc: 'machine',
    'CPU costs': 'fitted',
  },
  'page-replacement': {
    Experiment: 'workload',
    'Reference string': 'workload',
    Memory: 'machine',
    Cost: 'machine',
  },
  'file-cache': {
    Experiment: 'workload',
    Stealback: 'workload',
    'Mixed mode': 'machine',
    Benchmarks: 'machine',
    'Benchmarks: contention': 'fitted',
    'Benchmarks: one CPU': 'fitted',
  },
  hyperthreads: {
    Experiment: 'workload',
    Workload: 'workload',
    Simulation: 'workload',
    Hardware: 'machine',
    OpenVMS: 'machine',
  },
  'cross-boundary': {
    Experiment: 'workload',
    'Your configuration': 'machine',
    'MPE/iX worlds': 'fitted',
    'DOCT (Itanium)': 'fitted',
    'Shared memory': 'fitted',
    RPC: 'fitted',
    'Start-up': 'fitted',
  },
  'directory-search': {
    Experiment: 'workload',
    Workload: 'workload',
    Directory: 'workload',
    CPU: 'machine',
    'Instructions (from the listing)': 'fitted',
  },
};

export interface ParamGroup {
  group: string;
  specs: ParamSpec[];
}

export interface ParamSection {
  id: SectionId;
  title: string;
  groups: ParamGroup[];
}

export function sectionOf(model: ModelInfo, group: string): SectionId {
  const known = SECTION_OF_GROUP[model.id]?.[group];
  if (known) return known;
  const selector = model.params.find((p) => p.key === model.presetParam);
  return selector?.group === group ? 'workload' : 'machine';
}

/** The model's parameters by heading, then by group, in declaration order; empty ones left out. */
export function paramSections(model: ModelInfo): ParamSection[] {
  const sections = SECTIONS.map((s) => ({ ...s, groups: [] as ParamGroup[] }));
  for (const spec of model.params) {
    const section = sections.find((s) => s.id === sectionOf(model, spec.group));
    if (!section) continue;
    const group = section.groups.find((g) => g.group === spec.group);
    if (group) group.specs.push(spec);
    else section.groups.push({ group: spec.group, specs: [spec] });
  }
  return sections.filter((s) => s.groups.length > 0);
}
