import type { ParamValues } from '../models/types';

/** One model with every parameter set: what a permalink stands for and what the worker runs. */
export interface Scenario {
  modelId: string;
  /** Every declared parameter of the model, valid per its ParamSpec, in declaration order. */
  params: ParamValues;
  /** The model version the params are meant for (after parsing: always the current one). */
  version: number;
}

/**
 * Something wrong with a link, said so that a teacher who edited it by hand can fix it:
 * the parameter, what was wrong, what is allowed (with the unit) and the value used instead.
 * Messages are a single line.
 */
export interface Problem {
  /** The parameter concerned (`v` for the version), or null when it is about the whole link. */
  param: string | null;
  message: string;
}

export interface ParseResult {
  /** Null only when the link is not a model route (the home page, or an unknown model). */
  scenario: Scenario | null;
  problems: Problem[];
  /** How the link asks the page to be shown (`view=projector`); absent: the normal view. */
  view?: View;
  /**
   * The model version the link was made with, when older than the model's: its parameters
   * were migrated, and its numbers may differ from what that version showed.
   */
  linkVersion?: number;
}

/** A way of showing the page that changes no result: `projector` (large type, no chrome). */
export type View = 'projector';
