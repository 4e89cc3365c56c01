/**
 * Scenario: the permalink codec. Pure TypeScript, no DOM.
 *
 * A permalink is readable and editable by hand:
 *
 *     /#/<model-id>?<param>=<value>&…&v=<model version>
 *     /#/file-access?table=mpe-sl-seq&records=89867&…&v=1
 *
 * - `parsePermalink(link)` → `{ scenario, problems }`: validates every value against the
 *   model's ParamSpec (through valibot schemas built from it), fills what is missing from the
 *   preset named by the model's `presetParam`, then the defaults, and reports — never throws —
 *   everything it had to ignore or replace, in messages that name the parameter, what was
 *   wrong, the allowed range with its unit and the value used instead.
 * - `serializeScenario(scenario)` → the canonical link: every declared parameter in
 *   declaration order, `v` last. Round-trips exactly. `serializeForAddress` is the page's
 *   address for it: a list too long for an address is kept in the browser and named
 *   (`refs=kept.<key>`, ./kept.ts); the link to share is always `serializeScenario`'s.
 * - Versioning: links carry `v`; older ones pass through `migrate` (./migrate.ts).
 * - `view=projector|embed` says how to show the page, not what to compute: `parsePermalink`
 *   returns it beside the scenario (`view`), and the app appends it after `v`
 *   (src/state/scenarioLink.ts); an embed link may add `controls=read|edit`, and
 *   `embed=table:<id>` or `embed=chart:<id>` to show one table or chart alone (./embedPart.ts).
 * - A compare link adds `compare=1` and scenario A's differing parameters as `a.<key>=<value>`
 *   (`serializePinned`); `parsePermalink` returns A's full parameters as `compare`.
 * - `presetScenario`, `defaultScenario`, `presetParams`, `paramsDifferingFromPreset`: presets.
 * - `formatRange` and friends: the wording of ranges and values, shared with the CLI.
 */
export type {
  EmbedControls,
  EmbedPart,
  EmbedPartKind,
  LinkMode,
  ParseResult,
  Problem,
  ProblemCode,
  ProblemValues,
  Scenario,
  View,
} from './types';
export { EMBED_PART_KEY, EMBED_PART_KINDS, embedPartText, parseEmbedPart } from './embedPart';
export {
  MAX_LINK_CHARS,
  MAX_READABLE_LIST_CHARS,
  MAX_PROBLEMS,
  MAX_VALUE_CHARS,
  VERSION_KEY,
  VIEW_KEY,
  VIEWS,
  COMPARE_KEY,
  CONTROLS_KEY,
  EMBED_CONTROLS,
  PINNED_PREFIX,
  listLinkText,
  maxValueChars,
  parsePermalink,
  rememberListText,
  serializeForAddress,
  serializePinned,
  serializeScenario,
} from './permalink';
export { KEEP_LIST_CHARS, KEPT_PREFIX } from './kept';
export {
  defaultScenario,
  paramsDifferingFromPreset,
  presetParams,
  presetScenario,
  selectedPresetId,
} from './presets';
export { PACKED_PREFIX, maxPackedChars, packList, unpackList, type PackedReading } from './packed';
export { migrate, type Migration, type RawParams } from './migrate';
export {
  checkParamValue,
  isValidParamValue,
  paramSchema,
  readListText,
  readNumberText,
  type ListReading,
  type ParamSchema,
  type Violation,
} from './validate';
export {
  formatAllowed,
  formatNumber,
  formatParamValue,
  formatRange,
  formatWithUnit,
  quoteText,
  showText,
} from './format';
