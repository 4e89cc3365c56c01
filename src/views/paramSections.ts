import type { ModelInfo, ParamSectionId, ParamSpec, ParamValues, ShownWhen } from '../models/types';

/**
 * The three headings the parameters are shown under: what is run (workload), what it runs on
 * (machine), and the constants the model was fitted to the paper with, or assumed (collapsed
 * at first: changing them is changing the model, not the experiment).
 */
export type SectionId = ParamSectionId;

export const SECTIONS: readonly { id: SectionId; title: string }[] = [
  { id: 'workload', title: 'Workload' },
  { id: 'machine', title: 'Machine' },
  { id: 'fitted', title: 'Fitted and assumed constants' },
];

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
  const known =
    model.sections && Object.hasOwn(model.sections, group) ? model.sections[group] : undefined;
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

/**
 * Whether the control of `spec` is shown with these values: with its `shownFor` paper tables,
 * and while the knob its `shownWhen` names says it is read.
 */
export function isShown(model: ModelInfo, spec: ParamSpec, values: ParamValues): boolean {
  if (
    spec.shownFor &&
    model.presetParam !== undefined &&
    !spec.shownFor.includes(String(values[model.presetParam]))
  )
    return false;
  const when = spec.shownWhen;
  if (!when) return true;
  const holds = (c: ShownWhen) => {
    const v = values[c.key];
    if (c.oneOf && !c.oneOf.includes(String(v))) return false;
    if (c.above !== undefined && !(Number(v) > c.above)) return false;
    if (c.atMost !== undefined && !(Number(v) <= c.atMost)) return false;
    return true;
  };
  return isConditionList(when) ? when.some(holds) : holds(when);
}

const isConditionList = (w: ShownWhen | readonly ShownWhen[]): w is readonly ShownWhen[] =>
  Array.isArray(w);
