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
  /** The sentence in English: what the CLI, the tests and API users read. */
  message: string;
  /**
   * What the problem is, for a page that says it in its own language: the catalogue's
   * `linkProblem.<code>`, which with `values` reproduces `message` in English
   * (tests/unit/link-problem-codes.test.ts holds the two equal).
   */
  code: ProblemCode;
  values: ProblemValues;
}

/** A problem's values: the parameter, the value given, what is allowed, the value used… */
export type ProblemValues = Record<string, string | number>;

/** Why a list's text (readable or packed) is not a list the parameter takes. */
export type ListFlaw =
  | 'notList'
  | 'tooMany'
  | 'itemRange'
  | 'packedBase64'
  | 'packedFormat'
  | 'packedWidth'
  | 'packedNoCount'
  | 'packedTooMany'
  | 'packedCut'
  | 'packedCutAt'
  | 'packedTrailing'
  | 'packedItemRange';

/** Why a value of a parameter was not used (the fallback was). */
export type ParamFlaw =
  | 'notListHead'
  | 'cut'
  | 'long'
  | 'malformed'
  | 'empty'
  | 'notOption'
  | 'keptMissing'
  | 'hex'
  | 'nonfinite'
  | 'notNumber'
  | 'notWhole'
  | 'outOfRange'
  | `list.${ListFlaw}`;

/** Every problem a link can have: a closed set, each with its message in the catalogues. */
export type ProblemCode =
  | 'link.notText'
  | 'link.unreadable'
  | 'link.tooLong'
  | 'link.more'
  | 'link.unknownModel'
  | 'link.extraPath'
  | 'link.repeated'
  | 'view.invalid'
  | 'controls.invalid'
  | 'embed.invalid'
  | 'embed.notEmbed'
  | 'compare.notOne'
  | 'version.invalid'
  | 'version.newer'
  | 'version.older'
  | 'param.unknown'
  | `param.${ParamFlaw}`;

/** A problem as a reader of the link reports it (its parameter aside). */
export interface Said {
  code: ProblemCode;
  values: ProblemValues;
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
  /**
   * A compare link's pinned scenario A (`compare=1&a.<key>=<value>…`): every parameter, valid
   * per its spec; the scenario above is B, the one the controls change.
   */
  compare?: ParamValues;
  /** An embed link's controls (`controls=read|edit`); absent: none. Only with `view=embed`. */
  controls?: EmbedControls;
  /** An embed link's one table or chart (`embed=table:<id>`); absent: the whole page. */
  part?: EmbedPart;
}

/**
 * A way of showing the page that changes no result: `projector` (large type, no chrome) or
 * `embed` (inside another page's iframe: the results, a link back, optionally the controls).
 */
export type View = 'projector' | 'embed';

/** What an embedded page shows of its parameters: their values (`read`) or the controls (`edit`). */
export type EmbedControls = 'read' | 'edit';

export type EmbedPartKind = 'table' | 'chart';
/**
 * One table or one chart an embed shows alone (`embed=table:<id>`), by the id the model gives
 * it. Only its form is checked in the link; an id the scenario does not show is said on the
 * embedded page, which then shows the whole page.
 */
export interface EmbedPart {
  kind: EmbedPartKind;
  id: string;
}

/**
 * What a link says beside its scenario: how to show the page, and what to compare it with.
 * None of it changes what B computes.
 */
export interface LinkMode {
  view?: View | undefined;
  /** Only with `view: 'embed'`. */
  controls?: EmbedControls | undefined;
  /** Only with `view: 'embed'`: one table or chart alone. */
  part?: EmbedPart | undefined;
  /** Scenario A's parameters, pinned for comparison (same model and version as B). */
  pinned?: ParamValues | undefined;
}
